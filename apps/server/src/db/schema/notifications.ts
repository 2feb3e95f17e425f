import { index, integer, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { createCompanyIdColumn } from './columns';
import { users } from './users';

/** "A new application arrived", one row per staff user who may see it; unread until `read_at`. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A retried submission (same idempotency key, same application) notifies nobody twice.
    unique('notifications_user_application_key').on(t.companyId, t.userId, t.applicationId),
    index('notifications_unread_idx').on(t.companyId, t.userId, t.readAt),
  ],
);
