import type { AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../test/db';
import type { DatabaseHandle } from '../../db/client';
import {
  absenceLedgerEntries,
  absencePolicies,
  absencePolicyAssignments,
  absenceRequestSteps,
  absenceRequests,
  calendarDays,
  employeeCalendars,
  workCalendars,
} from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { roles } from '../../db/schema/roles';
import { type User, users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { createEventBus } from '../../lib/event-bus';
import { type Access, maskPermissionsByPlan } from '../../plugins/access/access';
import { findRolePermissions } from '../../plugins/access/roles';
import { findTeamReach } from '../../plugins/access/team-reach';
import { seedUser } from '../auth/auth-test-support';
import {
  type AbsencesContext,
  cancelAbsenceRequest,
  createAbsenceRequest,
  decideAbsenceRequest,
  getOwnBalance,
  listTypes,
  revokeAbsenceRequest,
} from './absences.service';
import { fromDayNumber, isoWeekday, toDayNumber, todayIn } from './day-count';

// Properties of the absence rules against the real service on the test database (issue 14, "Must
// show"; docs/decisions/018-absence-ledger.md). Each run is a fresh person on a random calendar
// (worked weekdays, holidays, days off, transferred working days, a time zone from UTC−11 to UTC+14)
// with a random vacation policy (allowance, accrual, carry-over, negative balance, counting), then a
// random sequence of requests across New Year (half days included) and decisions on them:
// - a refused request or decision changes nothing (rows, statuses and ledger sums identical);
// - the ledger's sum always equals the reported balance: accrued − used = the ledger's sum, pending
//   = the pending requests' share of the year, available = ledger − pending;
// - no day is counted twice: live day-based requests never overlap, and the ledger holds exactly one
//   absence entry per approved request and period, and one reversal per revoked one;
// - a holiday or day off is never counted: every request's amount is its days counted one by one.

let handle: DatabaseHandle;
let company: Company;
let ownerAccess: Access;
let employeeRoleId: number;
let vacationTypeId: number;
let runCounter = 0;

/** The clock: the last day of 2031 at noon UTC, already 2032 in Kiritimati and still 2031 in Pago Pago. */
const NOW = new Date('2031-12-31T12:00:00Z');
const FIRST_DAY = toDayNumber('2030-12-01');
const LAST_DAY = toDayNumber('2032-01-31');
const ZONES = ['UTC', 'Europe/Kyiv', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'] as const;
const TYPES = ['vacation', 'vacation', 'vacation', 'home_work', 'sick_days', 'unpaid_vacation'] as const;

async function accessOf(user: User, key: 'owner' | 'employee'): Promise<Access> {
  const permissions = await findRolePermissions(handle.db, {
    id: user.roleId,
    key,
    companyId: company.id,
  });
  return {
    user: {
      id: user.id,
      companyId: user.companyId,
      employeeId: user.employeeId,
      roleId: user.roleId,
      roleKey: key,
      email: user.email,
      name: user.name,
      locale: user.locale,
      timezone: user.timezone,
      publicId: user.publicId,
      impersonator: null,
    },
    role: { id: user.roleId, key },
    permissions: maskPermissionsByPlan(permissions, company.tariffs),
    ...(await findTeamReach(handle.db, user)),
  };
}

function contextOf(access: Access): AbsencesContext {
  // No subscribers: publishing writes nothing, which keeps the property about absence rows only.
  const events = createEventBus({ db: handle.db, log: { error: () => {}, warn: () => {} } });
  return { db: handle.db, access, events, now: () => NOW };
}

const dayArb = fc.integer({ min: FIRST_DAY, max: LAST_DAY });

const scenarioArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
  holidays: fc.uniqueArray(dayArb, { maxLength: 40 }),
  transfers: fc.uniqueArray(dayArb, { maxLength: 6 }),
  startOfWork: fc.option(fc.integer({ min: toDayNumber('2029-06-01'), max: toDayNumber('2031-09-30') }), {
    nil: null,
  }),
  policy: fc.record({
    allowance: fc.integer({ min: 0, max: 60 }).map((halves) => halves / 2),
    accrual: fc.constantFrom('upfront' as const, 'monthly' as const),
    carryOverCap: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
    expires: fc.boolean(),
    allowNegative: fc.boolean(),
    negativeLimit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    counting: fc.constantFrom('working_days' as const, 'calendar_days' as const),
  }),
  commands: fc.array(
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('create' as const),
          type: fc.constantFrom(...TYPES),
          from: dayArb,
          length: fc.integer({ min: 0, max: 14 }),
          halfDayStart: fc.boolean(),
          halfDayEnd: fc.boolean(),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constantFrom(
            'approve' as const,
            'approve' as const,
            'reject' as const,
            'cancel' as const,
            'revoke' as const,
            'revoke' as const,
          ),
          pick: fc.nat(),
        }),
      },
    ),
    { minLength: 4, maxLength: 16 },
  ),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** A fresh person with their own calendar and vacation policy. */
