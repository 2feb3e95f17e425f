import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import { type Level, listEntityActions } from '@kadry/shared/permissions/vocabulary';
import { type ChildRow, childrenStatisticsResponseSchema } from '@kadry/shared/schemas/statistics';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { dictionaryItems } from '../../db/schema/dictionaries';
import { employeeRelatives, employees } from '../../db/schema/employees';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Children statistics (issue 15): counts by age and gender and the list over employees' children,
// with the filters (teams with sub-teams, age range, gender, parent's status and state), who sees
// which child (decision 013 and the Statistic / Employee.PersonalInfo levels), and the XLSX export.
// The app's clock stands at 2031-03-10 09:00 UTC.

const LIST = '/api/statistics/children';
const EXPORT = '/api/statistics/children/export';

let t: AuthTestApp;
let company: Company;
let other: Company;
let atsOnly: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let otherOwner: StaffMember;
let atsOwner: StaffMember;
let parentTeam: number;
let subTeam: number;
let openTeam: number;
let hiddenTeam: number;
let readerTeam: number;
let statusWorking: number;
let statusProbation: number;
const kind: Record<'son' | 'daughter' | 'child' | 'wife', number> = {
  son: 0,
  daughter: 0,
  child: 0,
  wife: 0,
};
let unique = 0;

function call(who: StaffMember, url: string) {
  return callAs(t, who, 'GET', url);
}

