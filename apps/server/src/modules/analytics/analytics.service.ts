import {
  type AnalyticsEventBody,
  analyticsEventBodySchema,
  analyticsEventName,
  USAGE_RANGE_MAX_DAYS,
  type Usage,
  type UsageExportQuery,
  type UsageQuery,
} from '@kadry/shared/schemas/analytics';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type ExportTable, writeCsv, writeXlsx } from '../../lib/export-table';
import type { Access } from '../../plugins/access/access';
import { countEventsByPeriod, insertAnalyticsEvent } from './analytics.queries';

// Product analytics (issue 15, docs/decisions/026-analytics-events.md): events stored per company with
// the acting user and time; owners read the counts over time and export them.

export type AnalyticsContext = { db: Db; access: Access; now: () => Date };

/**
 * `POST analytics`: stores the event. The body was checked by the route's schema; it is checked again
 * here, so no caller of the service can store what the rule refuses.
 */
export async function recordAnalyticsEvent(ctx: AnalyticsContext, body: AnalyticsEventBody): Promise<void> {
  const parsed = analyticsEventBodySchema.safeParse(body);
  if (!parsed.success) {
    const issues: Record<string, ValidationIssue[]> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || 'event_properties';
      issues[path] = [...(issues[path] ?? []), { key: issue.message }];
    }
    throw new AppError('validation', { issues });
  }
  await insertAnalyticsEvent(ctx.db, {
    companyId: ctx.access.user.companyId,
    userId: ctx.access.user.id,
    eventId: parsed.data.event_id,
    properties: parsed.data.event_properties,
    at: ctx.now(),
  });
}

function requireOwner(access: Access): void {
  if (access.role.key !== 'owner') throw new AppError('forbidden');
}

const DAY_MS = 86_400_000;

function shiftDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday on or before a day (weeks start on Monday, spec §9). */
function mondayOf(iso: string): string {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return shiftDays(iso, -((weekday + 6) % 7));
}

/** Every bucket of the period by its first day, oldest first. */
export function listPeriods(from: string, to: string, interval: 'day' | 'week'): string[] {
  const periods: string[] = [];
  const step = interval === 'day' ? 1 : 7;
  for (let day = interval === 'day' ? from : mondayOf(from); day <= to; day = shiftDays(day, step)) {
    periods.push(day);
  }
  return periods;
}

/** The period asked for: the last 30 days by default, at most USAGE_RANGE_MAX_DAYS long. */
function rangeOf(ctx: AnalyticsContext, query: { from?: string | undefined; to?: string | undefined }) {
  const today = getTodayIsoDate(ctx.access.user.timezone, ctx.now());
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? shiftDays(to, -29);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days > USAGE_RANGE_MAX_DAYS) {
    throw new AppError('validation', {
      issues: { from: [{ key: 'analytics.range_too_long', params: { days: USAGE_RANGE_MAX_DAYS } }] },
    });
  }
  return { from, to };
}

/** `GET analytics.usage` (owners): each event's counts per day or week over the period. */
export async function getUsage(ctx: AnalyticsContext, query: UsageQuery): Promise<{ data: Usage }> {
  requireOwner(ctx.access);
  const { from, to } = rangeOf(ctx, query);
  const rows = await countEventsByPeriod(ctx.db, ctx.access.user.companyId, {
    from,
    to,
    interval: query.interval,
    timezone: ctx.access.user.timezone,
  });
  const byEvent = new Map<number, { period: string; count: number }[]>();
  for (const row of rows) {
    const points = byEvent.get(row.eventId) ?? [];
    points.push({ period: row.period, count: row.count });
    byEvent.set(row.eventId, points);
  }
  return {
    data: {
      interval: query.interval,
      from,
      to,
      periods: listPeriods(from, to, query.interval),
      series: [...byEvent.entries()]
        .sort(([a], [b]) => a - b)
        .map(([eventId, points]) => ({
          event_id: eventId,
          event: analyticsEventName(eventId) ?? String(eventId),
          total: points.reduce((sum, point) => sum + point.count, 0),
          points,
        })),
    },
  };
}

/** `GET analytics.usage.export` (owners): the counts as rows (period, event id, event, count). */
export async function exportUsage(
  ctx: AnalyticsContext,
  query: UsageExportQuery,
): Promise<{ body: string | Buffer; contentType: string; fileName: string }> {
  const { data } = await getUsage(ctx, query);
  const table: ExportTable = {
    header: ['period', 'event_id', 'event', 'count'],
    rows: data.series.flatMap((series) =>
      series.points.map((point) => [
        point.period,
        String(series.event_id),
        series.event,
        String(point.count),
      ]),
    ),
  };
  const name = `usage-${data.interval}-${data.from}-${data.to}`;
  if (query.format === 'xlsx') {
    return {
      body: await writeXlsx(table, 'Usage'),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `${name}.xlsx`,
    };
  }
  return { body: writeCsv(table), contentType: 'text/csv; charset=utf-8', fileName: `${name}.csv` };
}
