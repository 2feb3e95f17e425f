import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';

/**
 * Idempotency records of unsafe requests. Claimed (completed = false) before the work starts and
 * completed with the answer, so a retry either replays the stored answer or sees the work in flight.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: createCompanyIdColumn(),
    key: text('key').notNull(),
    /** Route pattern the key was used on, e.g. 'POST /api/v1/public-vacancies/:id/response'. */
    route: text('route').notNull(),
    /** Hash of the request; the same key with a different request is a client error. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    body: jsonb('body').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completed: boolean('completed').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.companyId, t.route, t.key] })],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
export type NewIdempotencyKey = typeof idempotencyKeys.$inferInsert;
