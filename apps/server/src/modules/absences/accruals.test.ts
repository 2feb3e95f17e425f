import { type LedgerResponse, ledgerResponseSchema } from '@kadry/shared/schemas/absences';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { AbsencePolicyRow } from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { createSession } from '../../plugins/session-store';
import { type AuthTestApp, agentFor, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';
import { type AccrualInput, accrualEntriesDue } from './accruals';

// Policy rules by example (docs/decisions/018-absence-ledger.md): pro-rating a leaver rounded half up
// to the policy's step, tenure milestones counted at 1 January, carry-over = min(cap, remainder) and
// the expiry of what of it was not used by the expiry date.

const POLICY: AbsencePolicyRow = {
  id: 1,
  companyId: 1,
  absenceTypeId: 1,
  name: 'Vacation',
  isDefault: true,
  yearlyAllowance: 20,
  accrual: 'upfront',
  tenureMilestones: [],
  roundingStep: 0.5,
  carryOverCap: 5,
  carryOverExpiryMonth: 3,
  carryOverExpiryDay: 31,
  allowNegative: false,
  negativeLimit: null,
  counting: 'working_days',
  createdAt: new Date('2030-01-01T00:00:00Z'),
  updatedAt: new Date('2030-01-01T00:00:00Z'),
};

function due(
  policy: Partial<AbsencePolicyRow>,
  employee: Partial<AccrualInput['employee']>,
  today = '2031-12-31',
): { amount: number; sourceKey: string | null | undefined }[] {
  return accrualEntriesDue({
    companyId: 1,
    employee: { id: 7, startOfWork: '2020-01-01', dismissalDate: null, ...employee },
    typeId: 1,
    policy: { ...POLICY, ...policy },
    year: 2031,
    today,
  }).map((entry) => ({ amount: entry.amount, sourceKey: entry.sourceKey }));
}

describe('pro-rating a leaver', () => {
  // Leaving on Mon 14 Jul 2031: 1 Jan – 14 Jul is 195 of 365 days, 20 × 195 / 365 = 10.68.
  it.each([
    [0.5, 10.5],
    [1, 11],
    [0.25, 10.75],
  ])('rounds the upfront allowance half up to a step of %s: %s days', (roundingStep, amount) => {
    expect(due({ roundingStep }, { dismissalDate: '2031-07-14' })).toEqual([
      { amount, sourceKey: 'accrual:2031' },
    ]);
  });

  it('rounds half up, never up: 20 × 181 / 365 = 9.92 is 10, 20 × 172 / 365 = 9.42 is 9.5', () => {
    expect(due({}, { dismissalDate: '2031-06-30' })).toEqual([{ amount: 10, sourceKey: 'accrual:2031' }]);
    expect(due({}, { dismissalDate: '2031-06-21' })).toEqual([{ amount: 9.5, sourceKey: 'accrual:2031' }]);
  });

  it('accrues monthly up to the month of leaving, the months summing to the pro-rated year', () => {
    const entries = due({ accrual: 'monthly' }, { dismissalDate: '2031-07-14' });
    expect(entries.map((entry) => entry.sourceKey)).toEqual([
      'accrual:2031-01',
      'accrual:2031-02',
      'accrual:2031-03',
      'accrual:2031-04',
      'accrual:2031-05',
      'accrual:2031-06',
      'accrual:2031-07',
    ]);
    const sum = entries.reduce((total, entry) => total + Math.round(entry.amount * 100), 0) / 100;
    expect(sum).toBe(10.5);
  });

  it('gives a whole year to someone who leaves on 31 December, and nothing to who left before', () => {
    expect(due({}, { dismissalDate: '2031-12-31' })).toEqual([{ amount: 20, sourceKey: 'accrual:2031' }]);
    expect(due({}, { dismissalDate: '2030-11-30' })).toEqual([]);
  });
});

describe('tenure milestones', () => {
  // Out of order on purpose: the highest milestone reached wins.
  const tenure: Partial<AbsencePolicyRow> = {
    accrual: 'tenure',
    tenureMilestones: [
      { years: 5, allowance: 25 },
      { years: 3, allowance: 22 },
    ],
  };

  it.each([
    ['2029-06-01', 20], // 1 whole year at 1 Jan 2031: the base allowance
    ['2028-01-01', 22], // 3 years on the day
    ['2026-01-02', 22], // 4 years and 364 days: still 3 whole years' worth
    ['2026-01-01', 25], // 5 years on the day
    ['2011-03-01', 25], // 19 years: the highest milestone
  ])('started %s: %s days in 2031', (startOfWork, amount) => {
    expect(due(tenure, { startOfWork })).toEqual([{ amount, sourceKey: 'accrual:2031' }]);
  });

  it('pro-rates a milestone allowance for a leaver (25 × 195 / 365 = 13.36 → 13.5)', () => {
    expect(due(tenure, { startOfWork: '2026-01-01', dismissalDate: '2031-07-14' })).toEqual([
      { amount: 13.5, sourceKey: 'accrual:2031' },
    ]);
  });
});

// Carry-over and expiry through the HTTP API: HR enters approved absences (create_absence), the
// employee reads the ledger. The default policy: 20 days upfront, up to 5 carried over, expiring
// after 31 March. The clock starts at 2031-03-10.
describe('carry-over and its expiry', () => {
  let t: AuthTestApp;
  let company: Company;
  let hr: StaffMember;
  let capped: StaffMember;
  let under: StaffMember;

  async function enter(who: StaffMember, dateFrom: string, dateTo: string, days: number) {
    const response = await callAs(t, hr, 'POST', '/api/v1/employee-request/requests', {
      absence_type: 'vacation',
      employee_id: who.user.employeeId,
      date_from: dateFrom,
      date_to: dateTo,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ status: 'approved', days });
  }

  async function ledger(who: StaffMember, year: number): Promise<LedgerResponse['data']> {
    const response = await callAs(
      t,
      who,
      'GET',
      `/api/v1/absences/ledger?absence_type=vacation&year=${year}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return ledgerResponseSchema.parse(response.json()).data;
  }

  /** A fresh session at the clock's time (seeded sessions last a day). */
  async function signInAgain(who: StaffMember): Promise<StaffMember> {
    const token = await createSession(t.database.db, {
      companyId: company.id,
      userId: who.user.id,
      now: t.clock.now,
      maxAgeMs: 24 * 3_600_000,
    });
    return { user: who.user, headers: { ...agentFor(token).headers, host: who.headers.host } };
  }

  function amountsOf(data: LedgerResponse['data'], kind: string): number[] {
    return data.entries.filter((entry) => entry.kind === kind).map((entry) => entry.amount);
  }

  beforeAll(async () => {
    t = await createAuthTestApp();
    company = await seedCompany(t.database.db);
    hr = await seedStaff(t, company, 'hr');
    capped = await seedStaff(t, company, 'employee');
    under = await seedStaff(t, company, 'employee');
    for (const who of [capped, under]) {
      await t.database.db
        .update(employees)
        .set({ startOfWork: '2020-01-01' })
        .where(eq(employees.id, who.user.employeeId));
    }
    // 2030: `capped` takes 12 of 20 (8 left), `under` 17 (3 left).
    await enter(capped, '2030-06-03', '2030-06-18', 12);
    await enter(under, '2030-06-03', '2030-06-25', 17);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('carries over min(cap, last year’s remainder)', async () => {
    expect(amountsOf(await ledger(capped, 2031), 'carry_over')).toEqual([5]);
    expect(amountsOf(await ledger(under, 2031), 'carry_over')).toEqual([3]);
  });

  it('expires what was not used by the expiry date, however early later days were booked', async () => {
    // Before 31 March `capped` takes 2 days in February and Mon 31 March of an absence to Tue 1
    // April; 3 days in June are booked now too. Carried days are spent first: 3 of 5 used by then.
    await enter(capped, '2031-02-03', '2031-02-04', 2);
    await enter(capped, '2031-03-31', '2031-04-01', 2);
    await enter(capped, '2031-06-02', '2031-06-04', 3);
    const before = await ledger(capped, 2031);
    expect(amountsOf(before, 'expiry')).toEqual([]);

    t.clock.advance(23 * 24 * 3_600_000); // 2 April 2031
    capped = await signInAgain(capped);
    under = await signInAgain(under);
    const after = await ledger(capped, 2031);
    expect(amountsOf(after, 'expiry')).toEqual([-2]);
    expect(after.balance).toMatchObject({ accrued: 20 + 5 - 2, used: 7, available: 16 });
    // `under` used none of their 3 carried days: all expire.
    expect(amountsOf(await ledger(under, 2031), 'expiry')).toEqual([-3]);
    // Written once: reading again adds nothing.
    expect(amountsOf(await ledger(capped, 2031), 'expiry')).toEqual([-2]);
  });
});
