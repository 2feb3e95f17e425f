/**
 * Day arithmetic for the calendar on 'YYYY-MM-DD' strings. Dates are built in UTC and read back in
 * UTC, so no time zone or daylight-saving change can shift a day.
 */

export type YearMonth = { year: number; month: number };

const DAY_MS = 24 * 60 * 60 * 1000;

function toUtc(iso: string): number {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

function fromUtc(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return fromUtc(toUtc(iso) + days * DAY_MS);
}

/** The same day `months` later, or the month's last day when it is shorter (31 Jan + 1 → 29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return fromUtc(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth(), Math.min(day, lastDay)),
  );
}

export function getYearMonth(iso: string): YearMonth {
  const [year = 1970, month = 1] = iso.split('-').map(Number);
  return { year, month };
}

export function formatYearMonth({ year, month }: YearMonth, day = 1): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Monday = 0 … Sunday = 6: the calendar's week starts on Monday (spec §9). */
export function getMondayBasedWeekday(iso: string): number {
  return (new Date(toUtc(iso)).getUTCDay() + 6) % 7;
}

/** The 6 weeks × 7 days shown for a month, from the Monday on or before its first day. */
export function getMonthGrid(view: YearMonth): string[][] {
  const first = formatYearMonth(view);
  const start = addDays(first, -getMondayBasedWeekday(first));
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)),
  );
}

/** `iso` moved into [min, max]; either bound may be absent. */
export function clampDate(iso: string, min: string | null, max: string | null): string {
  if (min !== null && iso < min) return min;
  if (max !== null && iso > max) return max;
  return iso;
}

/** Short weekday names from Monday, in the page's language. */
export function getWeekdayNames(locale: string, width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2024, 0, 1 + day)));
}

export function getMonthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2024, month, 1)));
}

/** A day written out in full ('Monday, 5 May 2025'), the name of its cell for screen readers. */
export function formatFullDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(toUtc(iso));
}

/** 'May 2025' in the page's language: the name of the buttons that move to that month. */
export function formatMonthYear(view: YearMonth, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(view.year, view.month - 1, 1),
  );
}

/** The name of a date part ('year', 'month') in the page's language, for the calendar's selects. */
export function getDateFieldName(locale: string, field: 'year' | 'month'): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'dateTimeField' }).of(field) ?? field;
  } catch {
    return field;
  }
}
