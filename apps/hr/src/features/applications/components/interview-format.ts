import type { Interview } from '@kadry/shared/schemas/interviews';

/** An interview's moment in its own time zone, named: "1 Jul 2025, 10:00 (Europe/Kyiv)". */
export function formatInterviewWhen(
  interview: Pick<Interview, 'starts_at' | 'time_zone'>,
  locale: string,
): string {
  return `${formatInZone(interview.starts_at, interview.time_zone, locale)} (${interview.time_zone})`;
}

/** A moment as seen in a time zone (the reader's when `timeZone` is undefined). */
export function formatInZone(iso: string, timeZone: string | undefined, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      date,
    );
  } catch {
    return date.toLocaleString(locale);
  }
}

/** Whether two zones show a moment at different local times (then the reader's own is shown too). */
export function differsInZone(iso: string, zone: string, readerZone: string): boolean {
  return formatInZone(iso, zone, 'en') !== formatInZone(iso, readerZone, 'en');
}

/** A past interview the reader interviewed at and has not scored yet ("my interviews" marks it). */
export function isAwaitingScorecard(
  interview: Pick<Interview, 'ends_at' | 'my_scorecard_id'>,
  now: number = Date.now(),
): boolean {
  return interview.my_scorecard_id === null && Date.parse(interview.ends_at) < now;
}
