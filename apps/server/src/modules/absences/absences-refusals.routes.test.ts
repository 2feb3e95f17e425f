import {
  createdAbsenceRequestResponseSchema,
  type LedgerResponse,
  ledgerResponseSchema,
} from '@kadry/shared/schemas/absences';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Refusals of a request through app.inject (docs/decisions/018-absence-ledger.md) not covered in
// absences.routes.test.ts: an overlap with an approved absence, a New Year request over the balance
// of one of its years, an hourly absence over several days. The clock stands at 2031-03-10; no work
// calendar, so Monday–Friday count and 1 January is a working day. The vacation policy is the
// default one: 20 working days upfront, no carry-over into 2032 before that year begins.

let t: AuthTestApp;
let company: Company;
let hr: StaffMember;
let employee: StaffMember;

const BASE = '/api/v1/employee-request/requests';

function request(who: StaffMember, body: Record<string, unknown>) {
  return callAs(t, who, 'POST', BASE, body);
}

async function ledger(year: number): Promise<LedgerResponse['data']> {
  const response = await callAs(
    t,
    employee,
    'GET',
    `/api/v1/absences/ledger?absence_type=vacation&year=${year}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return ledgerResponseSchema.parse(response.json()).data;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  hr = await seedStaff(t, company, 'hr');
  employee = await seedStaff(t, company, 'employee');
  await t.database.db
    .update(employees)
    .set({ startOfWork: '2020-01-01' })
    .where(eq(employees.id, employee.user.employeeId));
  // HR enters 18 of the 20 days of 2032 for the employee: approved at once (create_absence).
  const entered = await request(hr, {
    absence_type: 'vacation',
    employee_id: employee.user.employeeId,
    date_from: '2032-01-12',
    date_to: '2032-02-04',
  });
  expect(entered.statusCode, entered.body).toBe(201);
  expect(createdAbsenceRequestResponseSchema.parse(entered.json()).data).toMatchObject({
    status: 'approved',
    days: 18,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('refusing a request', () => {
  it('refuses an overlap with an approved absence of the same person, under date_from', async () => {
    const response = await request(employee, {
      absence_type: 'home_work',
      date_from: '2032-02-04',
      date_to: '2032-02-05',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors)).toEqual(['date_from']);
    expect(errors.date_from[0]).toContain('2032-01-12');
    // The day after it ends is free.
    const after = await request(employee, {
      absence_type: 'home_work',
      date_from: '2032-02-05',
      date_to: '2032-02-05',
    });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('refuses a New Year request over the balance of its second year, naming that year', async () => {
    // Mon 29 Dec 2031 – Wed 7 Jan 2032: 3 days of 2031 (20 left), 5 of 2032 (2 left).
    const response = await request(employee, {
      absence_type: 'vacation',
      date_from: '2031-12-29',
      date_to: '2032-01-07',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors)).toEqual(['absence_type']);
    expect(errors.absence_type).toEqual(['Not enough balance in 2032: 2 left.']);
    // A refusal writes nothing: nothing pending in either year.
    expect((await ledger(2031)).balance.pending).toBe(0);
    expect((await ledger(2032)).balance.pending).toBe(0);
  });

  it('accepts a New Year request within both balances, split per year', async () => {
    // Mon 29 Dec 2031 – Fri 2 Jan 2032: 3 days of 2031 and 2 of 2032, exactly what is left there.
    const response = await request(employee, {
      absence_type: 'vacation',
      date_from: '2031-12-29',
      date_to: '2032-01-02',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = createdAbsenceRequestResponseSchema.parse(response.json()).data;
    expect(created).toMatchObject({ status: 'pending', days: 5 });
    const one = await callAs(t, employee, 'GET', `${BASE}/${created.id}`);
    expect(one.json().data.days_by_year).toEqual({ 2031: 3, 2032: 2 });
    expect((await ledger(2031)).balance).toMatchObject({ pending: 3, available: 17 });
    expect((await ledger(2032)).balance).toMatchObject({ pending: 2, available: 0 });
  });

  it('refuses hours over more than one day, under date_to, and takes them on one day', async () => {
    const body = { absence_type: 'overtime', date_from: '2031-06-02', hours: 2 };
    const response = await request(employee, { ...body, date_to: '2031-06-03' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ date_to: ['Hours are requested for one day at a time.'] });
    const single = await request(employee, { ...body, date_to: '2031-06-02' });
    expect(single.statusCode, single.body).toBe(201);
    expect(createdAbsenceRequestResponseSchema.parse(single.json()).data.days).toBe(2);
  });
});
