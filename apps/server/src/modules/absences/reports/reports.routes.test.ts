import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import type { Level } from '@kadry/shared/permissions/vocabulary';
import {
  absenceReportResponseSchema,
  hrReportResponseSchema,
  reportModalResponseSchema,
  timelineImportResponseSchema,
  timelineResponseSchema,
} from '@kadry/shared/schemas/absence-reports';
import { createdAbsenceRequestResponseSchema } from '@kadry/shared/schemas/absences';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../../test/db';
import { absenceRequests, calendarDays, workCalendars } from '../../../db/schema/absences';
import type { Company } from '../../../db/schema/companies';
import { employees } from '../../../db/schema/employees';
import { teams } from '../../../db/schema/teams';
import { users } from '../../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../../permissions/permissions-test-support';

// Absence reports through app.inject: spec §3.2's report shape, the report modal, the HR report and
// its XLSX, the timeline, its export and import (dry run, one transaction), permissions and isolation.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let employee2: StaffMember;
let bob: StaffMember;
let viewer: StaffMember;
let stranger: StaffMember;
let teamA: number;
let teamA1: number;
let teamB: number;

const REQUESTS = '/api/v1/employee-request/requests';

async function enter(who: StaffMember, body: Record<string, unknown>) {
  const response = await callAs(t, who, 'POST', REQUESTS, body);
  expect(response.statusCode, response.body).toBe(201);
  return createdAbsenceRequestResponseSchema.parse(response.json()).data;
}

async function setPerson(member: StaffMember, values: Partial<typeof employees.$inferInsert>) {
  await t.database.db.update(employees).set(values).where(eq(employees.id, member.user.employeeId));
}

type Grant = { level: Level | null; actions?: string[] };

async function staffWithRole(grants: Record<string, Grant>, teamId: number): Promise<StaffMember> {
  const created = await callAs(t, owner, 'POST', '/api/v1/roles', { name: `Report role ${Date.now()}` });
  const roleId = roleResponseSchema.parse(created.json()).data.id;
  const permissions = Object.fromEntries(
    Object.entries(grants).map(([entity, grant]) => [
      entity,
      {
        visibilitySettings: grant.level ? setAllLevel(grant.level) : null,
        actions: grant.actions ?? [],
        fields_view: [],
      },
    ]),
  );
  const edited = await callAs(t, owner, 'PUT', `/api/v1/roles/${roleId}`, { permissions });
  expect(edited.statusCode, edited.body).toBe(200);
  const member = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: member.user.id });
  return member;
}