async function seedPerson(scenario: Scenario) {
  const { db } = handle;
  runCounter += 1;
  const [employee] = await db
    .insert(employees)
    .values({
      companyId: company.id,
      firstName: 'Prop',
      lastName: `Person ${runCounter}`,
      startOfWork: scenario.startOfWork === null ? null : fromDayNumber(scenario.startOfWork),
    })
    .returning({ id: employees.id });
  if (!employee) throw new Error('no employee');
  const [user] = await db
    .insert(users)
    .values({
      companyId: company.id,
      employeeId: employee.id,
      email: `prop${runCounter}-${Date.now()}@example.test`,
      name: `Prop ${runCounter}`,
      roleId: employeeRoleId,
    })
    .returning();
  if (!user) throw new Error('no user');
  const [calendar] = await db
    .insert(workCalendars)
    .values({
      companyId: company.id,
      name: `Calendar ${runCounter}`,
      timeZone: scenario.zone,
      workingWeekdays: scenario.weekdays,
    })
    .returning({ id: workCalendars.id });
  if (!calendar) throw new Error('no calendar');
  await db
    .insert(employeeCalendars)
    .values({ companyId: company.id, employeeId: employee.id, calendarId: calendar.id });
  const holidays = new Set(scenario.holidays.map(fromDayNumber));
  const transfers = new Set(scenario.transfers.map(fromDayNumber).filter((date) => !holidays.has(date)));
  const exceptions = [
    ...[...holidays].map((date, index) => ({
      date,
      kind: index % 3 === 0 ? 'company_day_off' : 'public_holiday',
    })),
    ...[...transfers].map((date) => ({ date, kind: 'working_day' })),
  ];
  if (exceptions.length > 0) {
    await db
      .insert(calendarDays)
      .values(exceptions.map((day) => ({ ...day, companyId: company.id, calendarId: calendar.id })));
  }
  const { policy } = scenario;
  const [row] = await db
    .insert(absencePolicies)
    .values({
      companyId: company.id,
      absenceTypeId: vacationTypeId,
      name: `Policy ${runCounter}`,
      yearlyAllowance: policy.allowance,
      accrual: policy.accrual,
      carryOverCap: policy.carryOverCap,
      carryOverExpiryMonth: policy.expires ? 3 : null,
      carryOverExpiryDay: policy.expires ? 31 : null,
      allowNegative: policy.allowNegative,
      negativeLimit: policy.negativeLimit,
      counting: policy.counting,
    })
    .returning({ id: absencePolicies.id });
  if (!row) throw new Error('no policy');
  await db
    .insert(absencePolicyAssignments)
    .values({ companyId: company.id, policyId: row.id, employeeId: employee.id });
  return { employeeId: employee.id, user, holidays, transfers };
}

/** Everything of the person's absences a refusal must leave untouched. */
async function snapshot(employeeId: number) {
  const { db } = handle;
  const requests = await db
    .select({ id: absenceRequests.id, status: absenceRequests.status, amount: absenceRequests.amount })
    .from(absenceRequests)
    .where(and(eq(absenceRequests.companyId, company.id), eq(absenceRequests.employeeId, employeeId)))
    .orderBy(asc(absenceRequests.id));
  const steps = await db
    .select({ id: absenceRequestSteps.id, status: absenceRequestSteps.status })
    .from(absenceRequestSteps)
    .innerJoin(absenceRequests, eq(absenceRequests.id, absenceRequestSteps.requestId))
    .where(and(eq(absenceRequestSteps.companyId, company.id), eq(absenceRequests.employeeId, employeeId)))
    .orderBy(asc(absenceRequestSteps.id));
  const ledger = await db
    .select({
      type: absenceLedgerEntries.absenceTypeId,
      year: absenceLedgerEntries.periodYear,
      kind: absenceLedgerEntries.kind,
      rows: sql<number>`count(*)::int`,
      total: sql<string>`sum(${absenceLedgerEntries.amount})::text`,
    })
    .from(absenceLedgerEntries)
    .where(
      and(eq(absenceLedgerEntries.companyId, company.id), eq(absenceLedgerEntries.employeeId, employeeId)),
    )
    .groupBy(absenceLedgerEntries.absenceTypeId, absenceLedgerEntries.periodYear, absenceLedgerEntries.kind)
    .orderBy(absenceLedgerEntries.absenceTypeId, absenceLedgerEntries.periodYear, absenceLedgerEntries.kind);
  return { requests, steps, ledger };
}

