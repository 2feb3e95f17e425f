/**
 * Relative time as the task modal and its comments say it (spec §9): under 60 seconds "now", then
 * minutes under 60 minutes, hours under 24 hours, days under 7 days, weeks under 4 weeks, months under
 * 12 months, then years. Counts are whole units rounded towards zero ("59 minutes ago", never "60
 * minutes ago") and worded with the language's plural rules by Intl.RelativeTimeFormat (en, ru, uk:
 * "5 хвилин тому", "2 хвилини тому", "21 годину тому").
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** The mean Gregorian month and year, so "12 months" is reached at one year. */
const MONTH = 30.436875 * DAY;
const YEAR = 365.2425 * DAY;

/** The thresholds of spec §9, in milliseconds, each with the unit used below it. */
export const RELATIVE_TIME_STEPS: readonly {
  below: number;
  unit: Intl.RelativeTimeFormatUnit;
  size: number;
}[] = [
  { below: 60 * MINUTE, unit: 'minute', size: MINUTE },
  { below: 24 * HOUR, unit: 'hour', size: HOUR },
  { below: 7 * DAY, unit: 'day', size: DAY },
  { below: 4 * WEEK, unit: 'week', size: WEEK },
  { below: 12 * MONTH, unit: 'month', size: MONTH },
];

/** Below this, any moment is "now". */
export const RELATIVE_TIME_NOW_MS = 60 * SECOND;

/** The unit and the signed count a moment is said in, relative to `now` (negative: in the past). */
export function pickRelativeUnit(
  moment: Date,
  now: Date,
): { value: number; unit: Intl.RelativeTimeFormatUnit } | null {
  const diff = moment.getTime() - now.getTime();
  const distance = Math.abs(diff);
  if (distance < RELATIVE_TIME_NOW_MS) return null;
  const step = RELATIVE_TIME_STEPS.find((item) => distance < item.below);
  const unit = step?.unit ?? 'year';
  const size = step?.size ?? YEAR;
  // At least one: 4 weeks is "1 month", not "0 months".
  const count = Math.max(1, Math.floor(distance / size));
  return { value: diff < 0 ? -count : count, unit };
}

/**
 * "now", "5 minutes ago", "in 3 days", "2 тижні тому"… in `locale` (an unparseable moment is given
 * back as it came).
 */
export function formatRelativeTime(moment: Date | string, now: Date, locale: string): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return String(moment);
  const picked = pickRelativeUnit(date, now);
  if (picked === null) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(picked.value, picked.unit);
}
