// Relative-time thresholds of spec §9: 60 s, 60 min, 24 h, 7 days, 4 weeks, 12 months.
const STEPS: { below: number; unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { below: 60 * 60, unit: 'minute', seconds: 60 },
  { below: 24 * 60 * 60, unit: 'hour', seconds: 60 * 60 },
  { below: 7 * 24 * 60 * 60, unit: 'day', seconds: 24 * 60 * 60 },
  { below: 28 * 24 * 60 * 60, unit: 'week', seconds: 7 * 24 * 60 * 60 },
  { below: 365 * 24 * 60 * 60, unit: 'month', seconds: 30.44 * 24 * 60 * 60 },
  { below: Number.POSITIVE_INFINITY, unit: 'year', seconds: 365.25 * 24 * 60 * 60 },
];

/** "now", "5 minutes ago", "yesterday", "3 weeks ago"… in the user's language. */
export function formatRelativeTime(iso: string, now: Date, locale: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = (time - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 60) return format.format(0, 'second');
  const step = STEPS.find((item) => Math.abs(seconds) < item.below) ?? STEPS[STEPS.length - 1];
  if (!step) return iso;
  return format.format(Math.round(seconds / step.seconds), step.unit);
}

/** Date and time in the user's language and time zone (the zone falls back to the browser's if unknown). */
export function formatDateTime(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}
