import { index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';
import { responses } from './responses';
import { users } from './users';
import { vacancies } from './vacancies';

/**
 * A vacancy's responsible recruiters. They own the vacancy for the only_my permission level, and its
 * candidates follow (scopeWhere's `ownedBy`).
 */
export const vacancyRecruiters = pgTable(
  'vacancy_recruiters',
  {
    companyId: createCompanyIdColumn(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.vacancyId, t.userId] }),
    index('vacancy_recruiters_user_idx').on(t.companyId, t.userId),
  ],
);

/**
 * The pipeline of a vacancy, in `position` order. A vacancy gets the default stages when created (or,
 * for vacancies made before stages existed, the first time its pipeline is read); an application
 * without a stage (`responses.stage_id` null) is in the first stage.
 */
export const vacancyStages = pgTable(
  'vacancy_stages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  // Unique position: two concurrent "create the defaults" cannot both succeed.
  (t) => [unique('vacancy_stages_vacancy_position_key').on(t.companyId, t.vacancyId, t.position)],
);

/** A staff comment on an application. */
export const applicationComments = pgTable(
  'application_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_comments_response_idx').on(t.companyId, t.responseId, t.createdAt)],
);

/** "A new application arrived", one row per staff user who may see it; unread until `read_at`. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A retried submission (same idempotency key, same response) notifies nobody twice.
    unique('notifications_user_response_key').on(t.companyId, t.userId, t.responseId),
    index('notifications_unread_idx').on(t.companyId, t.userId, t.readAt),
  ],
);

export type VacancyStage = typeof vacancyStages.$inferSelect;
export type ApplicationComment = typeof applicationComments.$inferSelect;