async function list(who: StaffMember, query = '') {
  const response = await call(who, `${LIST}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return childrenStatisticsResponseSchema.parse(response.json());
}

const namesOf = (rows: readonly ChildRow[]) => rows.map((row) => row.name).sort();

async function addEmployee(
  companyId: number,
  name: string,
  values: { teamIds?: number[]; statusId?: number | null; dismissed?: boolean } = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(employees)
    .values({
      companyId,
      firstName: name,
      lastName: 'Parent',
      statusId: values.statusId ?? null,
      dismissalDate: values.dismissed ? '2031-01-31' : null,
    })
    .returning({ id: employees.id });
  if (!row) throw new Error('no employee');
  for (const teamId of values.teamIds ?? []) {
    await t.database.db.insert(teamMembers).values({ companyId, teamId, employeeId: row.id });
  }
  return row.id;
}

async function addRelative(
  companyId: number,
  employeeId: number,
  type: keyof typeof kind,
  name: string,
  birthDate: string | null,
) {
  await t.database.db
    .insert(employeeRelatives)
    .values({ companyId, employeeId, relativeTypeId: kind[type], name, birthDate });
}

async function addTeam(
  companyId: number,
  name: string,
  values: { parentId?: number; isHidden?: boolean } = {},
) {
  const [row] = await t.database.db
    .insert(teams)
    .values({ companyId, name, parentId: values.parentId ?? null, isHidden: values.isHidden ?? false })
    .returning({ id: teams.id });
  if (!row) throw new Error('no team');
  return row.id;
}

type Grant = { level: Level | null; actions?: readonly string[] };

/** A reader of `company` in `readerTeam` with a custom role of these grants (everything else off). */
async function readerWith(grants: Record<string, Grant>): Promise<StaffMember> {
  unique += 1;
  const created = await callAs(t, owner, 'POST', '/api/v1/roles', { name: `Statistics role ${unique}` });
  const roleId = roleResponseSchema.parse(created.json()).data.id;
  const permissions = Object.fromEntries(
    Object.entries(grants).map(([entity, grant]) => [
      entity,
      {
        visibilitySettings: grant.level ? setAllLevel(grant.level) : null,
        actions: [...(grant.actions ?? [])],
        fields_view: [],
      },
    ]),
  );
  const edited = await callAs(t, owner, 'PUT', `/api/v1/roles/${roleId}`, { permissions });
  expect(edited.statusCode, edited.body).toBe(200);
  const member = await seedStaff(t, company, 'employee');
  await t.database.db
    .update(users)
    .set({ roleId })
    .where(and(eq(users.companyId, company.id), eq(users.id, member.user.id)));
  await t.database.db
    .insert(teamMembers)
    .values({ companyId: company.id, teamId: readerTeam, employeeId: member.user.employeeId });
  await addRelative(company.id, member.user.employeeId, 'son', `Own child ${unique}`, '2029-01-01');
  return member;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  other = await seedCompany(t.database.db);
  atsOnly = await seedCompany(t.database.db, { tariffs: ['ats'] });
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  otherOwner = await seedStaff(t, other, 'owner');
  atsOwner = await seedStaff(t, atsOnly, 'owner');

  const entries = await t.database.db
    .select({ id: dictionaryItems.id, dictionary: dictionaryItems.dictionary, code: dictionaryItems.code })
    .from(dictionaryItems)
    .where(
      and(
        isNull(dictionaryItems.companyId),
        inArray(dictionaryItems.dictionary, ['relative_type', 'people_status']),
      ),
    );
  const idOf = (dictionary: string, code: string) => {
    const id = entries.find((entry) => entry.dictionary === dictionary && entry.code === code)?.id;
    if (!id) throw new Error(`no ${dictionary} ${code}`);
    return id;
  };
  for (const code of Object.keys(kind) as (keyof typeof kind)[]) kind[code] = idOf('relative_type', code);
  statusWorking = idOf('people_status', 'working');
  statusProbation = idOf('people_status', 'probation');

  parentTeam = await addTeam(company.id, 'Engineering');
  subTeam = await addTeam(company.id, 'Backend', { parentId: parentTeam });
  openTeam = await addTeam(company.id, 'Sales');
  hiddenTeam = await addTeam(company.id, 'Board', { isHidden: true });
  readerTeam = await addTeam(company.id, 'Readers');

  const inSub = await addEmployee(company.id, 'Ivan', { teamIds: [subTeam], statusId: statusWorking });
  await addRelative(company.id, inSub, 'son', 'Mark', '2026-01-01'); // 5
  await addRelative(company.id, inSub, 'daughter', 'Zlata', '2018-06-01'); // 12
  await addRelative(company.id, inSub, 'wife', 'Olena', '1990-01-01'); // not a child
  await addRelative(company.id, inSub, 'son', 'Unborn', '2031-05-01'); // not born yet
  await addRelative(company.id, inSub, 'son', 'Nodate', null); // no birth date
  const inParent = await addEmployee(company.id, 'Petro', {
    teamIds: [parentTeam],
    statusId: statusProbation,
  });
  await addRelative(company.id, inParent, 'daughter', '=HYPERLINK("http://evil.test","x")', '2024-02-02'); // 7
  const inOpen = await addEmployee(company.id, 'Maria', { teamIds: [openTeam], statusId: statusWorking });
  await addRelative(company.id, inOpen, 'child', 'Eva', '2029-12-01'); // 1
  const inHidden = await addEmployee(company.id, 'Taras', { teamIds: [hiddenTeam] });
  await addRelative(company.id, inHidden, 'son', 'Bohdan', '2027-05-05'); // 3
  const dismissed = await addEmployee(company.id, 'Anna', { teamIds: [openTeam], dismissed: true });
  await addRelative(company.id, dismissed, 'daughter', 'Sofia', '2023-07-07'); // 7
  const noTeam = await addEmployee(company.id, 'Oleh');
  await addRelative(company.id, noTeam, 'son', 'Tymur', '2010-03-10'); // 21 today

  const elsewhere = await addEmployee(other.id, 'Stranger');
  await addRelative(other.id, elsewhere, 'son', 'Foreign', '2028-01-01');
});

afterAll(async () => {
  await t.close();
});

const ACTIVE = ['=HYPERLINK("http://evil.test","x")', 'Bohdan', 'Eva', 'Mark', 'Tymur', 'Zlata'];

describe('GET statistics.children', () => {
  it('counts every child with a birth date of the not dismissed employees, by age and gender', async () => {
    const answer = await list(owner, '?per_page=100');
    expect(namesOf(answer.data)).toEqual(ACTIVE);
    expect(answer.summary).toEqual({
      total: 6,
      by_age: [
        { age: 1, count: 1 },
        { age: 3, count: 1 },
        { age: 5, count: 1 },
        { age: 7, count: 1 },
        { age: 12, count: 1 },
        { age: 21, count: 1 },
      ],
      by_gender: [
        { gender: 'male', count: 3 },
        { gender: 'female', count: 2 },
        { gender: 'unknown', count: 1 },
      ],
    });
    expect(answer.meta).toEqual({ current_page: 1, last_page: 1, per_page: 100, total: 6 });
    const mark = answer.data.find((row) => row.name === 'Mark');
    expect(mark).toMatchObject({
      relation: 'Son',
      gender: 'male',
      birth_date: '2026-01-01',
      age: 5,
      parent: { name: 'Ivan Parent', teams: [{ id: subTeam, name: 'Backend' }] },
    });
  });

  it('never counts another company’s children, whoever asks', async () => {
    const answer = await list(otherOwner);
    expect(answer.data.map((row) => row.name)).toEqual(['Foreign']);
    expect(answer.summary.total).toBe(1);
  });

  it('filters by team with its sub-teams, by age range, by gender, by status and by state', async () => {
    expect(namesOf((await list(owner, `?team_ids=${parentTeam}`)).data)).toEqual([
      '=HYPERLINK("http://evil.test","x")',
      'Mark',
      'Zlata',
    ]);
    expect(namesOf((await list(owner, `?team_ids=${subTeam}&team_ids=${openTeam}`)).data)).toEqual([
      'Eva',
      'Mark',
      'Zlata',
    ]);
    expect(namesOf((await list(owner, '?age_from=3&age_to=7')).data)).toEqual([
      '=HYPERLINK("http://evil.test","x")',
      'Bohdan',
      'Mark',
    ]);
    // 21 today (born 2010-03-10): the birthday counts on the day.
    expect(namesOf((await list(owner, '?age_from=21')).data)).toEqual(['Tymur']);
    expect(namesOf((await list(owner, '?age_to=0')).data)).toEqual([]);
    expect(namesOf((await list(owner, '?gender=female')).data)).toEqual([
      '=HYPERLINK("http://evil.test","x")',
      'Zlata',
    ]);
    expect(namesOf((await list(owner, '?gender=unknown')).data)).toEqual(['Eva']);
    expect(namesOf((await list(owner, `?status_ids=${statusProbation}`)).data)).toEqual([
      '=HYPERLINK("http://evil.test","x")',
    ]);
    expect(namesOf((await list(owner, '?state=dismissed')).data)).toEqual(['Sofia']);
    expect((await list(owner, '?state=all')).summary.total).toBe(7);
  });

  it('pages the list while the counts cover every match', async () => {
    const first = await list(owner, '?per_page=4');
    const second = await list(owner, '?per_page=4&page=2');
    expect(first.data).toHaveLength(4);
    expect(second.data).toHaveLength(2);
    expect(second.summary.total).toBe(6);
    expect(first.meta.last_page).toBe(2);
    expect(namesOf([...first.data, ...second.data])).toEqual(ACTIVE);
    // Parents by name: Ivan, Maria, Oleh, Petro, Taras; the youngest child first.
    expect(first.data.map((row) => row.name)).toEqual(['Mark', 'Zlata', 'Eva', 'Tymur']);
  });

  it('refuses a reversed age range, an unknown gender and ids out of range (422)', async () => {
    for (const query of [
      '?age_from=9&age_to=3',
      '?gender=other',
      '?team_ids=0',
      '?age_to=101',
      '?per_page=0',
    ]) {
      const response = await call(owner, `${LIST}${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('needs the Statistic view (403) and the HRM plan (403)', async () => {
    expect((await call(employee, LIST)).statusCode).toBe(403);
    expect((await call(manager, LIST)).statusCode).toBe(403);
    expect((await call(atsOwner, LIST)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: LIST, headers: { host: company.hosts[0] ?? '' } }))
        .statusCode,
    ).toBe(401);
    expect((await list(hr)).summary.total).toBe(6);
  });
});

