import type { DayCounting } from '@kadry/shared/schemas/absences';
import type { AbsencePolicyRow } from '../../db/schema/absences';
import {
  type AbsenceEmployee,
  findEmployeeCalendar,
  insertLedgerEntries,
  listRequestUses,
  type NewLedgerEntry,
  sumLedger,
  type Tx,
} from './absences.queries';
import {
  allowanceForTenure,
  countSpanByYear,
  fromHundredths,
  prorateAllowance,
  toHundredths,
  wholeYearsBetween,
} from './day-count';

// Accrual, carry-over and expiry entries of the ledger, generated on demand (when a balance is read
// or checked) and idempotent through their source keys (docs/decisions/018-absence-ledger.md).

export type AccrualInput = {
  companyId: number;
  employee: Pick<AbsenceEmployee, 'id' | 'startOfWork' | 'dismissalDate'>;
  typeId: number;
  policy: AbsencePolicyRow;
  year: number;
  /** Today in the employee's calendar zone. */
  today: string;
};

function lastDayOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The yearly allowance for the year, in hundredths (tenure counted at the start of the year). */
function allowanceOf(input: AccrualInput): number {
  const base = toHundredths(input.policy.yearlyAllowance);
  if (input.policy.accrual !== 'tenure' || !input.employee.startOfWork) return base;
  const years = wholeYearsBetween(input.employee.startOfWork, `${input.year}-01-01`);
  return allowanceForTenure(base, input.policy.tenureMilestones, years);
}

/**
 * The accrual entries due for a year. Upfront and tenure: the whole (pro-rated) allowance at once.
 * Monthly: one entry per month that has begun, each the difference of the cumulative pro-rated
 * amount, so the months sum exactly to the yearly amount and rounding never drifts.
 */
export function accrualEntriesDue(input: AccrualInput): NewLedgerEntry[] {
  const { policy, year, employee } = input;
  const step = toHundredths(policy.roundingStep);
  const allowance = allowanceOf(input);
  const base = {
    companyId: input.companyId,
    employeeId: employee.id,
    absenceTypeId: input.typeId,
    periodYear: year,
    kind: 'accrual' as const,
  };
  if (policy.accrual !== 'monthly') {
    const amount = prorateAllowance({
      allowanceHundredths: allowance,
      year,
      startOfWork: employee.startOfWork,
      endOfWork: employee.dismissalDate,
      stepHundredths: step,
    });
    return amount === 0 ? [] : [{ ...base, amount: fromHundredths(amount), sourceKey: `accrual:${year}` }];
  }
  const entries: NewLedgerEntry[] = [];
  let before = 0;
  for (let month = 1; month <= 12; month += 1) {
    const monthStart = `${year}-${String(month).padStart(2, '0')}-01`;
    if (monthStart > input.today) break;
    const monthEnd = lastDayOfMonth(year, month);
    const end =
      employee.dismissalDate && employee.dismissalDate < monthEnd ? employee.dismissalDate : monthEnd;
    // Pro-rated over Jan 1 … end of this month, against the whole year: the cumulative accrual.
    const cumulative = prorateAllowance({
      allowanceHundredths: allowance,
      year,
      startOfWork: employee.startOfWork,
      endOfWork: end,
      stepHundredths: step,
    });
    if (cumulative !== before) {
      entries.push({
        ...base,
        amount: fromHundredths(cumulative - before),
        sourceKey: `accrual:${year}-${String(month).padStart(2, '0')}`,
      });
    }
    before = cumulative;
  }
  return entries;
}

/**
 * The days of `input.year` taken by `date` (inclusive), in hundredths: what approved absences used
 * of the year's balance on days up to then. Absences booked for later days do not count, however
 * early they were approved or however late the expiry is written; one that spans the date counts
 * its days up to it, on the employee's calendar (capped at what it took).
 */
async function usedByDate(tx: Tx, input: AccrualInput, date: string): Promise<number> {
  const { companyId, employee, typeId, year } = input;
  const uses = await listRequestUses(tx, companyId, { employeeId: employee.id, absenceTypeId: typeId, year });
  const yearFirst = `${year}-01-01`;
  let used = 0;
  for (const use of uses) {
    const taken = -toHundredths(use.amount);
    if (taken <= 0 || use.dateFrom > date) continue;
    if (use.dateTo <= date) {
      used += taken;
      continue;
    }
    const dateFrom = use.dateFrom < yearFirst ? yearFirst : use.dateFrom;
    const calendar = await findEmployeeCalendar(tx, companyId, employee.id, { from: dateFrom, to: date });
    const span = {
      dateFrom,
      dateTo: date,
      halfDayStart: dateFrom === use.dateFrom && use.halfDayStart,
      halfDayEnd: false,
    };
    const counting = input.policy.counting as DayCounting;
    used += Math.min(taken, countSpanByYear(calendar, span, counting).get(year) ?? 0);
  }
  return used;
}

/**
 * Writes what is due for (employee, type, year): accruals; the carry-over of last year's positive
 * balance up to the cap (for years that have begun, corrected by a further entry when last year's
 * ledger changed since); and, once the expiry date has passed, the expiry of carried days not used
 * by then (carried days are spent first). Call under the employee's absence lock.
 */
export async function ensureAccruals(tx: Tx, input: AccrualInput): Promise<void> {
  await insertLedgerEntries(tx, accrualEntriesDue(input));
  const { policy, year, today } = input;
  if (policy.carryOverCap === null || `${year}-01-01` > today) return;
  const key = { employeeId: input.employee.id, absenceTypeId: input.typeId };
  const last = await sumLedger(tx, input.companyId, { ...key, year: year - 1 });
  if (last.size === 0) return;
  const lastBalance = [...last.values()].reduce((a, b) => a + toHundredths(b), 0);
  const due = Math.min(toHundredths(policy.carryOverCap), Math.max(0, lastBalance));
  const current = await sumLedger(tx, input.companyId, { ...key, year });
  const carried = toHundredths(current.get('carry_over') ?? 0);
  if (due !== carried && current.get('expiry') === undefined) {
    await insertLedgerEntries(tx, [
      {
        companyId: input.companyId,
        ...key,
        periodYear: year,
        kind: 'carry_over',
        amount: fromHundredths(due - carried),
        note: `carried over from ${year - 1}`,
      },
    ]);
  }
  if (policy.carryOverExpiryMonth === null || policy.carryOverExpiryDay === null) return;
  const expiry = `${year}-${String(policy.carryOverExpiryMonth).padStart(2, '0')}-${String(policy.carryOverExpiryDay).padStart(2, '0')}`;
  // Written once: the year's expiry, once there, is not counted again on every later call.
  if (today <= expiry || current.get('expiry') !== undefined) return;
  const used = await usedByDate(tx, input, expiry);
  const expired = Math.max(0, due - Math.max(0, used));
  if (expired > 0) {
    await insertLedgerEntries(tx, [
      {
        companyId: input.companyId,
        ...key,
        periodYear: year,
        kind: 'expiry',
        amount: -fromHundredths(expired),
        sourceKey: `expiry:${year}`,
        note: `carry-over unused by ${expiry}`,
      },
    ]);
  }
}
