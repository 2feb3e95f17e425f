import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/tables';
import { generatePeopleCompany, type PeopleCompany } from './people-company';

// A generated company for the candidate-search section of the bench (issue 17, decision 027): the
// people company's HR session (a handful of employees), V vacancies and N candidates with one
// application each, every application with answers (name, e-mail, an "About" text) and a CV of about
// 80 words in English, Ukrainian and Russian. Written with set-based INSERT … SELECT statements (the
// generated search vector is computed by PostgreSQL as rows go in), not one by one.
//
// What the searches find, whatever N: the word RARE_WORD in exactly RARE_COUNT CVs; each of SKILLS in
// 1 of every SKILLS.length CVs (so a skill's hits grow with N); first names cycle through FIRST_NAMES.

export type CandidateSearchCompanySpec = {
  slug: string;
  host: string;
  applications: number;
  vacancies: number;
};

export type CandidateSearchCompany = PeopleCompany & { applications: number };

/** A word in exactly this many CVs of each company. */
export const RARE_COUNT = 20;
export const RARE_WORD = 'zookeeper';
export const SKILLS = [
  'kotlin',
  'python',
  'typescript',
  'terraform',
  'kubernetes',
  'postgresql',
  'react',
  'golang',
  'elixir',
  'haskell',
  'scala',
  'swift',
  'rust',
  'clojure',
  'erlang',
  'fortran',
  'cobol',
  'ansible',
  'grafana',
  'kafka',
] as const;

const FIRST_NAMES = [
  'Olena',
  'Andrii',
  'Maria',
  'Taras',
  'Iryna',
  'Dmytro',
  'Sofia',
  'Ivan',
  'Оксана',
  'Петро',
];
const LAST_NAMES = [
  'Kovalenko',
  'Shevchenko',
  'Bondarenko',
  'Tkachenko',
  'Kravets',
  'Melnyk',
  'Бойко',
  'Лисенко',
];
/** CV vocabulary: common words of CVs in the three languages. */
const WORDS = [
  'experience',
  'developer',
  'engineer',
  'team',
  'project',
  'backend',
  'frontend',
  'services',
  'design',
  'testing',
  'delivery',
  'customers',
  'data',
  'cloud',
  'systems',
  'company',
  'years',
  'led',
  'built',
  'improved',
  'performance',
  'migration',
  'architecture',
  'mentoring',
  'agile',
  'scrum',
  'release',
  'support',
  'досвід',
  'розробник',
  'команда',
  'проєкт',
  'інженер',
  'системи',
  'клієнти',
  'роки',
  'розробка',
  'тестування',
  'впровадження',
  'київ',
  'львів',
  'харків',
  'опыт',
  'разработчик',
  'команда',
  'проект',
  'инженер',
  'системы',
  'клиенты',
  'годы',
  'разработка',
  'внедрение',
  'университет',
  'бакалавр',
  'магистр',
  'english',
  'upper-intermediate',
  'remote',
  'office',
  'product',
];

const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;

export async function generateCandidateSearchCompany(
  db: Db,
  spec: CandidateSearchCompanySpec,
): Promise<CandidateSearchCompany> {
  const people = await generatePeopleCompany(db, {
    slug: spec.slug,
    host: spec.host,
    employees: 5,
    teams: 1,
  });
  const { companyId } = people;
  const vacancies = await db.execute<{ id: number }>(sql`
    insert into vacancies (company_id, name, is_published, published_at)
    select ${companyId}, 'Bench vacancy ' || g, true, now() - (g || ' days')::interval
    from generate_series(1, ${spec.vacancies}) g
    returning id`);
  const vacancyIds = vacancies.rows.map((row) => Number(row.id));

  await db.execute(sql`
    insert into candidates (company_id, name, email, phone)
    select ${companyId},
      (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' ||
        (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      'candidate' || g || '@mail.example',
      '+380 67 ' || lpad(g::text, 7, '0')
    from generate_series(1, ${spec.applications}) g`);

  const rareEvery = Math.max(1, Math.floor(spec.applications / RARE_COUNT));
  await db.execute(sql`
    insert into applications (company_id, vacancy_id, candidate_id, source, answers, cv_text, created_at, locale)
    select ${companyId}, (${`{${vacancyIds.join(',')}}`}::int[])[1 + c.n % ${vacancyIds.length}], c.id, 'bench',
      jsonb_build_array(
        jsonb_build_object('name', 'Name', 'type', 'name', 'input_type', 'text', 'value', c.name),
        jsonb_build_object('name', 'Email', 'type', 'email', 'input_type', 'email', 'value', c.email),
        jsonb_build_object('name', 'About', 'type', 'custom_property', 'input_type', 'textarea',
          'value', 'I work with ' || (${textArray(SKILLS)})[1 + (c.n * 7) % ${SKILLS.length}])),
      c.name || ', ' || c.email || E'\n' ||
        (select string_agg((${textArray(WORDS)})[1 + ((c.n * 31 + k * 17 + k * k) % ${WORDS.length})], ' ')
          from generate_series(1, 80) k) || ' ' ||
        (${textArray(SKILLS)})[1 + c.n % ${SKILLS.length}] ||
        case when c.n % ${rareEvery} = 0 and c.n / ${rareEvery} <= ${RARE_COUNT} then ' ${sql.raw(RARE_WORD)}' else '' end,
      now() - (c.n || ' minutes')::interval, 'en'
    from (select id, name, email, row_number() over (order by id) as n
      from candidates where company_id = ${companyId}) c`);
  // What autovacuum does after a bulk load on PostgreSQL (PGlite has none): merge the GIN indexes'
  // pending lists and gather statistics, so the planner picks the trigram and full-text indexes.
  await db.execute(sql`vacuum analyze vacancies`);
  await db.execute(sql`vacuum analyze candidates`);
  await db.execute(sql`vacuum analyze applications`);
  return { ...people, applications: spec.applications };
}
