import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type AnalyticsEventProperties, analyticsEvents } from '../../db/schema/analytics';
import type { Db } from '../../db/tables';

// All SQL of analytics events; every statement filters by company_id.

type Runner = Pick<Db, 'select' | 'insert'>;

/** Stores one event of a company's user. */
export async function insertAnalyticsEvent(
  db: Runner,
  values: {
    companyId: number;
    userId: number;
    eventId: number;
    properties: AnalyticsEventProperties;
    at: Date;
  },
): Promise<void> {
  await db.insert(analyticsEvents).values({
    companyId: values.companyId,
    userId: values.userId,
    eventId: values.eventId,
    eventProperties: values.properties,
    createdAt: values.at,
  });
}

/** The start of a calendar day in a time zone, as a timestamp (SQL). */
function startOfDay(day: string, timezone: string): SQL {
  return sql`(${day}::date)::timestamp at time zone ${timezone}`;
}

/**
 * Counts per event and bucket (a day, or a week from Monday, in the time zone) between `from` and
 * `to` (calendar days, both included). A bucket is named by its first day.
 */
export async function countEventsByPeriod(
  db: Runner,
  companyId: number,
  range: { from: string; to: string; interval: 'day' | 'week'; timezone: string },
): Promise<{ eventId: number; period: string; count: number }[]> {
  const bucket = sql<string>`(date_trunc(${range.interval}::text, ${analyticsEvents.createdAt} at time zone ${range.timezone}::text))::date::text`;
  const rows = await db
    .select({ eventId: analyticsEvents.eventId, period: bucket, count: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.companyId, companyId),
        gte(analyticsEvents.createdAt, startOfDay(range.from, range.timezone)),
        lt(analyticsEvents.createdAt, sql`${startOfDay(range.to, range.timezone)} + interval '1 day'`),
      ),
    )
    // By position: the bucket expression carries parameters, written again they would be other ones.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`2`, sql`1`);
  return rows.map((row) => ({ eventId: row.eventId, period: row.period, count: Number(row.count) }));
}