async function countRequests(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(absenceRequests)
    .where(eq(absenceRequests.companyId, company.id));
  return Number(row?.n ?? 0);
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Absences');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

function upload(who: StaffMember, bytes: Buffer, dryRun: boolean) {
  const boundary = '----kadry-timeline-import';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="absences.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/absences/timeline/import${dryRun ? '?dry_run=true' : ''}`,
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  company = await seedCompany(db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  employee2 = await seedStaff(t, company, 'employee');
  bob = await seedStaff(t, company, 'employee');
  teamA = await seedTeam(db, company.id, 'Alpha');
  teamA1 = await seedTeam(db, company.id, 'Alpha One');
  teamB = await seedTeam(db, company.id, 'Beta');
  await db.update(teams).set({ parentId: teamA }).where(eq(teams.id, teamA1));
  await addTeamMember(db, { companyId: company.id, teamId: teamA, userId: manager.user.id, isManager: true });
  await addTeamMember(db, { companyId: company.id, teamId: teamA, userId: employee.user.id });
  await addTeamMember(db, { companyId: company.id, teamId: teamA1, userId: employee2.user.id });
  await addTeamMember(db, { companyId: company.id, teamId: teamB, userId: bob.user.id });
  await setPerson(manager, { firstName: 'Mia', lastName: 'Manager' });
  await setPerson(employee, {
    firstName: 'Eve',
    lastName: 'Employee',
    startOfWork: '2020-01-01',
    managerId: manager.user.employeeId,
    workEmail: 'eve@example.test',
  });
  await setPerson(employee2, {
    firstName: '=HYPERLINK("http://x")',
    lastName: 'Second',
    employeeNumber: 'E-2',
  });
  await setPerson(bob, { firstName: 'Bob', lastName: 'Beta' });
  const [calendar] = await db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'Europe/Kyiv', isDefault: true })
    .returning();
  if (!calendar) throw new Error('no calendar');
  await db.insert(calendarDays).values({
    companyId: company.id,
    calendarId: calendar.id,
    date: '2031-12-25',
    name: 'Christmas',
    kind: 'public_holiday',
  });
  viewer = await staffWithRole(
    {
      Employee: { level: 'to_all', actions: ['view_in_open_teams', 'view_without_team'] },
      AbsenceRequest: { level: 'only_my_and_my_team' },
      Timeline: { level: null, actions: ['absence_report_view'] },
    },
    teamA,
  );
  await setPerson(viewer, { firstName: 'Vic', lastName: 'Viewer' });

  // Mon 22 – Wed 31 Dec 2031, Christmas on Thursday 25, the 31st a morning only: 6.5 days.
  await enter(hr, {
    absence_type: 'vacation',
    employee_id: employee.user.employeeId,
    date_from: '2031-12-22',
    date_to: '2031-12-31',
    half_day_end: true,
  });
  // Over New Year: Mon 30 and Tue 31 Dec 2030, Wed 1 and Thu 2 Jan 2031.
  await enter(hr, {
    absence_type: 'home_work',
    employee_id: employee.user.employeeId,
    date_from: '2030-12-30',
    date_to: '2031-01-02',
  });
  // Pending: the employee's own request awaits the manager.
  const pending = await enter(employee, {
    absence_type: 'sick_days',
    date_from: '2031-03-12',
    date_to: '2031-03-13',
  });
  expect(pending.status).toBe('pending');
  await enter(hr, {
    absence_type: 'vacation',
    employee_id: employee2.user.employeeId,
    date_from: '2031-12-01',
    date_to: '2031-12-02',
  });
  await enter(hr, {
    absence_type: 'unpaid_vacation',
    employee_id: bob.user.employeeId,
    date_from: '2031-12-03',
    date_to: '2031-12-03',
  });

  const other = await seedCompany(db, { name: 'Other', hosts: ['other.example.test'] });
  stranger = await seedStaff(t, other, 'hr');
});

afterAll(async () => {
  await t?.close();
});

