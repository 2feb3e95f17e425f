import {
  ACTION_ASSIGNEES,
  ACTION_TRIGGERS,
  type TemplateNames,
} from '@kadry/shared/schemas/action-templates';
import { TASK_TYPE_KEYS } from '@kadry/shared/schemas/tasks';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { employees } from './employees';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';

// HR action templates (issue 15): what to do for an employee and when, relative to their dates, and
// the tasks made of the actions they produce (packages/shared/src/schemas/action-templates.ts).

/**
 * A company's action template. `template_key` is its wire id, unique in the company: the standard
 * HR templates carry the spec's numbers (11, 12, 7, 5, 4, 13) in every company, the company's own
 * ones numbers from 100. Standard templates are switched off, never deleted; their `names` and
 * `description` are null while they keep the built-in ones (the reader's language from the catalog).
 */
export const actionTemplates = pgTable(
  'action_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    templateKey: integer('template_key').notNull(),
    /** 1 HR, 2 management, 3 other (spec §3.2: category 1 is HR). */
    category: integer('category').notNull().default(1),
    isStandard: boolean('is_standard').notNull().default(false),
    names: jsonb('names').$type<TemplateNames>(),
    description: text('description'),
    taskType: text('task_type').notNull(),
    assignee: text('assignee', { enum: ACTION_ASSIGNEES }).notNull(),
    /** The account that does it when `assignee` is 'user'. */
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    trigger: text('trigger', { enum: ACTION_TRIGGERS }).notNull(),
    /** Days from the trigger's date: negative before it. */
    offsetDays: integer('offset_days').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...createTimestampColumns(),
  },
  (t) => [
    uniqueIndex('action_templates_company_key').on(t.companyId, t.templateKey),
    index('action_templates_company_active_idx').on(t.companyId, t.isActive),
    check('action_templates_task_type_check', buildInListCheck('task_type', TASK_TYPE_KEYS)),
    check('action_templates_assignee_check', buildInListCheck('assignee', ACTION_ASSIGNEES)),
    check('action_templates_trigger_check', buildInListCheck('trigger', ACTION_TRIGGERS)),
    check('action_templates_category_check', sql`category between 1 and 3`),
    check('action_templates_offset_check', sql`offset_days between -365 and 365`),
    check('action_templates_key_check', sql`template_key > 0`),
    // A company's own template has a name; a standard one may keep its built-in name.
    check('action_templates_names_check', sql`names is not null or is_standard`),
  ],
);
export type ActionTemplateRow = typeof actionTemplates.$inferSelect;
export type NewActionTemplateRow = typeof actionTemplates.$inferInsert;

/**
 * An action made a task: template, employee and day to the task, once (the unique key is what makes
 * "make it a task" idempotent). `task_id` is the tasks module's task (no foreign key: that module
 * owns its table; a task deleted there leaves the action marked until it is asked for again).
 */
export const actionTemplateTasks = pgTable(
  'action_template_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    templateId: integer('template_id')
      .notNull()
      .references(() => actionTemplates.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    taskId: integer('task_id').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('action_template_tasks_occurrence_key').on(
      t.companyId,
      t.templateId,
      t.employeeId,
      t.occursOn,
    ),
    index('action_template_tasks_company_task_idx').on(t.companyId, t.taskId),
    index('action_template_tasks_employee_idx').on(t.employeeId),
  ],
);
export type ActionTemplateTaskRow = typeof actionTemplateTasks.$inferSelect;
