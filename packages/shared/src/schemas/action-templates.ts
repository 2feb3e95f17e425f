import { z } from 'zod';
import { objectIdSchema, pageMetaSchema, queryIdSchema } from './common';
import { STANDARD_HR_TEMPLATE_IDS } from './dictionaries';
import { employeeRefSchema } from './employees';
import { taskTypeKeySchema } from './tasks';

// HR action templates and the actions they produce (issue 15; spec §3.2 "Event template dictionary",
// "Action template request", "Employee action and task types"; §7.2 dashboard.dictionaries.eventTemplates,
// dashboard.actions.template, .templateEvents, .templateEventsOne; §9 HR category 1 and the standard
// ids 11, 12, 7, 5, 4, 13). Kadry's onboarding and offboarding checklist: a template says what to do
// (a task type, a name, a description), who does it and when, relative to an employee's dates; an
// action is one template's occurrence for one employee on one day, which one click turns into a task.
//
// A template's wire `id` is its number within the company (the standard ones are the spec's numbers
// in every company; a company's own ones are numbered from CUSTOM_TEMPLATE_FIRST_ID).

/** Template categories (spec §3.2: '1' is HR): who the checklist is for. */
export const ACTION_TEMPLATE_CATEGORIES = [1, 2, 3] as const;
export type ActionTemplateCategory = (typeof ACTION_TEMPLATE_CATEGORIES)[number];
/** The category's name key (i18n `hr.action_templates.category.<key>`). */
export const CATEGORY_KEYS = { 1: 'hr', 2: 'management', 3: 'other' } as const satisfies Record<
  ActionTemplateCategory,
  string
>;
export const HR_CATEGORY: ActionTemplateCategory = 1;

/** The standard HR templates in the order of spec §9. */
export const STANDARD_TEMPLATE_IDS = STANDARD_HR_TEMPLATE_IDS;
export type StandardTemplateId = (typeof STANDARD_TEMPLATE_IDS)[number];
/** A company's own templates are numbered from here (standard numbers stay free of them). */
export const CUSTOM_TEMPLATE_FIRST_ID = 100;

export function isStandardTemplateId(id: number): id is StandardTemplateId {
  return (STANDARD_TEMPLATE_IDS as readonly number[]).includes(id);
}

/**
 * What a template's date is counted from: the start of work, the end of probation, the dismissal
 * date (once each), or the birthday and the work anniversary (every year; 29 February falls on 28
 * February in a common year, and an anniversary counts from one full year).
 */
export const ACTION_TRIGGERS = [
  'start_of_work',
  'probation_end',
  'birthday',
  'dismissal',
  'work_anniversary',
] as const;
export type ActionTrigger = (typeof ACTION_TRIGGERS)[number];
export const YEARLY_TRIGGERS: readonly ActionTrigger[] = ['birthday', 'work_anniversary'];

/**
 * Who does the action: a chosen staff account (`user`, e.g. the company's HR person), the
 * employee's manager, or the employee themself.
 */
export const ACTION_ASSIGNEES = ['user', 'manager', 'employee'] as const;
export type ActionAssignee = (typeof ACTION_ASSIGNEES)[number];

/** How far from its date an action may be, in days either way. */
export const OFFSET_DAYS_MAX = 365;
export const TEMPLATE_NAME_MAX_LENGTH = 200;
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 2_000;

/** A template's name in the languages it was written in: any of them, at least one. */
export const templateNamesSchema = z
  .object({
    en: z.string().trim().max(TEMPLATE_NAME_MAX_LENGTH).optional(),
    ru: z.string().trim().max(TEMPLATE_NAME_MAX_LENGTH).optional(),
    uk: z.string().trim().max(TEMPLATE_NAME_MAX_LENGTH).optional(),
  })
  .transform((names) =>
    Object.fromEntries(Object.entries(names).filter(([, value]) => value !== undefined && value !== '')),
  )
  .refine((names) => Object.keys(names).length > 0, { message: 'action_templates.name_required' });
export type TemplateNames = Partial<Record<'en' | 'ru' | 'uk', string>>;

const personSchema = z.object({ id: objectIdSchema, name: z.string() });

/** A template as its settings screen shows it. */
export const actionTemplateSchema = z.object({
  id: objectIdSchema,
  category: z.number().int(),
  /** In the reader's language (then English, then any written one; a standard one's own name). */
  name: z.string(),
  /** As written; null: a standard template's built-in name in every language. */
  names: z.object({ en: z.string(), ru: z.string(), uk: z.string() }).partial().nullable(),
  /** As shown (a standard one's built-in description while it has none of its own). */
  description: z.string(),
  /** Whether the description is the company's own (false: built-in or empty). */
  has_own_description: z.boolean(),
  task_type: taskTypeKeySchema,
  assignee: z.enum(ACTION_ASSIGNEES),
  /** The chosen person (an employee) when `assignee` is `user` (null: none chosen, or gone). */
  assignee_user: personSchema.nullable(),
  trigger: z.enum(ACTION_TRIGGERS),
  /** Days from the trigger's date: negative before it, positive after. */
  offset_days: z.number().int(),
  is_standard: z.boolean(),
  is_active: z.boolean(),
});
export type ActionTemplate = z.infer<typeof actionTemplateSchema>;
export const actionTemplateResponseSchema = z.object({ data: actionTemplateSchema });
export const actionTemplatesResponseSchema = z.object({ data: z.array(actionTemplateSchema) });
export type ActionTemplatesResponse = z.infer<typeof actionTemplatesResponseSchema>;

