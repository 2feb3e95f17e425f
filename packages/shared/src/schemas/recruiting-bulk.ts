import { z } from 'zod';
import { objectIdSchema, searchTextSchema } from './common';
import {
  APPLICATION_SORT_COLUMNS,
  type ApplicationListQuery,
  SORT_ORDERS,
  STAGE_NAME_MAX_LENGTH,
  STAGES_MAX,
} from './recruiting';
import {
  BULK_OUTCOMES,
  bulkResultResponseSchema,
  mailDraftSchema,
  rejectInputSchema,
} from './recruiting-mail';

/*
 * Recruiting at scale (issue 17): bulk actions on a selection of applications — picked one by one or
 * "all matching the filter" — with a short undo for stage moves, taggings and rejections without
 * mail, sorting, each user's saved views, and
 * the company's pipeline templates. Paths in routes.ts under `recruiting.applications.bulk*`,
 * `recruiting.bulkActions.*`, `recruiting.savedViews*` and `recruiting.pipelineTemplates*`.
 */

/** Most applications one bulk action takes, picked or matched by a filter (the server resolves it). */
export const BULK_MATCHING_MAX = 5000;
/** How long a bulk stage move, tagging or rejection that sent no mail can be undone. */
export const BULK_UNDO_SECONDS = 60;

/**
 * The list's filters (applicationListQuerySchema) without paging or sorting, as a JSON body carries
 * them: what "all matching" means. Plain types, not the query's coercions: a body says what it means.
 */
export const applicationFilterSchema = z.object({
  search: searchTextSchema.optional(),
  vacancy_id: objectIdSchema.optional(),
  stage_id: objectIdSchema.optional(),
  source: searchTextSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  tag_id: objectIdSchema.optional(),
}) satisfies z.ZodType<Partial<Omit<ApplicationListQuery, 'page' | 'per_page' | 'sort' | 'order'>>>;
export type ApplicationFilterInput = z.input<typeof applicationFilterSchema>;

const applicationIdsSchema = z
  .array(objectIdSchema)
  .min(1)
  .max(BULK_MATCHING_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'errors.invalid_value' });

/** Which applications: `application_ids`, or every one the user sees that matches `filter`. Exactly one. */
const selectionShape = {
  application_ids: applicationIdsSchema.optional(),
  filter: applicationFilterSchema.optional(),
};

function requireOneSelection(
  value: { application_ids?: readonly number[] | undefined; filter?: object | undefined },
  ctx: z.RefinementCtx,
) {
  if ((value.application_ids === undefined) === (value.filter === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['application_ids'], message: 'errors.invalid_value' });
  }
}

export const bulkSelectionSchema = z.object(selectionShape).superRefine(requireOneSelection);
export type BulkSelectionInput = z.input<typeof bulkSelectionSchema>;

/** POST recruiting.applications.bulkStage: move to a stage (of the applications' vacancy), optionally with mail. */
export const bulkMoveInputSchema = z
  .object({
    ...selectionShape,
    stage_id: objectIdSchema,
    /** A mail about the move to each candidate; a move that sent mail cannot be undone. */
    mail: mailDraftSchema.nullable().optional(),
  })
  .superRefine(requireOneSelection);
export type BulkMoveInput = z.input<typeof bulkMoveInputSchema>;

/** POST recruiting.applications.bulkRejection with a selection (the ids alone still work). */
export const bulkRejectSelectionInputSchema = rejectInputSchema
  .extend(selectionShape)
  .superRefine(requireOneSelection);
export type BulkRejectSelectionInput = z.input<typeof bulkRejectSelectionInputSchema>;

/** POST recruiting.applications.bulkMails with a selection. */
export const bulkMailSelectionInputSchema = z
  .object({ ...selectionShape, mail: mailDraftSchema })
  .superRefine(requireOneSelection);
export type BulkMailSelectionInput = z.input<typeof bulkMailSelectionInputSchema>;

