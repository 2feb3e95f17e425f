import { bigint, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';
import { users } from './users';

// Product analytics (issue 15, docs/decisions/026-analytics-events.md): what features are used, per
// company, by whom and when — never personal data in the properties (the shared schema refuses it).

/** A flat object of booleans, bounded integers and allow-listed strings (schemas/analytics.ts). */
export type AnalyticsEventProperties = Record<string, boolean | number | string>;

/**
 * One analytics event (`POST analytics`): the event id (spec §9's 1001042 and ours), its properties,
 * the acting user (kept null when the account is deleted: the count stays) and when.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventId: integer('event_id').notNull(),
    eventProperties: jsonb('event_properties').$type<AnalyticsEventProperties>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The usage page: counts per event over a period, bucketed by day or week.
    index('analytics_events_company_event_time_idx').on(t.companyId, t.eventId, t.createdAt),
    index('analytics_events_company_time_idx').on(t.companyId, t.createdAt),
  ],
);
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
