import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { absenceRequests } from './absences';
import { applications } from './applications';
import { createCompanyIdColumn } from './columns';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';

/** What a notification is about: a new application, or a step of an absence request. */
export const NOTIFICATION_KINDS = [
  'application_created',
  'absence_requested',
  'absence_step_approved',
  'absence_approved',
  'absence_rejected',
  'absence_cancelled',
  'absence_revoked',
  'task_assigned',
  'task_commented',
  'task_resolved',
  'question_asked',
  'question_answered',
  'comment_mentioned',
  'corp_event_created',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification of the generic kinds (tasks, questions, mentions, events) carries. */
export type NotificationPayload = { actorName: string | null; title: string; link: string };

/**
 * An in-app notification, one row per staff user concerned; unread until `read_at`. It points at
 * exactly one object: an application (kind application_created), an absence request (absence_*), or
 * — for the generic kinds — a `target_type`/`target_id` with the text it shows in `payload`, written
 * when it is sent (the module that sends it checked the user's reach then). `dedupe_key` makes a
 * redelivered event notify nobody twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull().default('application_created'),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    absenceRequestId: integer('absence_request_id').references(() => absenceRequests.id, {
      onDelete: 'cascade',
    }),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    payload: jsonb('payload').$type<NotificationPayload>(),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A retried submission (same idempotency key, same application) notifies nobody twice.
    unique('notifications_user_application_key').on(t.companyId, t.userId, t.applicationId),
    // A redelivered absence event notifies nobody twice about the same step of the same request.
    uniqueIndex('notifications_user_absence_key')
      .on(t.companyId, t.userId, t.absenceRequestId, t.kind)
      .where(sql`absence_request_id is not null`),
    index('notifications_unread_idx').on(t.companyId, t.userId, t.readAt),
    check('notifications_kind_check', buildInListCheck('kind', NOTIFICATION_KINDS)),
    check(
      'notifications_target_check',
      sql`(application_id is not null)::int + (absence_request_id is not null)::int + (target_id is not null)::int = 1`,
    ),
    uniqueIndex('notifications_user_dedupe_key')
      .on(t.companyId, t.userId, t.kind, t.dedupeKey)
      .where(sql`dedupe_key is not null`),
    index('notifications_target_idx').on(t.companyId, t.targetType, t.targetId),
  ],
);
