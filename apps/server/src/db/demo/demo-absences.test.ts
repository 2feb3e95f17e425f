import {
  absenceBalanceResponseSchema,
  absenceRequestResponseSchema,
  absentTodayTotalResponseSchema,
  managementResponseSchema,
} from '@kadry/shared/schemas/absences';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp } from '../../modules/auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../../modules/permissions/permissions-test-support';
import { absenceLedgerEntries } from '../schema/absences';
import { type Company, companies } from '../schema/companies';
import { DEMO_PENDING_REQUESTS } from './demo-absences';
import { seedDemoData, seedDemoTeamManager } from './seed';

// The demo's absences as the demo owner meets them through the API (seeded as `npm start` seeds an
// empty database: seedDemoData, the owner, seedDemoTeamManager): the management tab holds the
// pending requests and they can be decided, someone is away today, and balances explain a
// carry-over.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;

beforeAll(async () => {
  t = await createAuthTestApp();
  const { companyId } = await seedDemoData(t.database.db, t.clock.now);
  const [row] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw new Error('no demo company');
  company = row;
  owner = await seedStaff(t, company, 'owner');
  expect(await seedDemoTeamManager(t.database.db)).toBe(true);
});

afterAll(async () => {
  await t?.close();
});

describe('demo absences', () => {
  it('put the pending requests in the demo owner’s management tab, and the owner decides them', async () => {
    const response = await callAs(t, owner, 'GET', '/api/v1/absences/management?per_page=50');
    expect(response.statusCode, response.body).toBe(200);
    const tab = managementResponseSchema.parse(response.json());
    expect(tab.meta.total).toBe(DEMO_PENDING_REQUESTS);
    expect(tab.data.every((request) => request.status === 'pending' && request.can.decide)).toBe(true);
    expect(new Set(tab.data.map((request) => request.absence_type))).toEqual(
      new Set(['vacation', 'home_work', 'unpaid_vacation']),
    );
    // The vacation whose manager step is done awaits the HR step; the others name the owner.
    const atHr = tab.data.find((request) => request.steps.some((step) => step.status === 'approved'));
    expect(atHr?.steps.map((step) => [step.approver_role, step.status])).toEqual([
      ['manager', 'approved'],
      ['hr', 'pending'],
    ]);
    for (const request of tab.data.filter((item) => item !== atHr)) {
      expect(request.steps[0]).toMatchObject({
        approver_role: 'manager',
        approver_employee_id: owner.user.employeeId,
        status: 'pending',
      });
    }
    const approved = await callAs(
      t,
      owner,
      'POST',
      `/api/v1/employee-request/requests/${atHr?.id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(absenceRequestResponseSchema.parse(approved.json()).data.status).toBe('approved');
    const after = managementResponseSchema.parse(
      (await callAs(t, owner, 'GET', '/api/v1/absences/management')).json(),
    );
    expect(after.meta.total).toBe(DEMO_PENDING_REQUESTS - 1);
  });

  it('has someone away today', async () => {
    const response = await callAs(t, owner, 'GET', '/api/v1/dashboard/absent-today/total');
    expect(response.statusCode, response.body).toBe(200);
    expect(absentTodayTotalResponseSchema.parse(response.json()).data.total).toBeGreaterThanOrEqual(1);
  });

  it('answers balances whose lines include last year’s carry-over, never below zero', async () => {
    const [carried] = await t.database.db
      .select({ employeeId: absenceLedgerEntries.employeeId })
      .from(absenceLedgerEntries)
      .where(and(eq(absenceLedgerEntries.companyId, company.id), eq(absenceLedgerEntries.kind, 'carry_over')))
      .orderBy(asc(absenceLedgerEntries.id))
      .limit(1);
    expect(carried).toBeDefined();
    const response = await callAs(t, owner, 'GET', `/api/v1/absences/balances/${carried?.employeeId}`);
    expect(response.statusCode, response.body).toBe(200);
    const vacation = absenceBalanceResponseSchema
      .parse(response.json())
      .data.find((balance) => balance.absence_type === 'vacation');
    expect(vacation?.year).toBe(2031);
    // 20 days a year plus the carry-over (at most 5): more than the allowance alone unless it expired.
    expect(vacation?.accrued).toBeGreaterThan(20);
    expect(vacation?.available).toBeGreaterThanOrEqual(0);
  });
});
