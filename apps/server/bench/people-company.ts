import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { companies } from '../src/db/schema/companies';
import { dictionaryItems } from '../src/db/schema/dictionaries';
import { teams } from '../src/db/schema/teams';
import type { Db } from '../src/db/tables';
import { deriveCsrfToken } from '../src/lib/tokens';
import { createUser } from '../src/modules/auth/users.service';
import { SESSION_COOKIE } from '../src/plugins/session';
import { createSession } from '../src/plugins/session-store';

// A generated company for the people section of the bench: N employees in T teams (a three-level
// tree, every 25th team hidden), each with a status, an employment type, a city, a salary, a team
// (the first of each team its manager), written with a few set-based INSERT … SELECT statements so
// 10,000 people take seconds. Plus an HR account with a live session to call the API as.

export type PeopleCompanySpec = {
  slug: string;
  /** The host the company answers to (requests carry it in Host). */
  host: string;
  employees: number;
  teams: number;
};

export type PeopleCompany = {
  companyId: number;
  host: string;
  /** Request headers of the HR account's session. */
  headers: Record<string, string>;
  /** One employee to open the profile of (in the middle of the list). */
  sampleEmployeeId: number;
  /** A team to filter by, and a status id (null when the dictionary is missing). */
  sampleTeamId: number;
  sampleStatusId: number | null;
  /** Names of all teams (for import files). */
  teamNames: string[];
};

const FIRST_NAMES = [
  'Olena',
  'Andrii',
  'Maria',
  'Taras',
  'Iryna',
  'Dmytro',
  'Sofia',
  'Oleksandr',
  'Anna',
  'Ivan',
];
const LAST_NAMES = [
  'Kovalenko',
  'Shevchenko',
  'Bondarenko',
  'Tkachenko',
  'Kravets',
  'Melnyk',
  'Boyko',
  'Lysenko',
];
const CITIES = ['Kyiv', 'Lviv', 'Kharkiv', 'Odesa', 'Dnipro', 'Warsaw'];

/** How the teams split over the three levels: ~1/30 top, ~1/5 second, the rest third. */
export function splitTeamLevels(total: number): [top: number, middle: number, leaf: number] {
  const top = Math.max(1, Math.round(total / 30));
  const middle = Math.min(total - top, Math.max(0, Math.round(total / 5)));
  return [top, middle, total - top - middle];
}

function textArray(values: readonly string[]) {
  return sql`${`{${values.map((value) => `"${value}"`).join(',')}}`}::text[]`;
}

