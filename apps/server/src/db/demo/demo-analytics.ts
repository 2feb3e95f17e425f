import {
  type ANALYTICS_ABSENCE_TYPES,
  ANALYTICS_EVENTS,
  type AnalyticsProperties,
} from '@kadry/shared/schemas/analytics';
import { analyticsEvents } from '../schema/analytics';
import type { Db } from '../tables';

// The demo company's feature usage (issue 15, decision 026): what the owners' usage page counts, as if
// the demo's staff had used the product for the last six weeks — absence requests by type most working
// days, the children statistics filtered now and then. Deterministic (no randomness): the same demo on
// every fresh start.

type Tx = Pick<Db, 'insert'>;

/** The absence types of the demo's requests, in turn: vacations and home work most. */
const DEMO_TYPE_MIX: readonly (typeof ANALYTICS_ABSENCE_TYPES)[number][] = [
  'vacation',
  'home_work',
  'vacation',
  'sick_days',
  'home_work',
  'vacation',
  'unpaid_vacation',
  'sick_days_doc',
];

/** Days of usage written, ending yesterday. */
export const DEMO_USAGE_DAYS = 42;

export async function seedDemoAnalytics(
  tx: Tx,
  companyId: number,
  userIds: readonly number[],
  now: Date,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows: (typeof analyticsEvents.$inferInsert)[] = [];
  const at = (daysAgo: number, hour: number) => {
    const day = new Date(now.getTime() - daysAgo * 86_400_000);
    day.setUTCHours(hour, (daysAgo * 7) % 60, 0, 0);
    return day;
  };
  for (let daysAgo = DEMO_USAGE_DAYS; daysAgo >= 1; daysAgo -= 1) {
    const weekday = at(daysAgo, 12).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    // One to three absence requests a working day, of the spec's five types (vacations most).
    const requests = 1 + (daysAgo % 3);
    for (let i = 0; i < requests; i += 1) {
      const type = DEMO_TYPE_MIX[(daysAgo + i) % DEMO_TYPE_MIX.length] ?? 'vacation';
      const properties: AnalyticsProperties = { absence_type: type };
      rows.push({
        companyId,
        userId: userIds[(daysAgo + i) % userIds.length] ?? null,
        eventId: ANALYTICS_EVENTS.absence_request_type,
        eventProperties: properties,
        createdAt: at(daysAgo, 9 + i * 2),
      });
    }
    // The children statistics, filtered by teams on some days, on others without.
    if (daysAgo % 4 === 0) {
      rows.push({
        companyId,
        userId: userIds[0] ?? null,
        eventId: ANALYTICS_EVENTS.children_statistics_filter,
        eventProperties: { filter_select_team: daysAgo % 8 === 0 },
        createdAt: at(daysAgo, 15),
      });
    }
  }
  await tx.insert(analyticsEvents).values(rows);
  return rows.length;
}
