import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { absenceTeamMonthTotals } from '../../db/schema/absence-team-month-totals';
import { workCalendars } from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { teamMembers } from '../../db/schema/teams';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff, seedTeam } from '../permissions/permissions-test-support';
import { fillMissingAmounts } from './month-amounts.service';

// The team totals per month (absence_team_month_totals, decision 032) are recomputed from the amounts
// on each path that changes them: an entry (its person's teams in its months), a revoke, a date edit
// (the months left, every team), an announced membership change (the months of the person's requests,
// every team: their former team is not known), a deleted employee (every month), the start-up fill
// (months lacking totals) and a change in a month that has none yet (the month whole). Monday–Friday,
// no holiday: a week of May 2031 is 5 days (500 hundredths).

let t: AuthTestApp;
let company: Company;
let hr: StaffMember;
let typeId: number;

const MAY = { date_from: '2031-05-05', date_to: '2031-05-09' };
const JUNE = { date_from: '2031-06-02', date_to: '2031-06-06' };
const quietLog = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  hr = await seedStaff(t, company, 'hr');
  await t.database.db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'UTC', isDefault: true });
  const types = await callAs(t, hr, 'GET', '/api/v1/absences/types');
  expect(types.statusCode).toBe(200);
  typeId = (types.json().data as { id: number; code: string }[]).find((type) => type.code === 'home_work')
    ?.id as number;
});

afterAll(async () => {
  await t?.close();
});

async function person(name: string, teamIds: number[]): Promise<number> {
  const [row] = await t.database.db
    .insert(employees)
    .values({ companyId: company.id, firstName: 'Person', lastName: name })
    .returning({ id: employees.id });
  const employeeId = row?.id ?? 0;
  if (teamIds.length > 0) {
    await t.database.db
      .insert(teamMembers)
      .values(teamIds.map((teamId) => ({ companyId: company.id, teamId, employeeId })));
  }
  return employeeId;
}

/** Moves someone to other teams without announcing it (the announcement not delivered yet). */
async function moveQuietly(employeeId: number, teamIds: number[]): Promise<void> {
  await t.database.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.companyId, company.id), eq(teamMembers.employeeId, employeeId)));
  await t.database.db
    .insert(teamMembers)
    .values(teamIds.map((teamId) => ({ companyId: company.id, teamId, employeeId })));
}

async function enter(employeeId: number, dates: { date_from: string; date_to: string }): Promise<number> {
  const entry = await callAs(t, hr, 'POST', '/api/v1/absences/entries', {
    absence_type: 'home_work',
    employee_ids: [employeeId],
    ...dates,
  });
  expect(entry.statusCode, entry.body).toBe(200);
  return entry.json().data[0].id as number;
}

/** A team's (null: no team's) stored total of the type in a month, in hundredths; null: no row. */
async function total(teamId: number | null, month: string): Promise<number | null> {
  const rows = await t.database.db
    .select({ teamId: absenceTeamMonthTotals.teamId, hundredths: absenceTeamMonthTotals.hundredths })
    .from(absenceTeamMonthTotals)
    .where(
      and(
        eq(absenceTeamMonthTotals.companyId, company.id),
        eq(absenceTeamMonthTotals.month, month),
        eq(absenceTeamMonthTotals.absenceTypeId, typeId),
      ),
    );
  return rows.find((row) => row.teamId === teamId)?.hundredths ?? null;
}

async function countRows(): Promise<number> {
  const rows = await t.database.db
    .select({ month: absenceTeamMonthTotals.month })
    .from(absenceTeamMonthTotals)
    .where(eq(absenceTeamMonthTotals.companyId, company.id));
  return rows.length;
}

/** Announces a membership change as the teams module does and waits for its delivery. */
async function announce(employeeIds: number[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await t.app.events.publish(tx, company.id, 'teams.members_changed', { employeeIds });
  });
  t.app.events.dispatchSoon();
  await t.app.events.settled();
}

