import {
  absenceBalanceResponseSchema,
  absenceRequestResponseSchema,
  createdAbsenceRequestResponseSchema,
} from '@kadry/shared/schemas/absences';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { absenceLedgerEntries, absenceTypes, calendarDays, workCalendars } from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// Absence requests through app.inject (docs/decisions/018-absence-ledger.md): every refusal, every
// path of the manager → HR chain, and who may decide (own / my team / other).

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let outsider: StaffMember;
let fallback: StaffMember;

const BASE = '/api/v1/employee-request/requests';

function request(who: StaffMember, body: Record<string, unknown>) {
  return callAs(t, who, 'POST', BASE, body);
}

async function create(who: StaffMember, body: Record<string, unknown>) {
  const response = await request(who, body);
  expect(response.statusCode, response.body).toBe(201);
  return createdAbsenceRequestResponseSchema.parse(response.json()).data;
}

function act(who: StaffMember, id: number, action: string, body: Record<string, unknown> = {}) {
  return callAs(t, who, 'POST', `${BASE}/${id}/${action}`, body);
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  outsider = await seedStaff(t, company, 'manager');
  fallback = await seedStaff(t, company, 'manager');
  const teamId = await seedTeam(t.database.db, company.id, 'Team');
  await addTeamMember(t.database.db, {
    companyId: company.id,
    teamId,
    userId: manager.user.id,
    isManager: true,
  });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: employee.user.id });
  await t.database.db
    .update(employees)
    .set({ managerId: manager.user.employeeId, startOfWork: '2020-01-01' })
    .where(eq(employees.id, employee.user.employeeId));
  const [calendar] = await t.database.db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'Europe/Kyiv', isDefault: true })
    .returning();
  if (!calendar) throw new Error('no calendar');
  await t.database.db.insert(calendarDays).values([
    {
      companyId: company.id,
      calendarId: calendar.id,
      date: '2026-12-25',
      name: 'Christmas',
      kind: 'public_holiday',
    },
    {
      companyId: company.id,
      calendarId: calendar.id,
      date: '2027-01-01',
      name: 'New Year',
      kind: 'public_holiday',
    },
  ]);
  // Seeds the types (and the 20-day vacation policy).
  expect((await callAs(t, owner, 'GET', '/api/v1/absences/types')).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('requesting an absence', () => {
  it('counts a vacation over a holiday with a half day at the end, and splits it over New Year', async () => {
    // Mon 21 Dec 2026 – Fri 1 Jan 2027: 25 Dec and 1 Jan are holidays; Thursday 31 morning only.
    const created = await create(employee, {
      absence_type: 'vacation',
      date_from: '2026-12-21',
      date_to: '2026-12-31',
      half_day_end: true,
    });
    expect(created).toMatchObject({ status: 'pending', days: 7.5 });
    const spanning = await create(employee, {
      absence_type: 'vacation',
      date_from: '2027-01-01',
      date_to: '2027-01-05',
    });
    expect(spanning.days).toBe(2);
    const split = await create(employee, {
      absence_type: 'home_work',
      date_from: '2025-12-30',
      date_to: '2026-01-02',
    });
    const one = await callAs(t, employee, 'GET', `${BASE}/${split.id}`);
    expect(absenceRequestResponseSchema.parse(one.json()).data.days_by_year).toEqual({ 2025: 2, 2026: 2 });
  });

  it('refuses a range with no working day, under date_from', async () => {
    const response = await request(employee, {
      absence_type: 'vacation',
      date_from: '2026-12-26',
      date_to: '2026-12-27',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['date_from']);
  });

  it('refuses an overlap with a pending request by true intersection, but lets two halves coexist', async () => {
    const inside = await request(employee, {
      absence_type: 'home_work',
      date_from: '2026-12-23',
      date_to: '2026-12-23',
    });
    expect(inside.statusCode).toBe(422);
    expect(Object.keys(inside.json().errors)).toEqual(['date_from']);
    // 31 Dec is taken in the morning only: its afternoon is free.
    const afternoon = await request(employee, {
      absence_type: 'home_work',
      date_from: '2026-12-31',
      date_to: '2026-12-31',
      half_day_start: true,
    });
    expect(afternoon.statusCode, afternoon.body).toBe(201);
  });

  it('refuses more than the balance (pending counts as used), under absence_type', async () => {
    // 20 days a year; 7.5 pending in 2026 leaves 12.5.
    const response = await request(employee, {
      absence_type: 'vacation',
      date_from: '2026-06-01',
      date_to: '2026-06-19',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['absence_type']);
    const fits = await request(employee, {
      absence_type: 'vacation',
      date_from: '2026-06-01',
      date_to: '2026-06-05',
    });
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('allows going negative when the policy says so', async () => {
    await t.database.db.execute(
      sql.raw(
        `update absence_policies set allow_negative = true, negative_limit = 100 where company_id = ${company.id}`,
      ),
    );
    const response = await request(employee, {
      absence_type: 'vacation',
      date_from: '2026-07-01',
      date_to: '2026-07-31',
    });
    expect(response.statusCode, response.body).toBe(201);
    // Withdrawn, so the rest of the file has its balance back.
    const { id } = createdAbsenceRequestResponseSchema.parse(response.json()).data;
    expect((await act(employee, id, 'cancel')).statusCode).toBe(200);
    await t.database.db.execute(
      sql.raw(`update absence_policies set allow_negative = false where company_id = ${company.id}`),
    );
  });

  it('refuses half days on a whole-day type, and an empty single half-and-half day', async () => {
    const whole = await request(employee, {
      absence_type: 'sick_days',
      date_from: '2026-05-04',
      date_to: '2026-05-04',
      half_day_start: true,
    });
    expect(Object.keys(whole.json().errors)).toEqual(['half_day_start']);
    const empty = await request(employee, {
      absence_type: 'home_work',
      date_from: '2026-05-04',
      date_to: '2026-05-04',
      half_day_start: true,
      half_day_end: true,
    });
    expect(Object.keys(empty.json().errors)).toEqual(['half_day_end']);
  });

  it('lets an employee request only for themselves, and 422s an employee they cannot see', async () => {
    const response = await request(employee, {
      absence_type: 'home_work',
      employee_id: outsider.user.employeeId,
      date_from: '2026-05-05',
      date_to: '2026-05-05',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['employee_id']);
  });
});

describe('the approval chain', () => {
  it('goes manager → HR, and only then writes the ledger', async () => {
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2026-03-02',
      date_to: '2026-03-03',
    });
    // Not the employee, not an outsider manager, not HR before the manager step… HR may override.
    expect((await act(employee, id, 'approve')).statusCode).toBe(403);
    expect((await act(outsider, id, 'approve')).statusCode).toBe(404);
    const first = await act(manager, id, 'approve');
    expect(first.statusCode, first.body).toBe(200);
    expect(absenceRequestResponseSchema.parse(first.json()).data.status).toBe('pending');
    // The manager cannot decide the HR step.
    expect((await act(manager, id, 'approve')).statusCode).toBe(403);
    const ledgerBefore = await t.database.db
      .select()
      .from(absenceLedgerEntries)
      .where(and(eq(absenceLedgerEntries.requestId, id)));
    expect(ledgerBefore).toHaveLength(0);
    const second = await act(hr, id, 'approve');
    expect(second.statusCode, second.body).toBe(200);
    const data = absenceRequestResponseSchema.parse(second.json()).data;
    expect(data.status).toBe('approved');
    expect(data.steps.map((step) => step.status)).toEqual(['approved', 'approved']);
    const entries = await t.database.db
      .select()
      .from(absenceLedgerEntries)
      .where(eq(absenceLedgerEntries.requestId, id));
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([['absence', -2]]);
    // Deciding again is a conflict.
    expect((await act(hr, id, 'approve')).statusCode).toBe(409);
  });

  it('rejects with a reason and skips the rest of the chain', async () => {
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2026-03-09',
      date_to: '2026-03-09',
    });
    expect((await act(manager, id, 'reject', {})).statusCode).toBe(422);
    const response = await act(manager, id, 'reject', { reason: 'Release week' });
    expect(response.statusCode, response.body).toBe(200);
    const data = absenceRequestResponseSchema.parse(response.json()).data;
    expect(data.status).toBe('rejected');
    expect(data.steps.map((step) => [step.status, step.reason])).toEqual([
      ['rejected', 'Release week'],
      ['skipped', null],
    ]);
  });

  it('lets the requester cancel a pending request, not a decided one', async () => {
    const { id } = await create(employee, {
      absence_type: 'home_work',
      date_from: '2026-03-16',
      date_to: '2026-03-16',
    });
    expect((await act(manager, id, 'cancel')).statusCode).toBe(403);
    const response = await act(employee, id, 'cancel');
    expect(response.statusCode, response.body).toBe(200);
    expect(absenceRequestResponseSchema.parse(response.json()).data.status).toBe('cancelled');
    expect((await act(employee, id, 'cancel')).statusCode).toBe(409);
  });

  it('revokes an approved absence and returns its days through a reversal', async () => {
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2026-04-06',
      date_to: '2026-04-07',
    });
    await act(manager, id, 'approve');
    await act(hr, id, 'approve');
    expect((await act(employee, id, 'revoke')).statusCode).toBe(403);
    const response = await act(hr, id, 'revoke', { reason: 'Trip cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await t.database.db
      .select()
      .from(absenceLedgerEntries)
      .where(eq(absenceLedgerEntries.requestId, id));
    expect(entries.map((entry) => entry.amount).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('sends a manager step to the type’s fallback approver when the employee has no manager', async () => {
    await t.database.db
      .update(absenceTypes)
      .set({ fallbackApproverId: fallback.user.employeeId })
      .where(and(eq(absenceTypes.companyId, company.id), eq(absenceTypes.code, 'business_trip')));
    const { id } = await create(hr, {
      absence_type: 'business_trip',
      date_from: '2026-05-11',
      date_to: '2026-05-12',
    });
    const one = absenceRequestResponseSchema.parse((await callAs(t, hr, 'GET', `${BASE}/${id}`)).json()).data;
    expect(one.steps[0]?.approver_employee_id).toBe(fallback.user.employeeId);
    // The fallback sees HR's request only as its named approver, and decides it.
    expect((await act(outsider, id, 'approve')).statusCode).toBe(404);
    const response = await act(fallback, id, 'approve');
    expect(response.statusCode, response.body).toBe(200);
  });

  it('approves at once what HR enters for someone else with create_absence', async () => {
    const created = await create(hr, {
      absence_type: 'sick_days',
      employee_id: employee.user.employeeId,
      date_from: '2026-02-02',
      date_to: '2026-02-03',
    });
    expect(created).toMatchObject({ status: 'approved', days: 2 });
  });
});

describe('the balance', () => {
  it('answers accrued, used, pending and available from the ledger', async () => {
    const response = await callAs(t, employee, 'GET', '/api/v1/dashboard/balance/absence');
    expect(response.statusCode, response.body).toBe(200);
    const [vacation] = absenceBalanceResponseSchema.parse(response.json()).data;
    if (!vacation) throw new Error('no vacation balance');
    expect(vacation.absence_type).toBe('vacation');
    expect(vacation.available).toBe(vacation.accrued - vacation.used - vacation.pending);
    // The ledger's sum is the reported balance (accrued − used), line by line.
    const entries = await t.database.db
      .select()
      .from(absenceLedgerEntries)
      .where(
        and(
          eq(absenceLedgerEntries.employeeId, employee.user.employeeId),
          eq(absenceLedgerEntries.periodYear, vacation.year),
        ),
      );
    const sum = entries.reduce((total, entry) => total + Math.round(entry.amount * 100), 0) / 100;
    expect(sum).toBe(vacation.accrued - vacation.used);
  });
});
