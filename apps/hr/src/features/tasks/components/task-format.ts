import { formatRelativeTime } from '@kadry/shared/format/relative-time';
import type { Task, TaskResolution, TaskTypeKey } from '@kadry/shared/schemas/tasks';
import { useEffect, useState } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';

/** A task's wall-clock time ('YYYY-MM-DD HH:MM:SS', no zone: the time people agreed on), split. */
export function splitTaskDateTime(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split(' ');
  return { date, time: time.slice(0, 5) };
}

/** Today and the next whole hour in the user's time zone: where a new task's range starts. */
export function defaultTaskStart(timeZone: string, now = new Date()): { date: string; time: string } {
  const next = new Date(now.getTime() + 60 * 60 * 1000);
  const parts = (() => {
    try {
      return new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(next);
    } catch {
      return new Intl.DateTimeFormat('en-CA', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(next);
    }
  })();
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:00` };
}

/** "Call", "Review"… by the type's key. */
export function useTaskTypeLabel(): (type: TaskTypeKey) => string {
  const t = useT();
  return (type) => t(`hr.tasks.type.${type}`);
}

/** "Done", "Not done", "Cancelled"; "Open" for a task without a resolution. */
export function useResolutionLabel(): (resolution: TaskResolution | null) => string {
  const t = useT();
  return (resolution) =>
    t(resolution === null ? 'hr.tasks.status.open' : `hr.tasks.resolution.${resolution}`);
}

/**
 * When a task is, the user's way: "12 Mar 2031, 09:00–10:00", "12 Mar 2031 (all day)", or both ends
 * in full when it spans days. Wall-clock times are read as written, never shifted by a time zone.
 */
export function useFormatTaskWhen(): (task: Pick<Task, 'date' | 'date_end' | 'all_day'>) => string {
  const t = useT();
  const locale = useLocale();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
  const asDate = (value: { date: string; time: string }) =>
    new Date(`${value.date}T${value.time || '00:00'}:00Z`);
  return (task) => {
    const start = splitTaskDateTime(task.date);
    const end = splitTaskDateTime(task.date_end);
    if (Number.isNaN(asDate(start).getTime()) || Number.isNaN(asDate(end).getTime())) return task.date;
    if (task.all_day) {
      const range =
        start.date === end.date
          ? day.format(asDate(start))
          : `${day.format(asDate(start))} – ${day.format(asDate(end))}`;
      return t('hr.tasks.when_all_day', { range });
    }
    if (start.date === end.date)
      return `${day.format(asDate(start))}, ${time.format(asDate(start))}–${time.format(asDate(end))}`;
    return `${day.format(asDate(start))}, ${time.format(asDate(start))} – ${day.format(asDate(end))}, ${time.format(asDate(end))}`;
  };
}

/** The time now, moving on every `intervalMs`, so relative times stay true while a modal is open. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A moment as relative time ("5 minutes ago") and as the exact time in the user's zone (for a tooltip). */
export function useMomentFormat(): { relative: (iso: string) => string; exact: (iso: string) => string } {
  const locale = useLocale();
  const { user } = usePageData();
  const now = useNow();
  const exactFormat = (() => {
    try {
      return new Intl.DateTimeFormat(locale, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: user.timezone,
      });
    } catch {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
    }
  })();
  return {
    relative: (iso) => formatRelativeTime(iso, now, locale),
    exact: (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : exactFormat.format(date);
    },
  };
}
