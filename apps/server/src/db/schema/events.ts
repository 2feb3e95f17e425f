import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';

/**
 * The event outbox (lib/event-bus.ts): one row per event and subscriber, written in the same
 * transaction as the change the event reports, so an event exists exactly when its change committed.
 * Any server process delivers due rows; a claim (`locked_until`) keeps two processes from running the
 * same delivery at once, and a claim left by a process that died expires and is taken over.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    /** The event, e.g. 'application.created'. */
    name: text('name').notNull(),
    /** The subscriber this row is for, e.g. 'notifications.new-application'. */
    handler: text('handler').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not delivered before this time (retries back off). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** A process is delivering it until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when the last attempt failed: the delivery is dead and kept for inspection. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    // The dispatcher's question: what is due? Only pending rows are indexed.
    index('outbox_events_pending_idx')
      .on(t.availableAt, t.id)
      .where(sql`delivered_at is null and failed_at is null`),
    index('outbox_events_company_idx').on(t.companyId, t.createdAt),
  ],
);

export type OutboxEvent = typeof outboxEvents.$inferSelect;
