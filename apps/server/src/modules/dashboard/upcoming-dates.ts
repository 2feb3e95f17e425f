import { addYearsToIsoDate } from '@kadry/shared/validation/dates';

// Yearly dates (birthdays, work anniversaries) as 'YYYY-MM-DD' strings, so no time zone shifts a day.

const DAY_MS = 86_400_000;

function toUtcMs(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

/** The day `days` after an ISO date. */
export function addDays(iso: string, days: number): string {
  return new Date(toUtcMs(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/**
 * The next day on or after `today` a yearly date is celebrated, and which occurrence it is (years
 * since the original). 29 February is celebrated on 28 February in a year without one.
 */
export function findNextCelebration(original: string, today: string): { date: string; years: number } {
  const baseYear = Number(original.slice(0, 4));
  let years = Number(today.slice(0, 4)) - baseYear;
  let date = addYearsToIsoDate(original, years);
  if (date < today) {
    years += 1;
    date = addYearsToIsoDate(original, years);
  }
  return { date, years };
}

/**
 * The month-days ('MM-DD') whose celebrations fall within `days` days from `today` (today included):
 * what an SQL filter by month and day asks for. 28 February of a year without a 29th brings 29
 * February along, whose celebration it is.
 */
export function listCelebratedMonthDays(today: string, days: number): string[] {
  const monthDays = new Set<string>();
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(today, offset);
    const monthDay = date.slice(5);
    monthDays.add(monthDay);
    if (monthDay === '02-28' && addDays(date, 1).slice(5) === '03-01') monthDays.add('02-29');
  }
  return [...monthDays];
}