/** Creates the company with its teams, employees and an HR session. */
export async function generatePeopleCompany(
  db: Db,
  spec: PeopleCompanySpec,
  now = new Date(),
): Promise<PeopleCompany> {
  const [company] = await db
    .insert(companies)
    .values({
      name: `Bench ${spec.slug}`,
      slug: spec.slug,
      hosts: [spec.host],
      isDefault: false,
      languages: ['en', 'ru', 'uk'],
      defaultLanguage: 'en',
    })
    .returning({ id: companies.id });
  if (!company) throw new Error('generatePeopleCompany: company insert returned no row');
  const companyId = company.id;

  // Teams: three levels, parents chosen round-robin among the level above.
  const [top, middle, leaf] = splitTeamLevels(spec.teams);
  const insertLevel = async (count: number, level: number, offset: number, parents: number[]) => {
    if (count === 0) return [] as number[];
    const parentList = sql`${`{${parents.join(',')}}`}::int[]`;
    const rows = await db.execute<{ id: number }>(sql`
      insert into teams (company_id, name, parent_id, position, is_hidden)
      select ${companyId}, 'Team ' || ${level} || '-' || g,
        ${parents.length > 0 ? sql`(${parentList})[1 + (g % ${parents.length})]` : sql`null::int`},
        g, (g + ${offset}) % 25 = 0
      from generate_series(1, ${count}) g
      returning id`);
    return rows.rows.map((row) => Number(row.id));
  };
  const topIds = await insertLevel(top, 1, 0, []);
  const middleIds = await insertLevel(middle, 2, top, topIds);
  const leafIds = await insertLevel(leaf, 3, top + middle, middleIds.length > 0 ? middleIds : topIds);
  const teamIds = [...topIds, ...middleIds, ...leafIds];

  const dictionary = await db
    .select({ id: dictionaryItems.id, dictionary: dictionaryItems.dictionary })
    .from(dictionaryItems)
    .where(
      and(
        isNull(dictionaryItems.companyId),
        inArray(dictionaryItems.dictionary, ['people_status', 'employment_type']),
      ),
    )
    .orderBy(dictionaryItems.position);
  const statusIds = dictionary
    .filter((row) => row.dictionary === 'people_status')
    .map((row) => row.id)
    .slice(0, 4);
  const typeIds = dictionary.filter((row) => row.dictionary === 'employment_type').map((row) => row.id);
  const pickId = (ids: number[]) =>
    ids.length > 0 ? sql`(${`{${ids.join(',')}}`}::int[])[1 + (g % ${ids.length})]` : sql`null::int`;

  await db.execute(sql`
    insert into employees (company_id, employee_number, first_name, last_name, work_email, work_phone,
      position, status_id, employment_type_id, city_name, country_code, birth_date, start_of_work, probation_end)
    select ${companyId}, 'B' || lpad(g::text, 6, '0'),
      (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
      (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' ' || g,
      'person' || g || '@' || ${spec.host},
      '+380 44 ' || lpad((g % 10000000)::text, 7, '0'),
      (array['Engineer', 'Designer', 'Analyst', 'Manager', 'Accountant'])[1 + g % 5],
      ${pickId(statusIds)}, ${pickId(typeIds)},
      (${textArray(CITIES)})[1 + g % ${CITIES.length}], 'UA',
      date '1970-01-01' + (g * 37 % 12000),
      date '2015-01-01' + (g * 13 % 3600),
      case when g % 10 = 0 then current_date + (g % 90) end
    from generate_series(1, ${spec.employees}) g`);

  // Each employee in one team (round-robin); the first of each team manages it.
  await db.execute(sql`
    insert into team_members (company_id, team_id, employee_id, is_manager)
    select ${companyId}, (${`{${teamIds.join(',')}}`}::int[])[1 + (n - 1) % ${teamIds.length}], e.id, n <= ${teamIds.length}
    from (select id, row_number() over (order by id) as n from employees where company_id = ${companyId}) e`);
  await db.execute(sql`
    insert into employee_salaries (company_id, employee_id, amount, currency, effective_from)
    select ${companyId}, id, 1000 + (id % 50) * 100, 'usd', coalesce(start_of_work, current_date)
    from employees where company_id = ${companyId}`);

  const email = `hr@${spec.host}`;
  const user = await createUser(db, {
    companyId,
    email,
    name: 'Bench HR',
    role: 'hr',
    password: 'bench passphrase for people',
  });
  const token = await createSession(db, { companyId, userId: user.id, now, maxAgeMs: 24 * 3_600_000 });

  const [sample] = await db
    .execute<{ id: number }>(
      sql`select id from employees where company_id = ${companyId} order by id offset ${Math.floor(spec.employees / 2)} limit 1`,
    )
    .then((result) => result.rows);
  const teamNames = await db.select({ name: teams.name }).from(teams).where(eq(teams.companyId, companyId));
  return {
    companyId,
    host: spec.host,
    headers: {
      host: spec.host,
      cookie: `${SESSION_COOKIE}=${token}`,
      'x-csrf-token': deriveCsrfToken(token),
    },
    sampleEmployeeId: Number(sample?.id ?? user.employeeId),
    sampleTeamId: leafIds[0] ?? teamIds[0] ?? 0,
    sampleStatusId: statusIds[0] ?? null,
    teamNames: teamNames.map((team) => team.name),
  };
}
