import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { recruitingTags } from './recruiting-tags';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';
import { vacancyStages } from './vacancies';

// Recruiting at scale (issue 17): bulk stage moves that can be undone for a short while, each user's
// saved views of the candidates, and the company's pipeline templates (docs/glossary.md).

/** What a bulk action did: only the undoable kinds are recorded (mail has its own records). */
const BULK_ACTION_KINDS = ['move', 'tag', 'reject'] as const;
export type BulkActionKind = (typeof BULK_ACTION_KINDS)[number];

/**
 * One bulk stage move, tagging or rejection by a staff member. `undoable_until` is when its undo
 * window closes (null: it cannot be undone, e.g. it sent mail); `undone_at` is set once it was undone.
 * `to_stage_id` is a move's target, `tag_id` a tagging's tag.
 */
export const applicationBulkActions = pgTable(
  'application_bulk_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    kind: text('kind', { enum: BULK_ACTION_KINDS }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    toStageId: integer('to_stage_id').references(() => vacancyStages.id, { onDelete: 'set null' }),
    tagId: integer('tag_id').references(() => recruitingTags.id, { onDelete: 'cascade' }),
    /** How many applications it moved, tagged or rejected. */
    movedCount: integer('moved_count').notNull().default(0),
    undoableUntil: timestamp('undoable_until', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_bulk_actions_actor_idx').on(t.companyId, t.actorId, t.createdAt),
    check('application_bulk_actions_kind_check', buildInListCheck('kind', BULK_ACTION_KINDS)),
  ],
);
export type ApplicationBulkAction = typeof applicationBulkActions.$inferSelect;

/**
 * An application a bulk action changed, with the history entry it wrote (`activity_id`: the stage
 * move, the tag added or the rejection); a later entry of the same kind means it changed since, and
 * the undo leaves it. For a move, the stage it was in (`from_stage_id` as it was stored, null for
 * "the vacancy's first stage"; no foreign key, so a deleted stage is noticed at undo rather than
 * silently read as the first).
 */
export const applicationBulkActionItems = pgTable(
  'application_bulk_action_items',
  {
    companyId: createCompanyIdColumn(),
    actionId: integer('action_id')
      .notNull()
      .references(() => applicationBulkActions.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStageId: integer('from_stage_id'),
    activityId: integer('activity_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.applicationId] }),
    index('application_bulk_action_items_application_idx').on(t.companyId, t.applicationId),
  ],
);

/** Layouts a saved view opens in; kept in step with SAVED_VIEW_LAYOUTS of @kadry/shared. */
const SAVED_VIEW_LAYOUTS = ['list', 'board'] as const;

/** A saved view's filters and sorting, as the list's address has them (validated by @kadry/shared). */
export type SavedViewFilters = Record<string, string | number>;

/** A user's saved view of the candidates: a name, the filters with sorting, and list or board. */
export const recruitingSavedViews = pgTable(
  'recruiting_saved_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    layout: text('layout', { enum: SAVED_VIEW_LAYOUTS }).notNull().default('list'),
    filters: jsonb('filters').$type<SavedViewFilters>().notNull().default({}),
    ...createTimestampColumns(),
  },
  (t) => [
    uniqueIndex('recruiting_saved_views_user_name_key').on(t.companyId, t.userId, sql`lower(${t.name})`),
    check('recruiting_saved_views_layout_check', buildInListCheck('layout', SAVED_VIEW_LAYOUTS)),
  ],
);
export type RecruitingSavedView = typeof recruitingSavedViews.$inferSelect;

/** A company's pipeline template: stage names in order, offered when a vacancy is created. */
export const pipelineTemplates = pgTable(
  'pipeline_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    stages: jsonb('stages').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createTimestampColumns(),
  },
  (t) => [uniqueIndex('pipeline_templates_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);
export type PipelineTemplate = typeof pipelineTemplates.$inferSelect;