describe('who sees which child', () => {
  const everyAction = { level: 'to_all' as const, actions: listEntityActions('Employee') };

  it('leaves out children of employees outside the reader’s reach (hidden team, no team)', async () => {
    const reader = await readerWith({
      Statistic: { level: 'to_all' },
      Employee: { level: 'to_all', actions: ['view_in_open_teams'] },
      'Employee.PersonalInfo': { level: 'to_all' },
    });
    const answer = await list(reader, '?per_page=100');
    // Taras is only in a hidden team, Oleh in none: neither is seen, nor are their children counted.
    expect(namesOf(answer.data)).toEqual([
      '=HYPERLINK("http://evil.test","x")',
      'Eva',
      'Mark',
      `Own child ${unique}`,
      'Zlata',
    ]);
    expect(answer.summary.total).toBe(5);
    expect(answer.summary.by_age.find((row) => row.age === 3)).toBeUndefined();
  });

  it('keeps to the narrower of the Statistic and personal-info levels (own, my team)', async () => {
    const team = await readerWith({
      Statistic: { level: 'only_my_and_my_team' },
      Employee: everyAction,
      'Employee.PersonalInfo': { level: 'to_all' },
    });
    const teammateOfTeam = await addEmployee(company.id, 'Teammate', { teamIds: [readerTeam] });
    await addRelative(company.id, teammateOfTeam, 'daughter', 'Team kid', '2030-01-01');
    expect(namesOf((await list(team, '?per_page=100')).data)).toEqual(
      [`Own child ${unique}`, 'Own child 1', 'Team kid'].sort(),
    );

    const ownOnly = await readerWith({
      Statistic: { level: 'to_all' },
      Employee: everyAction,
      'Employee.PersonalInfo': { level: 'only_my' },
    });
    expect(namesOf((await list(ownOnly, '?per_page=100')).data)).toEqual([`Own child ${unique}`]);

    const noPersonalInfo = await readerWith({ Statistic: { level: 'to_all' }, Employee: everyAction });
    expect((await list(noPersonalInfo)).summary).toEqual({ total: 0, by_age: [], by_gender: [] });
  });
});