describe('dashboard.balance.absenceReport (spec §3.2)', () => {
  it('answers keyed groups with absence_data, months, title and days_data.list', async () => {
    const response = await callAs(
      t,
      hr,
      'GET',
      `/api/v1/dashboard/balance/absence-report/${employee.user.employeeId}?year=2031`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = absenceReportResponseSchema.parse(response.json());
    expect(report.meta).toEqual({ employee_id: employee.user.employeeId, year: 2031 });
    expect(Object.keys(report.data)).toContain('sick_days_doc');
    expect(report.data.vacation).toMatchObject({ absence_type: 'vacation', number: 1, total: 6.5 });
    expect(report.data.vacation?.absence_data).toEqual([
      {
        id: expect.any(Number),
        status: 'approved',
        date_from: '2031-12-22',
        date_to: '2031-12-31',
        half_day_start: false,
        half_day_end: true,
        days: 6.5,
        months: [
          {
            title: '2031-12',
            days_data: {
              list: [
                { date: '2031-12-22', amount: 1 },
                { date: '2031-12-23', amount: 1 },
                { date: '2031-12-24', amount: 1 },
                { date: '2031-12-26', amount: 1 },
                { date: '2031-12-29', amount: 1 },
                { date: '2031-12-30', amount: 1 },
                { date: '2031-12-31', amount: 0.5 },
              ],
            },
          },
        ],
      },
    ]);
    // Only the part of a request in the year asked, by month.
    const homeWork = report.data.home_work?.absence_data[0];
    expect(homeWork).toMatchObject({ days: 2, date_from: '2030-12-30' });
    expect(homeWork?.months).toEqual([
      {
        title: '2031-01',
        days_data: {
          list: [
            { date: '2031-01-01', amount: 1 },
            { date: '2031-01-02', amount: 1 },
          ],
        },
      },
    ]);
    // A pending request shows, marked, and is not in the total.
    expect(report.data.sick_days).toMatchObject({ total: 0 });
    expect(report.data.sick_days?.absence_data.map((entry) => entry.status)).toEqual(['pending']);
  });

  it('answers the user’s own report for `current`', async () => {
    const response = await callAs(
      t,
      employee,
      'GET',
      '/api/v1/dashboard/balance/absence-report/current?year=2031',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(absenceReportResponseSchema.parse(response.json()).meta.employee_id).toBe(
      employee.user.employeeId,
    );
  });

  it('lets a manager see their team, and answers 404 for anyone out of reach or another company', async () => {
    const path = `/api/v1/dashboard/balance/absence-report/${employee.user.employeeId}?year=2031`;
    expect((await callAs(t, manager, 'GET', path)).statusCode).toBe(200);
    expect((await callAs(t, bob, 'GET', path)).statusCode).toBe(404);
    expect((await callAs(t, stranger, 'GET', path)).statusCode).toBe(404);
    // The manager's reach is their team (Alpha and what they manage below it), not Beta.
    const beta = `/api/v1/dashboard/balance/absence-report/${bob.user.employeeId}`;
    expect((await callAs(t, manager, 'GET', beta)).statusCode).toBe(404);
    expect((await callAs(t, hr, 'GET', '/api/v1/dashboard/balance/absence-report/abc')).statusCode).toBe(404);
  });
});

describe('dashboard.absence.reportModal', () => {
  it('answers a person’s absences of the year and their balances', async () => {
    const response = await callAs(
      t,
      manager,
      'GET',
      `/api/v1/dashboard/absences/report/${employee.user.employeeId}?year=2031`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { data } = reportModalResponseSchema.parse(response.json());
    expect(data.employee).toEqual({ id: employee.user.employeeId, name: 'Eve Employee' });
    expect(data.absences.map((absence) => [absence.absence_type, absence.status])).toEqual([
      ['home_work', 'approved'],
      ['sick_days', 'pending'],
      ['vacation', 'approved'],
    ]);
    expect(data.balances.find((balance) => balance.absence_type === 'vacation')).toEqual({
      absence_type: 'vacation',
      unit: 'half_days',
      year: 2031,
      accrued: 20,
      used: 6.5,
      pending: 0,
      available: 13.5,
    });
  });

  it('answers 404 for a person out of reach', async () => {
    const path = `/api/v1/dashboard/absences/report/${employee.user.employeeId}`;
    expect((await callAs(t, employee2, 'GET', path)).statusCode).toBe(404);
    expect((await callAs(t, stranger, 'GET', path)).statusCode).toBe(404);
    expect((await callAs(t, hr, 'GET', '/api/v1/dashboard/absences/report/999999')).statusCode).toBe(404);
  });
});

describe('the HR report', () => {
  it('counts approved days per person and type inside the month, with totals', async () => {
    const response = await callAs(t, hr, 'GET', '/api/v1/absences/report?period=month&year=2031&month=12');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = hrReportResponseSchema.parse(response.json());
    expect(data).toMatchObject({ date_from: '2031-12-01', date_to: '2031-12-31' });
    expect(data.types).toEqual(['vacation', 'unpaid_vacation']);
    expect(data.rows).toEqual([
      { id: bob.user.employeeId, name: 'Bob Beta', amounts: { unpaid_vacation: 1 }, total_days: 1 },
      { id: employee.user.employeeId, name: 'Eve Employee', amounts: { vacation: 6.5 }, total_days: 6.5 },
      {
        id: employee2.user.employeeId,
        name: '=HYPERLINK("http://x") Second',
        amounts: { vacation: 2 },
        total_days: 2,
      },
    ]);
    expect(data.totals).toEqual({ amounts: { vacation: 8.5, unpaid_vacation: 1 }, total_days: 9.5 });
  });

  it('clips a request to the period: January holds the New Year part only', async () => {
    const january = await callAs(t, hr, 'GET', '/api/v1/absences/report?period=month&year=2031&month=1');
    expect(hrReportResponseSchema.parse(january.json()).data.totals.amounts).toEqual({ home_work: 2 });
    const year2030 = await callAs(t, hr, 'GET', '/api/v1/absences/report?period=year&year=2030');
    expect(hrReportResponseSchema.parse(year2030.json()).data.totals.amounts).toEqual({ home_work: 2 });
  });

  it('groups by team within a team and the teams below it', async () => {
    const response = await callAs(
      t,
      hr,
      'GET',
      `/api/v1/absences/report?period=year&year=2031&team_id=${teamA}&group_by=team`,
    );
    const { data } = hrReportResponseSchema.parse(response.json());
    expect(data.rows.map((row) => [row.id, row.name, row.amounts])).toEqual([
      [teamA, 'Alpha', { vacation: 6.5, home_work: 2 }],
      [teamA1, 'Alpha One', { vacation: 2 }],
    ]);
    expect(data.totals.amounts).toEqual({ vacation: 8.5, home_work: 2 });
  });

  it('refuses a missing month, an unknown team, and roles without the Timeline action', async () => {
    expect((await callAs(t, hr, 'GET', '/api/v1/absences/report?period=month&year=2031')).statusCode).toBe(
      422,
    );
    expect(
      (await callAs(t, hr, 'GET', '/api/v1/absences/report?year=2031&month=1&team_id=999999')).statusCode,
    ).toBe(404);
    expect((await callAs(t, manager, 'GET', '/api/v1/absences/report?year=2031&month=1')).statusCode).toBe(
      403,
    );
    expect((await callAs(t, employee, 'GET', '/api/v1/absences/report?year=2031&month=1')).statusCode).toBe(
      403,
    );
  });

  it('shows a role only the people its AbsenceRequest level reaches, and keeps companies apart', async () => {
    const mine = await callAs(t, viewer, 'GET', '/api/v1/absences/report?period=year&year=2031');
    expect(hrReportResponseSchema.parse(mine.json()).data.rows.map((row) => row.id)).toEqual([
      employee.user.employeeId,
    ]);
    const other = await callAs(t, stranger, 'GET', '/api/v1/absences/report?period=year&year=2031');
    expect(hrReportResponseSchema.parse(other.json()).data.rows).toEqual([]);
  });

  it('exports XLSX with formula-safe cells, behind absence_report_import_export', async () => {
    const response = await callAs(
      t,
      hr,
      'GET',
      '/api/v1/absences/report/export?period=month&year=2031&month=12',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(response.rawPayload);
    expect(rows[1]).toEqual(['Person', 'Vacation', 'Unpaid leave', 'Total days']);
    expect(rows[2]).toEqual(['Bob Beta', '0', '1', '1']);
    expect(rows[4]?.[0]).toBe('\'=HYPERLINK("http://x") Second');
    expect(rows[5]).toEqual(['Total', '8.5', '1', '9.5']);
    const refused = await callAs(t, viewer, 'GET', '/api/v1/absences/report/export?period=year&year=2031');
    expect(refused.statusCode).toBe(403);
  });
});

describe('the timeline', () => {
  it('lists people with their approved and pending absences and non-working days', async () => {
    const response = await callAs(
      t,
      hr,
      'GET',
      `/api/v1/absences/timeline?from=2031-03&to=2031-03&team_id=${teamA}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = timelineResponseSchema.parse(response.json());
    expect(data).toMatchObject({ date_from: '2031-03-01', date_to: '2031-03-31' });
    expect(data.people.map((person) => person.name)).toEqual([
      'Eve Employee',
      'Mia Manager',
      '=HYPERLINK("http://x") Second',
      'Vic Viewer',
    ]);
    expect(meta).toMatchObject({ total: 4, current_page: 1, last_page: 1 });
    const eve = data.people[0];
    expect(eve?.absences).toEqual([
      {
        id: expect.any(Number),
        absence_type: 'sick_days',
        date_from: '2031-03-12',
        date_to: '2031-03-13',
        half_day_start: false,
        half_day_end: false,
        hours: null,
        status: 'pending',
        days: 2,
      },
    ]);
    expect(eve?.non_working_days).toEqual([
      '2031-03-01',
      '2031-03-02',
      '2031-03-08',
      '2031-03-09',
      '2031-03-15',
      '2031-03-16',
      '2031-03-22',
      '2031-03-23',
      '2031-03-29',
      '2031-03-30',
    ]);
  });

  it('shades holidays, filters by type and pages', async () => {
    const response = await callAs(
      t,
      hr,
      'GET',
      '/api/v1/absences/timeline?from=2031-12&to=2031-12&type_codes=unpaid_vacation&per_page=2&page=1',
    );
    const { data, meta } = timelineResponseSchema.parse(response.json());
    expect(meta.per_page).toBe(2);
    expect(data.people).toHaveLength(2);
    expect(meta).toMatchObject({ total: 7, last_page: 4 });
    expect(data.people[0]?.non_working_days).toContain('2031-12-25');
    for (const person of data.people) {
      for (const absence of person.absences) expect(absence.absence_type).toBe('unpaid_vacation');
    }
    const bobs = await callAs(
      t,
      hr,
      'GET',
      `/api/v1/absences/timeline?from=2031-12&to=2031-12&team_id=${teamB}&type_codes=unpaid_vacation`,
    );
    expect(timelineResponseSchema.parse(bobs.json()).data.people[0]?.absences).toHaveLength(1);
  });

  it('limits the range and refuses roles without absence_report_view', async () => {
    expect((await callAs(t, hr, 'GET', '/api/v1/absences/timeline?from=2031-01&to=2032-01')).statusCode).toBe(
      422,
    );
    expect((await callAs(t, hr, 'GET', '/api/v1/absences/timeline?from=2031-05&to=2031-04')).statusCode).toBe(
      422,
    );
    expect(
      (await callAs(t, manager, 'GET', '/api/v1/absences/timeline?from=2031-01&to=2031-01')).statusCode,
    ).toBe(403);
  });

  it('shows a my-team role its team only; another company sees none of these people', async () => {
    const response = await callAs(t, viewer, 'GET', '/api/v1/absences/timeline?from=2031-12&to=2031-12');
    expect(timelineResponseSchema.parse(response.json()).data.people.map((person) => person.name)).toEqual([
      'Eve Employee',
      'Mia Manager',
      'Vic Viewer',
    ]);
    const other = await callAs(t, stranger, 'GET', '/api/v1/absences/timeline?from=2031-12&to=2031-12');
    expect(timelineResponseSchema.parse(other.json()).data.people.map((person) => person.id)).toEqual([
      stranger.user.employeeId,
    ]);
    const foreignTeam = await callAs(
      t,
      stranger,
      'GET',
      `/api/v1/absences/timeline?from=2031-12&to=2031-12&team_id=${teamA}`,
    );
    expect(foreignTeam.statusCode).toBe(404);
  });

  it('exports the grid as XLSX behind absence_report_import_export', async () => {
    const response = await callAs(
      t,
      hr,
      'GET',
      `/api/v1/absences/timeline/export?from=2031-12&to=2031-12&team_id=${teamA}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['Person', '2031-12-01', '2031-12-02']);
    const eve = rows.find((row) => row[0] === 'Eve Employee');
    expect(eve?.[22]).toBe('Vacation');
    expect(eve?.[6]).toBe('·');
    expect(eve?.[25]).toBe('Vacation');
    expect(eve?.[31]).toBe('Vacation ½');
    expect(rows.some((row) => row[0] === '\'=HYPERLINK("http://x") Second')).toBe(true);
    expect(rows.some((row) => row[0] === 'Bob Beta')).toBe(false);
    const refused = await callAs(
      t,
      viewer,
      'GET',
      '/api/v1/absences/timeline/export?from=2031-12&to=2031-12',
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('the timeline import', () => {
  const header = [
    'employee',
    'absence_type',
    'date_from',
    'date_to',
    'half_day_start',
    'half_day_end',
    'hours',
    'comment',
  ];

  it('dry-runs every row through the request engine and writes nothing', async () => {
    const before = await countRequests();
    const file = await xlsx([
      header,
      ['E-2', 'vacation', '2031-11-03', '2031-11-04', '', '', '', 'Imported'],
      ['nobody@example.test', 'vacation', '2031-11-03', '2031-11-04'],
      ['E-2', 'nonsense', '2031-11-03', '2031-11-04'],
      // Overlaps the first row of this very file.
      ['E-2', 'Sick day', '2031-11-04', '2031-11-05'],
      ['eve@example.test', 'vacation', '2031-11-10', '2031-11-08'],
      ["=cmd|' /C calc'!A0", 'vacation', '2031-11-03', '2031-11-04'],
      ['eve@example.test', 'vacation', '2031-11-17', '2031-11-17', 'maybe'],
    ]);
    const response = await upload(hr, file, true);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = timelineImportResponseSchema.parse(response.json());
    expect(data).toMatchObject({ dry_run: true, rows: 7, created: 0 });
    expect(data.errors.map((error) => [error.row, error.column, error.key])).toEqual([
      [3, 'employee', 'absenceReports.import.unknown_employee'],
      [4, 'absence_type', 'absenceReports.import.unknown_type'],
      [5, 'date_from', 'absences.overlap'],
      [6, 'date_to', 'absences.date_to_before_from'],
      [7, 'employee', 'absenceReports.import.unknown_employee'],
      [8, 'half_day_start', 'errors.invalid_value'],
    ]);
    expect(data.errors[2]?.message).toBe('Overlaps another request from 2031-11-03 to 2031-11-04.');
    expect(await countRequests()).toBe(before);

    // Confirming a file with refusals writes nothing either.
    const confirmed = await upload(hr, file, false);
    expect(confirmed.statusCode).toBe(422);
    expect(await countRequests()).toBe(before);
  });

  it('enters every row in one transaction, approved at once', async () => {
    const before = await countRequests();
    const file = await xlsx([
      header,
      ['E-2', 'vacation', '2031-11-03', '2031-11-04', 'no', 'yes'],
      ['EVE@example.test', 'home_work', '2031-11-05', '2031-11-05'],
    ]);
    const response = await upload(hr, file, false);
    expect(response.statusCode, response.body).toBe(200);
    expect(timelineImportResponseSchema.parse(response.json()).data).toEqual({
      dry_run: false,
      rows: 2,
      created: 2,
      errors: [],
    });
    expect(await countRequests()).toBe(before + 2);
    const [entered] = await t.database.db
      .select()
      .from(absenceRequests)
      .where(
        and(
          eq(absenceRequests.employeeId, employee2.user.employeeId),
          eq(absenceRequests.dateFrom, '2031-11-03'),
        ),
      );
    expect(entered).toMatchObject({ status: 'approved', amount: 1.5, halfDayEnd: true });
  });

  it('refuses a file without its columns, and roles without the actions', async () => {
    const missing = await upload(
      hr,
      await xlsx([
        ['who', 'what'],
        ['E-2', 'vacation'],
      ]),
      true,
    );
    expect(timelineImportResponseSchema.parse(missing.json()).data.errors[0]?.key).toBe(
      'absenceReports.import.missing_columns',
    );
    const broken = await upload(hr, Buffer.from('not a spreadsheet at all'), true);
    expect(broken.statusCode).toBe(422);
    const file = await xlsx([header, ['E-2', 'vacation', '2031-10-06', '2031-10-06']]);
    expect((await upload(viewer, file, true)).statusCode).toBe(403);
    expect((await upload(manager, file, true)).statusCode).toBe(403);
    expect((await upload(employee, file, true)).statusCode).toBe(403);
  });
});
