import { integer, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** `created_at` / `updated_at` pair; `updated_at` is refreshed by drizzle on every update. */
export function createTimestampColumns() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}

/**
 * The owning company. Deleting a company deletes everything it owns; this is also the shard key
 * when tables are distributed (Citus), so composite indexes put it first.
 */
export function createCompanyIdColumn() {
  return integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
}