async function readSheet(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1).map((value) => String(value ?? ''));
    rows.push(values);
  });
  return rows;
}

describe('GET statistics.children.export', () => {
  it('streams the filtered list as XLSX whose rows match the list, named in the filename header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?team_ids=${parentTeam}`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.filename).toBe('children-2031-03-10.xlsx');
    expect(response.headers['content-disposition']).toContain('filename="children-2031-03-10.xlsx"');
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual(['Child', 'Relation', 'Gender', 'Birth date', 'Age', 'Parent', 'Teams']);
    const listed = (await list(owner, `?team_ids=${parentTeam}`)).data;
    expect(rows.slice(1).map((row) => [row[0]?.replace(/^'/, ''), row[3], row[4], row[5]])).toEqual(
      listed.map((row) => [row.name, row.birth_date, String(row.age), row.parent.name]),
    );
    // The formula is neutralised: a quote in front, never evaluated.
    expect(rows.slice(1).map((row) => row[0])).toContain('\'=HYPERLINK("http://evil.test","x")');
    expect(rows.find((row) => row[0] === 'Mark')).toEqual([
      'Mark',
      'Son',
      'Male',
      '2026-01-01',
      '5',
      'Ivan Parent',
      'Backend',
    ]);
  });

  it('writes the headers in the reader’s language', async () => {
    const ukOwner = await seedStaff(t, company, 'owner');
    await t.database.db
      .update(users)
      .set({ locale: 'uk' })
      .where(and(eq(users.companyId, company.id), eq(users.id, ukOwner.user.id)));
    const response = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?gender=male`,
      headers: ukOwner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]?.[0]).toBe('Дитина');
    expect(rows.find((row) => row[0] === 'Mark')?.[1]).toBe('Син');
  });

  it('also needs the Employee export action, and refuses bad filters before any file (403, 422)', async () => {
    const noExport = await readerWith({
      Statistic: { level: 'to_all' },
      Employee: { level: 'to_all', actions: ['view_in_open_teams'] },
      'Employee.PersonalInfo': { level: 'to_all' },
    });
    expect((await call(noExport, EXPORT)).statusCode).toBe(403);
    expect((await call(employee, EXPORT)).statusCode).toBe(403);
    expect((await call(atsOwner, EXPORT)).statusCode).toBe(403);
    expect((await call(owner, `${EXPORT}?age_from=5&age_to=1`)).statusCode).toBe(422);
    expect((await call(hr, EXPORT)).statusCode).toBe(200);
  });
});