const offsetSchema = z.number().int().min(-OFFSET_DAYS_MAX).max(OFFSET_DAYS_MAX);

const templateFieldsSchema = z.object({
  category: z.union(ACTION_TEMPLATE_CATEGORIES.map((value) => z.literal(value))).default(1),
  /** null (standard templates only): back to the built-in name. */
  names: templateNamesSchema.nullable(),
  /** null or '': none (a standard template: back to the built-in description). */
  description: z.string().trim().max(TEMPLATE_DESCRIPTION_MAX_LENGTH).nullable().default(null),
  task_type: taskTypeKeySchema,
  assignee: z.enum(ACTION_ASSIGNEES),
  /** The employee (with an active account) who does it when `assignee` is `user`. */
  assignee_employee_id: objectIdSchema.nullable().default(null),
  trigger: z.enum(ACTION_TRIGGERS),
  offset_days: offsetSchema.default(0),
  is_active: z.boolean().default(true),
});

const userNeeded = {
  message: 'action_templates.assignee_user_required',
  path: ['assignee_employee_id'],
};

/** `POST actionTemplates.all`: a company's own template. */
export const createActionTemplateBodySchema = templateFieldsSchema.refine(
  (body) => body.assignee !== 'user' || body.assignee_employee_id !== null,
  userNeeded,
);
export type CreateActionTemplateBody = z.input<typeof createActionTemplateBodySchema>;
export type CreateActionTemplateInput = z.output<typeof createActionTemplateBodySchema>;

/**
 * `PUT actionTemplates.one` (or POST with `_method=PUT`): the whole template again. A standard one
 * keeps its category; `names: null` gives it back its built-in name.
 */
export const updateActionTemplateBodySchema = createActionTemplateBodySchema;
export type UpdateActionTemplateBody = CreateActionTemplateBody;

/** `PATCH`-like switch: `POST actionTemplates.active` with `is_active`. */
export const actionTemplateActiveBodySchema = z.object({ is_active: z.boolean() });

// The event template dictionary (spec §3.2) is `eventTemplatesResponseSchema` of dictionaries.ts: the
// company's active templates keyed by category, an entry's `id` being the template's id and its `meta`
// carrying `category`, `template_id` (the same id), `task_type`, `trigger`, `offset_days`, `assignee`
// and `is_standard`; `splitHrTemplates` there gives the spec's `hr: { standard, custom }`.

// ---------------------------------------------------------------------------------------------------
// Actions: the templates' occurrences in a period.

/** The longest period one call looks at, in days. */
export const ACTION_PERIOD_MAX_DAYS = 366;
/** At most this many ids in each of the team, employee and template filters. */
export const ACTION_FILTER_IDS_MAX = 100;

/** A date query value: empty (or absent, or `null`) means none (spec §7.2: null when empty). */
const periodDateSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === undefined || value === '' || value === 'null' ? null : value))
  .pipe(z.iso.date().nullable());

const idsQuerySchema = z
  .union([queryIdSchema, z.array(queryIdSchema).max(ACTION_FILTER_IDS_MAX)])
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
  .optional();

function periodDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

const periodFields = {
  custom_period_start: periodDateSchema,
  custom_period_end: periodDateSchema,
  team_ids: idsQuerySchema,
  employee_ids: idsQuerySchema,
};

type PeriodQuery = { custom_period_start: string | null; custom_period_end: string | null };
const isInOrder = (query: PeriodQuery) =>
  !query.custom_period_start ||
  !query.custom_period_end ||
  query.custom_period_start <= query.custom_period_end;
const isShortEnough = (query: PeriodQuery) =>
  !query.custom_period_start ||
  !query.custom_period_end ||
  periodDays(query.custom_period_start, query.custom_period_end) <= ACTION_PERIOD_MAX_DAYS;
const reversedIssue = { message: 'action_templates.period_reversed', path: ['custom_period_end'] };
const tooLongIssue = { message: 'action_templates.period_too_long', path: ['custom_period_end'] };

/**
 * `dashboard.actions.template` (spec §3.2 "Action template request"): the period (both dates empty:
 * next month; one empty: the other's calendar month), people by team and by id, and templates by id.
 * `per_template`: how many actions each template's group carries.
 */
export const actionsTemplateQuerySchema = z
  .object({
    ...periodFields,
    template_ids: idsQuerySchema,
    per_template: z.coerce.number().int().min(0).max(50).default(5),
  })
  .refine(isInOrder, reversedIssue)
  .refine(isShortEnough, tooLongIssue);
export type ActionsTemplateQuery = z.output<typeof actionsTemplateQuerySchema>;