/**
 * What became of each application of a bulk move or an undo, besides the outcomes of the other bulk
 * actions: `other_vacancy` (the stage is not of its vacancy), `unchanged` (it was in that stage),
 * `moved_since` (undo of a move: moved again, or rejected, after the bulk move, so it stays),
 * `stage_gone` (undo of a move: its former stage was deleted), `changed_since` (undo of a tagging or
 * a rejection: the tag was taken off, or the application reopened, after it, so it stays).
 */
export const BULK_MOVE_OUTCOMES = [
  ...BULK_OUTCOMES,
  'other_vacancy',
  'unchanged',
  'moved_since',
  'stage_gone',
  'changed_since',
] as const;
export type BulkMoveOutcome = (typeof BULK_MOVE_OUTCOMES)[number];

const outcomesSchema = z.array(z.object({ id: z.number().int(), outcome: z.enum(BULK_MOVE_OUTCOMES) }));

export const bulkMoveResponseSchema = z.object({
  data: outcomesSchema,
  /** The undo fields as every bulk answer has them; `action_id` null when nothing moved. */
  meta: bulkResultResponseSchema.shape.meta,
});
export type BulkMoveResponse = z.infer<typeof bulkMoveResponseSchema>;

export const bulkUndoResponseSchema = z.object({
  data: outcomesSchema,
  meta: z.object({ done: z.number().int(), skipped: z.number().int() }),
});
export type BulkUndoResponse = z.infer<typeof bulkUndoResponseSchema>;

/** How a saved view opens: as the list, or as its vacancy's board. */
export const SAVED_VIEW_LAYOUTS = ['list', 'board'] as const;
export type SavedViewLayout = (typeof SAVED_VIEW_LAYOUTS)[number];
export const SAVED_VIEW_NAME_MAX = 100;
/** Most views one user keeps. */
export const SAVED_VIEWS_MAX = 50;

/** A view's filters with sorting: the list's query without paging. */
export const savedViewFiltersSchema = applicationFilterSchema.extend({
  sort: z.enum(APPLICATION_SORT_COLUMNS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
});
export type SavedViewFilters = z.infer<typeof savedViewFiltersSchema>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  layout: z.enum(SAVED_VIEW_LAYOUTS),
  filters: savedViewFiltersSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewResponseSchema = z.object({ data: savedViewSchema });
export const savedViewListResponseSchema = z.object({ data: z.array(savedViewSchema) });

/** A new view, or a changed one (renamed, filters replaced). A board is a vacancy's: it needs `vacancy_id`. */
export const savedViewInputSchema = z
  .object({
    name: z.string().trim().min(1).max(SAVED_VIEW_NAME_MAX),
    layout: z.enum(SAVED_VIEW_LAYOUTS).default('list'),
    filters: savedViewFiltersSchema.default({}),
  })
  .superRefine((value, ctx) => {
    if (value.layout === 'board' && value.filters.vacancy_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['filters', 'vacancy_id'], message: 'errors.required' });
    }
  });
export type SavedViewInput = z.input<typeof savedViewInputSchema>;

/** The most templates a company keeps. */
export const PIPELINE_TEMPLATES_MAX = 100;
export const PIPELINE_TEMPLATE_NAME_MAX = 100;

export const pipelineTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  stages: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PipelineTemplate = z.infer<typeof pipelineTemplateSchema>;
export const pipelineTemplateResponseSchema = z.object({ data: pipelineTemplateSchema });
export const pipelineTemplateListResponseSchema = z.object({
  data: z.array(pipelineTemplateSchema),
  /** Whether the user may create, change and delete templates (company-wide: Vacancy.Stage at to_all). */
  meta: z.object({ can_manage: z.boolean() }),
});

/** A template's name and its stage names in order (each name once, whatever its case). */
export const pipelineTemplateInputSchema = z.object({
  name: z.string().trim().min(1).max(PIPELINE_TEMPLATE_NAME_MAX),
  stages: z
    .array(z.string().trim().min(1).max(STAGE_NAME_MAX_LENGTH))
    .min(1)
    .max(STAGES_MAX)
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, {
      message: 'errors.invalid_value',
    }),
});
export type PipelineTemplateInput = z.input<typeof pipelineTemplateInputSchema>;