/** The reference count: each day of the range on its own (holidays and days off never count). */
function countByHand(
  person: { holidays: Set<string>; transfers: Set<string> },
  weekdays: readonly number[],
  counting: 'working_days' | 'calendar_days',
  span: { from: number; to: number; halfDayStart: boolean; halfDayEnd: boolean },
): number {
  let halves = 0;
  for (let day = span.from; day <= span.to; day += 1) {
    const date = fromDayNumber(day);
    if (person.holidays.has(date)) continue;
    const worked = weekdays.includes(isoWeekday(day)) || person.transfers.has(date);
    if (counting === 'working_days' && !worked) continue;
    let share = 2;
    if (day === span.from && span.halfDayStart) share -= 1;
    if (day === span.to && span.halfDayEnd) share -= 1;
    halves += share;
  }
  return halves / 2;
}

async function checkLedger(employeeCtx: AbsencesContext, employeeId: number, zone: string) {
  const { db } = handle;
  const year = Number(todayIn(zone, NOW).slice(0, 4));
  const reported = (await getOwnBalance(employeeCtx)).find((row) => row.absence_type === 'vacation');
  expect(reported?.year).toBe(year);
  const [ledger] = await db
    .select({ total: sql<string | null>`sum(${absenceLedgerEntries.amount})::text` })
    .from(absenceLedgerEntries)
    .where(
      and(
        eq(absenceLedgerEntries.companyId, company.id),
        eq(absenceLedgerEntries.employeeId, employeeId),
        eq(absenceLedgerEntries.absenceTypeId, vacationTypeId),
        eq(absenceLedgerEntries.periodYear, year),
      ),
    );
  const [pending] = await db
    .select({
      total: sql<string | null>`sum((${absenceRequests.amountByYear} ->> ${String(year)})::numeric)::text`,
    })
    .from(absenceRequests)
    .where(
      and(
        eq(absenceRequests.companyId, company.id),
        eq(absenceRequests.employeeId, employeeId),
        eq(absenceRequests.absenceTypeId, vacationTypeId),
        eq(absenceRequests.status, 'pending'),
      ),
    );
  const ledgerSum = Math.round(Number(ledger?.total ?? 0) * 100);
  const pendingSum = Math.round(Number(pending?.total ?? 0) * 100);
  const hundredths = (value: number | undefined) => Math.round((value ?? Number.NaN) * 100);
  expect(hundredths(reported?.accrued) - hundredths(reported?.used)).toBe(ledgerSum);
  expect(hundredths(reported?.pending)).toBe(pendingSum);
  expect(hundredths(reported?.available)).toBe(ledgerSum - pendingSum);
}

/** No day twice: live requests never overlap; the ledger mirrors exactly the approved and revoked ones. */
async function checkRequests(
  employeeId: number,
  person: { holidays: Set<string>; transfers: Set<string> },
  scenario: Scenario,
  typeCodes: Map<number, AbsenceTypeCode>,
) {
  const { db } = handle;
  const rows = await db
    .select()
    .from(absenceRequests)
    .where(and(eq(absenceRequests.companyId, company.id), eq(absenceRequests.employeeId, employeeId)));
  const live = rows.filter((row) => row.status === 'pending' || row.status === 'approved');
  for (const [index, a] of live.entries()) {
    for (const b of live.slice(index + 1)) {
      const x = [
        toDayNumber(a.dateFrom) * 2 + (a.halfDayStart ? 1 : 0),
        toDayNumber(a.dateTo) * 2 + (a.halfDayEnd ? 1 : 2),
      ];
      const y = [
        toDayNumber(b.dateFrom) * 2 + (b.halfDayStart ? 1 : 0),
        toDayNumber(b.dateTo) * 2 + (b.halfDayEnd ? 1 : 2),
      ];
      const overlap = Math.min(x[1] ?? 0, y[1] ?? 0) - Math.max(x[0] ?? 0, y[0] ?? 0);
      expect(overlap, `requests ${a.id} and ${b.id} overlap`).toBeLessThanOrEqual(0);
    }
  }
  for (const row of rows) {
    const isVacation = typeCodes.get(row.absenceTypeId) === 'vacation';
    const counting = isVacation ? scenario.policy.counting : 'working_days';
    const expected = countByHand(person, scenario.weekdays, counting, {
      from: toDayNumber(row.dateFrom),
      to: toDayNumber(row.dateTo),
      halfDayStart: row.halfDayStart,
      halfDayEnd: row.halfDayEnd,
    });
    expect(row.amount, `request ${row.id}: counted day by day`).toBe(expected);
    const byYear = Object.values(row.amountByYear).reduce((sum, amount) => sum + amount, 0);
    expect(Math.round(byYear * 100)).toBe(Math.round(row.amount * 100));
  }
  const entries = await db
    .select()
    .from(absenceLedgerEntries)
    .where(
      and(
        eq(absenceLedgerEntries.companyId, company.id),
        eq(absenceLedgerEntries.employeeId, employeeId),
        sql`${absenceLedgerEntries.kind} in ('absence', 'absence_reversal')`,
      ),
    );
  const expected: string[] = [];
  for (const row of rows) {
    if (typeCodes.get(row.absenceTypeId) !== 'vacation') continue;
    for (const [year, amount] of Object.entries(row.amountByYear)) {
      if (row.status === 'approved' || row.status === 'revoked')
        expected.push(`${row.id}:${year}:absence:${-amount}`);
      if (row.status === 'revoked') expected.push(`${row.id}:${year}:absence_reversal:${amount}`);
    }
  }
  const actual = entries.map(
    (entry) => `${entry.requestId}:${entry.periodYear}:${entry.kind}:${entry.amount}`,
  );
  expect(actual.sort()).toEqual(expected.sort());
}