/** Which actions a list shows: those without a task yet, those with one, or both. */
export const ACTION_STATUSES = ['open', 'task_created', 'all'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

const listFields = {
  ...periodFields,
  status: z.enum(ACTION_STATUSES).default('all'),
  /** Only actions the user does (the template's account, the employee's manager, or themself). */
  mine: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
};

/** `dashboard.actions.templateEvents` (spec §3.2 "Templates-events request"): paging plus filters. */
export const templateEventsQuerySchema = z
  .object({ ...listFields, template_ids: idsQuerySchema })
  .refine(isInOrder, reversedIssue)
  .refine(isShortEnough, tooLongIssue);
export type TemplateEventsQuery = z.output<typeof templateEventsQuerySchema>;

/** `dashboard.actions.templateEventsOne`: one template's actions (`{id}`), with the same filters. */
export const templateEventsOneQuerySchema = z
  .object(listFields)
  .refine(isInOrder, reversedIssue)
  .refine(isShortEnough, tooLongIssue);
export type TemplateEventsOneQuery = z.output<typeof templateEventsOneQuerySchema>;

/** A template as an action names it. */
export const actionTemplateRefSchema = z.object({
  id: objectIdSchema,
  category: z.number().int(),
  name: z.string(),
  task_type: taskTypeKeySchema,
  trigger: z.enum(ACTION_TRIGGERS),
  offset_days: z.number().int(),
  is_standard: z.boolean(),
});
export type ActionTemplateRef = z.infer<typeof actionTemplateRefSchema>;

/** One action: a template's occurrence for an employee on a day, and the task made of it if any. */
export const templateActionSchema = z.object({
  /** `<template id>:<employee id>:<date>`: what identifies the action (and its task). */
  key: z.string(),
  template: actionTemplateRefSchema,
  employee: employeeRefSchema,
  date: z.iso.date(),
  /** Days from today (negative: past). */
  days_until: z.number().int(),
  /** Who does it: the template's choice and the person it resolves to (null: nobody found). */
  assignee: z.object({ kind: z.enum(ACTION_ASSIGNEES), person: personSchema.nullable() }),
  /** The task made of it, with the task screen's address (`/app/tasks/<id>`). */
  task: z.object({ id: objectIdSchema, url: z.string() }).nullable(),
});
export type TemplateAction = z.infer<typeof templateActionSchema>;

const periodSchema = z.object({ start: z.iso.date(), end: z.iso.date() });

/** One template's actions in the period: how many, how many have a task, the first `per_template`. */
export const templateActionsGroupSchema = z.object({
  template: actionTemplateRefSchema,
  total: z.number().int(),
  tasks_created: z.number().int(),
  actions: z.array(templateActionSchema),
});
export type TemplateActionsGroup = z.infer<typeof templateActionsGroupSchema>;

/**
 * `GET dashboard.actions.template`: every active template the filter keeps (in the dictionary's
 * order: standard HR ones first, as spec §9 orders them), each with its actions in the period.
 */
export const actionsTemplateResponseSchema = z.object({
  data: z.array(templateActionsGroupSchema),
  meta: z.object({ period: periodSchema, total: z.number().int() }),
});
export type ActionsTemplateResponse = z.infer<typeof actionsTemplateResponseSchema>;

/** `GET dashboard.actions.templateEvents`: the actions in the period, soonest first, paged. */
export const templateEventsResponseSchema = z.object({
  data: z.array(templateActionSchema),
  meta: pageMetaSchema.extend({ period: periodSchema }),
});
export type TemplateEventsResponse = z.infer<typeof templateEventsResponseSchema>;

/** `GET dashboard.actions.templateEventsOne`: one template and its actions, paged. */
export const templateEventsOneResponseSchema = z.object({
  data: z.object({ template: actionTemplateRefSchema, actions: z.array(templateActionSchema) }),
  meta: pageMetaSchema.extend({ period: periodSchema }),
});
export type TemplateEventsOneResponse = z.infer<typeof templateEventsOneResponseSchema>;

/**
 * `POST dashboard.actions.task`: make the action a task (once: asking again answers the same task).
 * The action must be one the templates produce for an employee the user sees.
 */
export const makeActionTaskBodySchema = z.object({
  template_id: objectIdSchema,
  employee_id: objectIdSchema,
  date: z.iso.date(),
});
export type MakeActionTaskBody = z.infer<typeof makeActionTaskBodySchema>;
export const makeActionTaskResponseSchema = z.object({
  data: z.object({
    task: z.object({ id: objectIdSchema, url: z.string() }),
    /** False when the action already had its task (nothing was created). */
    is_new: z.boolean(),
  }),
});
export type MakeActionTaskResponse = z.infer<typeof makeActionTaskResponseSchema>;

/** The task screen's address of a task (the HR app's `/app/tasks/<id>`). */
export function taskUrlOf(taskId: number): string {
  return `/app/tasks/${taskId}`;
}

/** The key of an action. */
export function actionKeyOf(templateId: number, employeeId: number, date: string): string {
  return `${templateId}:${employeeId}:${date}`;
}
