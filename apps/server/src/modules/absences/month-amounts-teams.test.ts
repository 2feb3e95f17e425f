import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany } from '../../../test/db';
import { absenceMonthAmounts } from '../../db/schema/absence-month-amounts';
import { calendarDays, teamCalendars, workCalendars } from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { roles } from '../../db/schema/roles';
import { teamMembers } from '../../db/schema/teams';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff, seedTeam } from '../permissions/permissions-test-support';

// Teams written outside the teams module announce `teams.members_changed` too (decision 029): the
// employee import and staff-account creation. A person's days are counted on the calendar of their
// nearest team with one, so joining the Ops team (a holiday on Tuesday 2031-05-06) must recount an
// approved absence of that week from 5 days to 4 in the stored month amounts the report sums.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let hr: StaffMember;
let opsTeamId: number;

const WEEK = { date_from: '2031-05-05', date_to: '2031-05-09' };

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  await t.database.db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'Europe/Kyiv', isDefault: true });
  const [ops] = await t.database.db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Ops', timeZone: 'Europe/Kyiv' })
    .returning({ id: workCalendars.id });
  opsTeamId = await seedTeam(t.database.db, company.id, 'Ops');
  await t.database.db.insert(teamCalendars).values({
    companyId: company.id,
    teamId: opsTeamId,
    calendarId: ops?.id ?? 0,
  });
  await t.database.db.insert(calendarDays).values({
    companyId: company.id,
    calendarId: ops?.id ?? 0,
    date: '2031-05-06',
    name: 'Ops day',
    kind: 'public_holiday',
  });
  expect((await callAs(t, hr, 'GET', '/api/v1/absences/types')).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

/** An employee without an account (number and work email given) with the week entered as home work. */
async function employeeWithAbsence(number: string, email: string) {
  const [row] = await t.database.db
    .insert(employees)
    .values({
      companyId: company.id,
      firstName: 'Person',
      lastName: number,
      employeeNumber: number,
      workEmail: email,
    })
    .returning({ id: employees.id });
  const employeeId = row?.id ?? 0;
  const entry = await callAs(t, hr, 'POST', '/api/v1/absences/entries', {
    absence_type: 'home_work',
    employee_ids: [employeeId],
    ...WEEK,
  });
  expect(entry.statusCode, entry.body).toBe(200);
  const requestId = entry.json().data[0].id as number;
  expect(await storedDays(requestId)).toBe(5);
  return { employeeId, requestId };
}

/** The request's days as the month report reads them (the stored amounts of May 2031). */
async function storedDays(requestId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ hundredths: absenceMonthAmounts.hundredths })
    .from(absenceMonthAmounts)
    .where(
      and(
        eq(absenceMonthAmounts.companyId, company.id),
        eq(absenceMonthAmounts.requestId, requestId),
        eq(absenceMonthAmounts.month, '2031-05-01'),
      ),
    );
  return (row?.hundredths ?? 0) / 100;
}

async function isInOps(employeeId: number): Promise<boolean> {
  const rows = await t.database.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.companyId, company.id), eq(teamMembers.employeeId, employeeId)));
  return rows.some((row) => row.teamId === opsTeamId);
}

describe('teams.members_changed from outside the teams module', () => {
  it('is announced by the employee import: an imported team recounts the person’s absences', async () => {
    const { employeeId, requestId } = await employeeWithAbsence('IMP1', 'imp1@example.test');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Employees');
    sheet.addRow(['employee_number', 'first_name', 'teams']);
    sheet.addRow(['IMP1', 'Imported', 'Ops']);
    const body = await multipart([
      ['file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'teams.xlsx'],
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/employee-imports',
      headers: { ...hr.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data.summary).toMatchObject({ update: 1, error: 0 });
    const confirmed = await callAs(
      t,
      hr,
      'POST',
      `/api/v1/employee-imports/${uploaded.json().data.id}/confirm`,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await isInOps(employeeId)).toBe(true);
    await t.app.events.settled();
    expect(await storedDays(requestId)).toBe(4);
  });

  it('is announced by staff-account creation that puts an existing employee in teams', async () => {
    const { employeeId, requestId } = await employeeWithAbsence('STF1', 'stf1@example.test');
    const [role] = await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, company.id), eq(roles.key, 'employee')));
    const invited = await callAs(t, owner, 'POST', '/api/v1/admin/users', {
      name: 'Person STF1',
      email: 'stf1@example.test',
      role_id: role?.id,
      team_ids: [opsTeamId],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    // The account took the employee the company had (same email), absences and all.
    expect(await isInOps(employeeId)).toBe(true);
    await t.app.events.settled();
    expect(await storedDays(requestId)).toBe(4);
  });
});