describe('team totals per month', () => {
  it('an entry adds to its person’s teams (or to no team), a revoke takes it back', async () => {
    const a = await seedTeam(t.database.db, company.id, 'A1');
    const b = await seedTeam(t.database.db, company.id, 'B1');
    const inBoth = await person('Both', [a, b]);
    const inNone = await person('None', []);
    const before = (await total(null, '2031-05-01')) ?? 0;
    const first = await enter(inBoth, MAY);
    await enter(inNone, MAY);
    expect(await total(a, '2031-05-01')).toBe(500);
    expect(await total(b, '2031-05-01')).toBe(500);
    expect(await total(null, '2031-05-01')).toBe(before + 500);
    const revoked = await callAs(t, hr, 'DELETE', `/api/v1/absences/entries/${first}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await total(a, '2031-05-01')).toBeNull();
    expect(await total(b, '2031-05-01')).toBeNull();
    expect(await total(null, '2031-05-01')).toBe(before + 500);
  });

  it('a date edit recomputes the month left whole: a former team not announced yet loses it', async () => {
    const a = await seedTeam(t.database.db, company.id, 'A2');
    const b = await seedTeam(t.database.db, company.id, 'B2');
    const someone = await person('Edited', [a]);
    const id = await enter(someone, MAY);
    expect(await total(a, '2031-05-01')).toBe(500);
    await moveQuietly(someone, [b]);
    const edited = await callAs(t, hr, 'PUT', `/api/v1/absences/entries/${id}`, JUNE);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await total(a, '2031-05-01')).toBeNull();
    expect(await total(b, '2031-06-01')).toBe(500);
  });

  it('an announced membership change recomputes every team in the months of the person’s requests', async () => {
    const a = await seedTeam(t.database.db, company.id, 'A3');
    const b = await seedTeam(t.database.db, company.id, 'B3');
    const moved = await person('Moved', [a]);
    const revokedLater = await person('Revoked', [a]);
    await enter(moved, MAY);
    const id = await enter(revokedLater, JUNE);
    await moveQuietly(moved, [b]);
    await moveQuietly(revokedLater, [b]);
    // Revoked before the announcement arrives: counted for the team they are in now, none.
    const revoked = await callAs(t, hr, 'DELETE', `/api/v1/absences/entries/${id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await total(a, '2031-05-01')).toBe(500);
    expect(await total(a, '2031-06-01')).toBe(500);
    await announce([moved, revokedLater]);
    expect(await total(a, '2031-05-01')).toBeNull();
    expect(await total(b, '2031-05-01')).toBe(500);
    expect(await total(a, '2031-06-01')).toBeNull();
    expect(await total(b, '2031-06-01')).toBeNull();
  });

  it('a deleted employee leaves the totals of every month once announced', async () => {
    const a = await seedTeam(t.database.db, company.id, 'A4');
    const gone = await person('Gone', [a]);
    await enter(gone, { date_from: '2031-08-04', date_to: '2031-08-08' });
    expect(await total(a, '2031-08-01')).toBe(500);
    const deleted = await callAs(t, hr, 'DELETE', `/api/v1/employees/${gone}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await t.app.events.settled();
    // The team stays; its total is recomputed without them.
    expect(await total(a, '2031-08-01')).toBeNull();
    expect(await total(null, '2031-08-01')).toBeNull();
  });

  it('a month without totals is recomputed whole on its first change, and the fill writes the others', async () => {
    const a = await seedTeam(t.database.db, company.id, 'A5');
    const b = await seedTeam(t.database.db, company.id, 'B5');
    const first = await person('First', [a]);
    const second = await person('Second', [b]);
    await enter(first, { date_from: '2031-09-01', date_to: '2031-09-05' });
    await enter(first, { date_from: '2031-10-06', date_to: '2031-10-10' });
    const rowsBefore = await countRows();
    // As on an install whose amounts predate the totals.
    await t.database.db
      .delete(absenceTeamMonthTotals)
      .where(eq(absenceTeamMonthTotals.companyId, company.id));
    await enter(second, { date_from: '2031-09-08', date_to: '2031-09-12' });
    expect(await total(a, '2031-09-01')).toBe(500);
    expect(await total(b, '2031-09-01')).toBe(500);
    expect(await total(a, '2031-10-01')).toBeNull();
    expect(await total(a, '2031-05-01')).toBeNull();
    await fillMissingAmounts({ db: t.database.db, log: quietLog });
    expect(await total(a, '2031-10-01')).toBe(500);
    // Every row back, and the new one of B5 in September.
    expect(await countRows()).toBe(rowsBefore + 1);
  });
});
