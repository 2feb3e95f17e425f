import type { DayCounting } from '@kadry/shared/schemas/absences';
import { type DayCalendar, fromDayNumber, isCountedDay, toDayNumber, toHundredths } from '../day-count';
import type { CountingSources, DateRange } from './reports.queries';

// Pure helpers of the reports: the counted days of a request inside a range (the same rules as the
// request engine, day-count.ts), each person's non-working days, and which counting applies.

/** The calendar of whoever has none: Monday–Friday, no holidays (as the request engine does). */
export const DEFAULT_CALENDAR: DayCalendar = {
  workingWeekdays: new Set([1, 2, 3, 4, 5]),
  daysOff: new Set(),
};

/** The first and last day of a span of months (YYYY-MM, both included). */
export function monthsRange(from: string, to: string): DateRange {
  const [year, month] = to.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 1970, month ?? 1, 0)).getUTCDate();
  return { from: `${from}-01`, to: `${to}-${String(last).padStart(2, '0')}` };
}

/** Every date of a range, in order. */
export function datesOf(range: DateRange): string[] {
  const dates: string[] = [];
  for (let day = toDayNumber(range.from); day <= toDayNumber(range.to); day += 1)
    dates.push(fromDayNumber(day));
  return dates;
}

/** The days of a range a person does not work: weekends of their calendar, holidays and days off. */
export function nonWorkingDays(calendar: DayCalendar, range: DateRange): string[] {
  const days: string[] = [];
  for (let day = toDayNumber(range.from); day <= toDayNumber(range.to); day += 1) {
    if (!isCountedDay(calendar, day, 'working_days')) days.push(fromDayNumber(day));
  }
  return days;
}

/** What of a request the day amounts need. */
export type CountedRequest = {
  dateFrom: string;
  dateTo: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  hours: number | null;
};

/**
 * The counted days of a request that fall in a range, each with its amount in hundredths of the
 * type's unit: 100 or 50 (half days) per counted day, the hours of an hourly request on its day.
 * Summed over the request's whole span they make its stored amount.
 */
export function countedDaysIn(
  request: CountedRequest,
  unit: string,
  calendar: DayCalendar,
  counting: DayCounting,
  range: DateRange,
): { date: string; hundredths: number }[] {
  if (unit === 'hours') {
    const inRange = request.dateFrom >= range.from && request.dateFrom <= range.to;
    return inRange ? [{ date: request.dateFrom, hundredths: toHundredths(request.hours ?? 0) }] : [];
  }
  const first = toDayNumber(request.dateFrom);
  const last = toDayNumber(request.dateTo);
  const start = Math.max(first, toDayNumber(range.from));
  const end = Math.min(last, toDayNumber(range.to));
  const days: { date: string; hundredths: number }[] = [];
  for (let day = start; day <= end; day += 1) {
    if (!isCountedDay(calendar, day, counting)) continue;
    let cover = 100;
    if (day === first && request.halfDayStart) cover -= 50;
    if (day === last && request.halfDayEnd) cover -= 50;
    if (cover > 0) days.push({ date: fromDayNumber(day), hundredths: cover });
  }
  return days;
}

/**
 * How each person counts each type: the policy assigned to them, else one assigned to one of their
 * teams (the oldest), else the type's default policy, else the type's own counting. The in-memory
 * twin of the request engine's policy lookup (absences.queries.ts findPolicyFor).
 */
export function countingResolver(
  sources: CountingSources,
  typeCounting: ReadonlyMap<number, DayCounting>,
): (employeeId: number, typeId: number) => DayCounting {
  const teamsOf = new Map<number, Set<number>>();
  for (const { employeeId, teamId } of sources.memberships) {
    const set = teamsOf.get(employeeId) ?? new Set<number>();
    set.add(teamId);
    teamsOf.set(employeeId, set);
  }
  const policyById = new Map(sources.policies.map((policy) => [policy.id, policy]));
  const cache = new Map<string, DayCounting>();
  return (employeeId, typeId) => {
    const key = `${employeeId}:${typeId}`;
    const known = cache.get(key);
    if (known) return known;
    const teams = teamsOf.get(employeeId) ?? new Set<number>();
    let own: number | undefined;
    let team: number | undefined;
    for (const assignment of sources.assignments) {
      const policy = policyById.get(assignment.policyId);
      if (!policy || policy.absenceTypeId !== typeId) continue;
      if (assignment.employeeId === employeeId) own = Math.min(own ?? policy.id, policy.id);
      else if (assignment.teamId !== null && teams.has(assignment.teamId)) {
        team = Math.min(team ?? policy.id, policy.id);
      }
    }
    const fallback = sources.policies.find((policy) => policy.absenceTypeId === typeId && policy.isDefault);
    const policyId = own ?? team ?? fallback?.id;
    const counting = ((policyId === undefined ? undefined : policyById.get(policyId)?.counting) ??
      typeCounting.get(typeId) ??
      'working_days') as DayCounting;
    cache.set(key, counting);
    return counting;
  };
}
