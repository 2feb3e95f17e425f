import type { DayCounting } from '@kadry/shared/schemas/absences';

// The day-counting engine of absences (docs/decisions/018-absence-ledger.md). Pure: plain dates
// (YYYY-MM-DD, no time, no zone) in, numbers out. Amounts are kept in hundredths internally so sums
// are exact; the wire and the ledger hold them as numeric(8,2).

/** Days since 1970-01-01 of a plain date; the date is read as a calendar date, never as an instant. */
export function toDayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000);
}

export function fromDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

export function yearOf(day: number): number {
  return new Date(day * 86_400_000).getUTCFullYear();
}

/** A work calendar as the engine sees it. */
export type DayCalendar = {
  /** ISO weekdays worked (1 = Monday). */
  workingWeekdays: ReadonlySet<number>;
  /** Public holidays and company days off by date: never counted, whatever the counting. */
  daysOff: ReadonlySet<string>;
  /** Weekend days made working (a transferred day): counted as working days. */
  extraWorkingDays?: ReadonlySet<string>;
};

/** A request's span: the first day may start at midday, the last may end at midday. */
export type DaySpan = {
  dateFrom: string;
  dateTo: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
};

/** Whether one day counts: never a day off; on working_days only worked weekdays or transferred days. */
export function isCountedDay(calendar: DayCalendar, day: number, counting: DayCounting): boolean {
  const date = fromDayNumber(day);
  if (calendar.daysOff.has(date)) return false;
  if (counting === 'calendar_days') return true;
  return calendar.workingWeekdays.has(isoWeekday(day)) || (calendar.extraWorkingDays?.has(date) ?? false);
}

/** How much of one day a span covers, in hundredths of a day: 0, 50 or 100. */
function coverOf(span: DaySpan, day: number, first: number, last: number): number {
  let cover = 100;
  if (day === first && span.halfDayStart) cover -= 50;
  if (day === last && span.halfDayEnd) cover -= 50;
  return Math.max(0, cover);
}

/** Counted days of a span split by calendar year, in hundredths. Years with nothing counted are absent. */
export function countSpanByYear(
  calendar: DayCalendar,
  span: DaySpan,
  counting: DayCounting,
): Map<number, number> {
  const first = toDayNumber(span.dateFrom);
  const last = toDayNumber(span.dateTo);
  const byYear = new Map<number, number>();
  for (let day = first; day <= last; day += 1) {
    if (!isCountedDay(calendar, day, counting)) continue;
    const cover = coverOf(span, day, first, last);
    if (cover === 0) continue;
    const year = yearOf(day);
    byYear.set(year, (byYear.get(year) ?? 0) + cover);
  }
  return byYear;
}

/** Counted days of a span in hundredths (the sum over years). */
export function countSpan(calendar: DayCalendar, span: DaySpan, counting: DayCounting): number {
  let total = 0;
  for (const amount of countSpanByYear(calendar, span, counting).values()) total += amount;
  return total;
}

/**
 * A span as a half-open interval of half days: day d's morning is 2d, its afternoon 2d+1. Two
 * halves of one day are adjacent, not overlapping.
 */
export function halfDayInterval(span: DaySpan): { start: number; end: number } {
  const start = toDayNumber(span.dateFrom) * 2 + (span.halfDayStart ? 1 : 0);
  const end = toDayNumber(span.dateTo) * 2 + (span.halfDayEnd ? 1 : 2);
  return { start, end };
}

/** Whether a span covers any time at all (a single day both starting and ending at midday does not). */
export function isSpanEmpty(span: DaySpan): boolean {
  const { start, end } = halfDayInterval(span);
  return end <= start;
}

/** True interval intersection, not endpoints: the spans share at least one half day. */
export function doSpansOverlap(a: DaySpan, b: DaySpan): boolean {
  const x = halfDayInterval(a);
  const y = halfDayInterval(b);
  // An empty span (one day starting and ending at midday) covers no time, so it shares none.
  if (x.end <= x.start || y.end <= y.start) return false;
  return x.start < y.end && y.start < x.end;
}

/** Rounds half up to a multiple of `step` (in hundredths): 0.74 → 0.5, 0.75 → 1 with step 0.5. */
export function roundToStep(hundredths: number, stepHundredths: number): number {
  if (stepHundredths <= 0) return Math.round(hundredths);
  return Math.floor(hundredths / stepHundredths + 0.5) * stepHundredths;
}

/**
 * A yearly allowance pro-rated for the part of `year` between `startOfWork` and `endOfWork`
 * (inclusive, either may be null), by calendar days, rounded half up to `stepHundredths`; in
 * hundredths. Rounded, never rounded up (frappe/hrms PR#664).
 */
export function prorateAllowance(input: {
  allowanceHundredths: number;
  year: number;
  startOfWork: string | null;
  endOfWork: string | null;
  stepHundredths: number;
}): number {
  const yearFirst = toDayNumber(`${input.year}-01-01`);
  const yearLast = toDayNumber(`${input.year}-12-31`);
  const from = Math.max(yearFirst, input.startOfWork ? toDayNumber(input.startOfWork) : yearFirst);
  const to = Math.min(yearLast, input.endOfWork ? toDayNumber(input.endOfWork) : yearLast);
  if (to < from) return 0;
  const covered = to - from + 1;
  const whole = yearLast - yearFirst + 1;
  if (covered === whole) return input.allowanceHundredths;
  return roundToStep((input.allowanceHundredths * covered) / whole, input.stepHundredths);
}

/** The allowance for a number of whole years of service, by tenure milestones (highest reached wins). */
export function allowanceForTenure(
  baseHundredths: number,
  milestones: readonly { years: number; allowance: number }[],
  yearsOfService: number,
): number {
  let allowance = baseHundredths;
  let reached = -1;
  for (const milestone of milestones) {
    if (milestone.years <= yearsOfService && milestone.years > reached) {
      reached = milestone.years;
      allowance = toHundredths(milestone.allowance);
    }
  }
  return allowance;
}

/** Whole years between two plain dates (the anniversary counts on its day). */
export function wholeYearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  let years = (ty ?? 0) - (fy ?? 0);
  if ((tm ?? 0) < (fm ?? 0) || ((tm ?? 0) === (fm ?? 0) && (td ?? 0) < (fd ?? 0))) years -= 1;
  return Math.max(0, years);
}

export function toHundredths(amount: number): number {
  return Math.round(amount * 100);
}

export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/** Today as a plain date in an IANA time zone (the employee's calendar zone). */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
