import { TASK_RESOLUTIONS } from '@kadry/shared/schemas/tasks';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { employees } from './employees';
import { storedFiles } from './files';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';

// Tasks ("profile events", issue 15; packages/shared/src/schemas/tasks.ts): a to-do about an
// employee or a candidate, assigned to someone, with files and comments.

/**
 * A task. `starts_at` / `ends_at` are wall-clock times without a time zone (the time people agreed
 * on; iCal feeds show them floating). `assignee_employee_id` is an employee with an account; the
 * author is the account that wrote it (null once that account is gone, or for a task the system made).
 * `template_id` names the HR action template that produced it (that module's table; no foreign key).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    description: text('description'),
    /** The task type's id (TASK_TYPES of the shared schema: 1 custom … 11 exit_interview). */
    eventId: smallint('event_id').notNull(),
    startsAt: timestamp('starts_at', { mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { mode: 'string' }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    /** The employee it concerns; the task goes with them. */
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    /** The candidate's application it concerns; a removed application leaves the task. */
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    assigneeEmployeeId: integer('assignee_employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    templateId: integer('template_id'),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...createTimestampColumns(),
  },
  (t) => [
    index('tasks_company_assignee_idx').on(t.companyId, t.assigneeEmployeeId, t.startsAt),
    index('tasks_company_employee_idx').on(t.companyId, t.employeeId, t.startsAt),
    index('tasks_company_author_idx').on(t.companyId, t.authorUserId, t.startsAt),
    index('tasks_company_template_idx').on(t.companyId, t.templateId),
    index('tasks_company_application_idx').on(t.companyId, t.applicationId),
    index('tasks_employee_idx').on(t.employeeId),
    index('tasks_assignee_idx').on(t.assigneeEmployeeId),
    check('tasks_event_id_check', sql`event_id between 1 and 11`),
    check('tasks_range_check', sql`ends_at >= starts_at`),
    check('tasks_resolution_check', buildInListCheck('resolution', TASK_RESOLUTIONS)),
    check('tasks_resolved_check', sql`(resolution is null) = (resolved_at is null)`),
  ],
);
export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;

/**
 * A comment on a task. `comment_type` 1 is written by a person, 2 is the note a resolution carried.
 * A private one (`is_shared` false) is seen by its writer, the task's author and assignee, and roles
 * with `see_all_comments`; a shared one by everyone who sees the task.
 */
export const taskComments = pgTable(
  'task_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    rating: smallint('rating'),
    commentType: smallint('comment_type').notNull().default(1),
    isShared: boolean('is_shared').notNull().default(false),
    /** When its writer last changed it; null when never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...createTimestampColumns(),
  },
  (t) => [
    index('task_comments_company_task_idx').on(t.companyId, t.taskId, t.createdAt),
    index('task_comments_task_idx').on(t.taskId),
    check('task_comments_rating_check', sql`rating is null or rating between 1 and 5`),
    check('task_comments_type_check', sql`comment_type in (1, 2)`),
  ],
);
export type TaskCommentRow = typeof taskComments.$inferSelect;

/**
 * A file of a task, or of one of its comments (`comment_id`). The stored file is the task's alone:
 * removing the task or comment removes the rows, and the service removes the stored files with them.
 */
export const taskFiles = pgTable(
  'task_files',
  {
    companyId: createCompanyIdColumn(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references((): AnyPgColumn => taskComments.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    /** The MIME type of its allowed extension (TASK_FILE_ALLOWED_TYPES). */
    mime: text('mime').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId] }),
    index('task_files_company_task_idx').on(t.companyId, t.taskId),
    index('task_files_comment_idx').on(t.commentId),
  ],
);
export type TaskFileRow = typeof taskFiles.$inferSelect;