beforeAll(async () => {
  handle = await createTestDatabase();
  company = await seedCompany(handle.db);
  const { user: owner } = await seedUser(handle.db, company.id, { role: 'owner' });
  ownerAccess = await accessOf(owner, 'owner');
  const [role] = await handle.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, company.id), eq(roles.key, 'employee')));
  employeeRoleId = role?.id ?? 0;
  const types = await listTypes(contextOf(ownerAccess));
  vacationTypeId = types.find((type) => type.code === 'vacation')?.id ?? 0;
  expect(employeeRoleId).toBeGreaterThan(0);
  expect(vacationTypeId).toBeGreaterThan(0);
});

afterAll(async () => {
  await handle?.close();
});

describe('absence rules over random calendars, policies and request sequences', () => {
  it('a refusal changes nothing, the ledger always matches the balance, no day is counted twice', async () => {
    const typeCodes = new Map(
      (await listTypes(contextOf(ownerAccess))).map((type) => [type.id, type.code] as const),
    );
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const person = await seedPerson(scenario);
        const employeeCtx = contextOf(await accessOf(person.user, 'employee'));
        const ownerCtx = contextOf(ownerAccess);
        const created: number[] = [];
        for (const command of scenario.commands) {
          const before = await snapshot(person.employeeId);
          let refused = false;
          try {
            if (command.kind === 'create') {
              const result = await createAbsenceRequest(employeeCtx, {
                absence_type: command.type,
                date_from: fromDayNumber(command.from),
                date_to: fromDayNumber(Math.min(command.from + command.length, LAST_DAY)),
                half_day_start: command.halfDayStart,
                half_day_end: command.halfDayEnd,
              });
              created.push(result.id);
            } else {
              // Mostly one of the latest requests, so decisions meet requests in every state.
              const recent = Math.min(created.length, command.pick % 2 === 0 ? 2 : created.length);
              const id = created[created.length - 1 - (Math.floor(command.pick / 2) % Math.max(1, recent))];
              if (id === undefined) continue;
              if (command.kind === 'approve') {
                // The whole chain (manager, then HR): each step is one decision.
                let status = (await decideAbsenceRequest(ownerCtx, id, 'approve', undefined)).status;
                while (status === 'pending')
                  status = (await decideAbsenceRequest(ownerCtx, id, 'approve', undefined)).status;
              } else if (command.kind === 'reject') await decideAbsenceRequest(ownerCtx, id, 'reject', 'no');
              else if (command.kind === 'cancel') await cancelAbsenceRequest(employeeCtx, id);
              else await revokeAbsenceRequest(ownerCtx, id, 'property');
            }
          } catch (error) {
            // Only the rules' own refusals (4xx); anything else is a bug the property must show.
            if (!(error instanceof AppError) || error.status >= 500) throw error;
            refused = true;
          }
          if (refused) expect(await snapshot(person.employeeId)).toEqual(before);
          await checkLedger(employeeCtx, person.employeeId, scenario.zone);
        }
        await checkRequests(person.employeeId, person, scenario, typeCodes);
      }),
      // Each run writes to the database: shrinking would replay hundreds of them, so a failure is
      // reported as found (with its seed and the whole counterexample).
      { numRuns: 30, endOnFailure: true },
    );
  }, 60_000);
});
