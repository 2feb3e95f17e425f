import type { CorpEvent } from '@kadry/shared/schemas/corp-events';
import { useLocale } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';

// How an event's time reads: all-day events by their dates, timed ones in the event's own zone as
// it was chosen (the zone named when it is not the reader's).

function localeOf(locale: string): string {
  return locale === 'ru' || locale === 'uk' ? locale : 'en';
}

/** "12 Mar 2031, 10:00 – 11:00 (Europe/Kyiv)", "15 – 16 Mar 2031". */
export function useFormatEventWhen(): (event: CorpEvent) => string {
  const locale = localeOf(useLocale());
  const { user } = usePageData();
  return (event) => {
    if (event.all_day) {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      const start = new Date(`${event.start_date}T00:00:00Z`);
      const end = new Date(`${event.end_date}T00:00:00Z`);
      return event.start_date === event.end_date ? format.format(start) : format.formatRange(start, end);
    }
    const format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: event.time_zone,
    });
    const range = format.formatRange(new Date(event.starts_at), new Date(event.ends_at));
    return event.time_zone === user.timezone ? range : `${range} (${event.time_zone})`;
  };
}

/** "March 2031" for a YYYY-MM month. */
export function useFormatMonth(): (month: string) => string {
  const locale = localeOf(useLocale());
  const format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (month) => format.format(new Date(`${month}-01T00:00:00Z`));
}

/** Events grouped by the month they start in, in the list's order. */
export function groupByMonth(events: readonly CorpEvent[]): { month: string; events: CorpEvent[] }[] {
  const groups: { month: string; events: CorpEvent[] }[] = [];
  for (const event of events) {
    const month = event.start_date.slice(0, 7);
    const last = groups.at(-1);
    if (last?.month === month) last.events.push(event);
    else groups.push({ month, events: [event] });
  }
  return groups;
}

/** The month (YYYY-MM) a date is in, shifted by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [year, number] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}
