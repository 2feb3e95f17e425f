import { z } from 'zod';
import { ABSENCE_STATUSES, ABSENCE_TYPE_CODES } from './absences';
import { objectIdSchema, queryIdSchema } from './common';
import { employeeRefSchema } from './employees';
import { stageSchema } from './recruiting';
import { TASK_SCOPES, TASK_TYPE_IDS } from './tasks';

// The dashboard (issue 15, spec §1, §3.2, §7.2): each user's layout of widgets and their parameters,
// the company default, and the people widgets' data. Which widget a user may see: dashboard-widgets.ts.

/**
 * The widgets of this part, by the names the layout stores (spec §1's list, in its camelCase:
 * `employeesOnProbation`, `absentToday`). Tasks, corporate events, questions to HR and HR action
 * templates come with their tables.
 */
export const DASHBOARD_WIDGETS = [
  'companyInfo',
  'absentToday',
  'requests',
  'absenceBalance',
  'birthdays',
  'workAnniversaries',
  'employeesOnProbation',
  'candidates',
  'myTasks',
  // Corporate events and questions to HR (issue 15).
  'corpEvents',
  'ask',
  // Children statistics and the administration widget (issue 15).
  'childrenStatistics',
  'administration',
  // HR action templates: the actions the templates produce (issue 15, schemas/action-templates.ts).
  'hrActions',
  // The interviewer's upcoming interviews and those awaiting their scorecard (issue 17).
  'myInterviews',
  // Approved absences of the people the user sees, paged, with a type filter (spec §7.2).
  'absences',
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];
export const dashboardWidgetSchema = z.enum(DASHBOARD_WIDGETS);

export function isDashboardWidget(value: string): value is DashboardWidget {
  return (DASHBOARD_WIDGETS as readonly string[]).includes(value);
}

/** How many rows a list widget shows: its `limit` parameter (the spec: `per_page` from the limit). */
export const WIDGET_LIMIT_MAX = 50;
export const WIDGET_LIMIT_DEFAULT = 5;
const limitSchema = z.number().int().min(1).max(WIDGET_LIMIT_MAX).default(WIDGET_LIMIT_DEFAULT);
/** How many staff accounts the administration widget follows at most. */
export const ADMINISTRATION_ACCOUNTS_MAX = 50;
/** The team filter of a widget: at most this many teams. */
export const WIDGET_TEAMS_MAX = 50;
const teamIdsSchema = z.array(objectIdSchema).max(WIDGET_TEAMS_MAX).default([]);
/** How far ahead birthdays and work anniversaries look, in days. */
export const UPCOMING_DAYS_MAX = 366;
export const UPCOMING_DAYS_DEFAULT = 30;
const daysSchema = z.number().int().min(1).max(UPCOMING_DAYS_MAX).default(UPCOMING_DAYS_DEFAULT);

const upcomingParamsSchema = z.strictObject({
  limit: limitSchema,
  days: daysSchema,
  team_ids: teamIdsSchema,
});

/**
 * Each widget's parameters as stored (`params` of spec §3.2): strict, so a misspelt key is a 422,
 * not a setting silently lost; defaults fill what a layout has not set.
 */
export const WIDGET_PARAMS_SCHEMAS = {
  companyInfo: z.strictObject({}),
  absentToday: z.strictObject({
    limit: limitSchema,
    absence_type: z.enum(ABSENCE_TYPE_CODES).nullable().default(null),
  }),
  requests: z.strictObject({
    /** `my`: the user's own requests (`dashboard.requests.my`); `all`: every one they may see. */
    scope: z.enum(['my', 'all']).default('my'),
    limit: limitSchema,
    status: z.enum(ABSENCE_STATUSES).nullable().default(null),
    /** The employee and team filters of `all` (ignored by `my`). */
    employee_id: objectIdSchema.nullable().default(null),
    team_id: objectIdSchema.nullable().default(null),
  }),
  absenceBalance: z.strictObject({}),
  birthdays: upcomingParamsSchema,
  workAnniversaries: upcomingParamsSchema,
  employeesOnProbation: z.strictObject({ limit: limitSchema, team_ids: teamIdsSchema }),
  candidates: z.strictObject({ limit: limitSchema }),
  /**
   * The user's open tasks, soonest first (`GET dashboard.myTasks` with status open, `per_page` from the
   * limit): whose (`scope`, default the user's own) and of which type (`event_id`, null: any).
   */
  myTasks: z.strictObject({
    limit: limitSchema,
    scope: z.enum(TASK_SCOPES).default('mine'),
    event_id: z
      .union(TASK_TYPE_IDS.map((id) => z.literal(id)))
      .nullable()
      .default(null),
  }),
  /** The upcoming corporate events the user is in the audience of (`dashboard.corpEvents`). */
  corpEvents: z.strictObject({ limit: limitSchema }),
  /**
   * `all`: everyone's open questions (`dashboard.ask.all`) for HR (the Dashboard action
   * answer_questions), the user's own for anyone else; `my`: the user's own (`dashboard.ask.my`).
   */
  ask: z.strictObject({ scope: z.enum(['my', 'all']).default('all'), limit: limitSchema }),
  /** Children by age group (`statistics.children`), of some teams (and their sub-teams) or all. */
  childrenStatistics: z.strictObject({ team_ids: teamIdsSchema }),
  /**
   * The staff accounts the widget follows (`dashboard.administrations`), saved through
   * `dashboard.widgets.params` with `account_ids` as the extra field (spec §3.2, §7.2).
   */
  administration: z.strictObject({
    account_ids: z.array(objectIdSchema).max(ADMINISTRATION_ACCOUNTS_MAX).default([]),
  }),
  /**
   * The actions HR templates produce (`dashboard.actions.template`): each template's first `limit`
   * actions in the period (both dates null: next month), of some teams, people and templates.
   */
  hrActions: z.strictObject({
    limit: limitSchema,
    custom_period_start: z.iso.date().nullable().default(null),
    custom_period_end: z.iso.date().nullable().default(null),
    team_ids: teamIdsSchema,
    employee_ids: z.array(objectIdSchema).max(WIDGET_TEAMS_MAX).default([]),
    template_ids: z.array(objectIdSchema).max(WIDGET_TEAMS_MAX).default([]),
  }),
  /**
   * The user's interviews as an interviewer (`recruiting.myInterviews`, issue 17): upcoming ones, then
   * recent ones awaiting their scorecard; the first `limit` are shown.
   */
  myInterviews: z.strictObject({ limit: limitSchema }),
  /**
   * Approved absences not yet ended (`dashboard.absence.list`, `per_page` from the limit) of one type
   * (`absence_type`, null: any), saved through `dashboard.widgets.params` as absentToday's filter is.
   */
  absences: z.strictObject({
    limit: limitSchema,
    absence_type: z.enum(ABSENCE_TYPE_CODES).nullable().default(null),
  }),
} as const satisfies Record<DashboardWidget, z.ZodType>;

export type WidgetParams<W extends DashboardWidget> = z.output<(typeof WIDGET_PARAMS_SCHEMAS)[W]>;

/** A widget's parameters with defaults filled; stored ones that no longer parse give the defaults. */
export function readWidgetParams<W extends DashboardWidget>(widget: W, params: unknown): WidgetParams<W> {
  const schema = WIDGET_PARAMS_SCHEMAS[widget];
  const parsed = schema.safeParse(params ?? {});
  return (parsed.success ? parsed.data : schema.parse({})) as WidgetParams<W>;
}

/** The longest `params` JSON text a call may send. */
export const WIDGET_PARAMS_TEXT_MAX = 10_000;

/** One widget on a dashboard, in order, with its parameters (defaults filled). */
export const layoutWidgetSchema = z.object({
  name: dashboardWidgetSchema,
  params: z.record(z.string(), z.unknown()),
});
export type LayoutWidget = z.infer<typeof layoutWidgetSchema>;

/** Where a user's layout comes from: their own, the company default, or the built-in one. */
export const LAYOUT_SOURCES = ['own', 'company', 'builtin'] as const;

/**
 * What `dashboard.widgets.all` carries (spec §7.2: a text response parsed as structured data): the
 * user's widgets in order — only those the plan and their permissions allow —, every widget they may
 * place, where the layout comes from, and whether they may change the company default.
 */
export const dashboardStateSchema = z.object({
  widgets: z.array(layoutWidgetSchema),
  available: z.array(dashboardWidgetSchema),
  source: z.enum(LAYOUT_SOURCES),
  can_edit_default: z.boolean(),
});
export type DashboardState = z.infer<typeof dashboardStateSchema>;

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The structure of `dashboard.widgets.all`'s text; throws when the text is not one. */
export function parseDashboardState(text: string): DashboardState {
  return dashboardStateSchema.parse(readJson(text));
}

/**
 * `GET dashboard.widgets.all`: a JSON string whose text is a DashboardState (the spec's client parses
 * the answer's text). The refinement holds fakes and answers to the structure inside.
 */
export const dashboardWidgetsTextSchema = z
  .string()
  .refine((text) => dashboardStateSchema.safeParse(readJson(text)).success, {
    message: 'Not the JSON text of a dashboard state',
  });

/** `POST dashboard.layouts.current.params` (spec §7.2): one widget's parameters as JSON text, replaced. */
export const layoutParamsBodySchema = z.object({
  widget_name: dashboardWidgetSchema,
  params: z.string().max(WIDGET_PARAMS_TEXT_MAX),
});
export type LayoutParamsBody = z.infer<typeof layoutParamsBodySchema>;

/**
 * `POST dashboard.widgets.params` (spec §7.2): a widget's parameters merged into those it has — the
 * `params` JSON text, then any extra body fields (`account_ids` of the administration widget, …).
 */
export const widgetParamsBodySchema = z
  .object({
    widget_name: dashboardWidgetSchema,
    params: z.string().max(WIDGET_PARAMS_TEXT_MAX).optional(),
  })
  .catchall(z.unknown());
export type WidgetParamsBody = z.infer<typeof widgetParamsBodySchema>;

/** The saved parameters of one widget (both parameter calls). */
export const widgetParamsResponseSchema = z.object({
  data: z.object({ widget_name: dashboardWidgetSchema, params: z.record(z.string(), z.unknown()) }),
});

const uniqueNames = (names: readonly string[]) => new Set(names).size === names.length;

/** `PUT dashboard.layouts.current`: the user's widgets in order (each at most once). */
export const currentLayoutBodySchema = z.object({
  widgets: z
    .array(dashboardWidgetSchema)
    .max(DASHBOARD_WIDGETS.length)
    .refine(uniqueNames, { message: 'dashboard.duplicate_widget' }),
});
export type CurrentLayoutBody = z.infer<typeof currentLayoutBodySchema>;

/** `GET dashboard.layouts.default`: the company default (the built-in one while none is set). */
export const defaultLayoutResponseSchema = z.object({
  data: z.object({ widgets: z.array(layoutWidgetSchema), is_set: z.boolean() }),
});
export type DefaultLayout = z.infer<typeof defaultLayoutResponseSchema>['data'];

/** `PUT dashboard.layouts.default` (owners and company settings): widgets in order with parameters. */
export const defaultLayoutBodySchema = z.object({
  widgets: z
    .array(z.object({ name: dashboardWidgetSchema, params: z.record(z.string(), z.unknown()).optional() }))
    .max(DASHBOARD_WIDGETS.length)
    .refine((widgets) => uniqueNames(widgets.map((widget) => widget.name)), {
      message: 'dashboard.duplicate_widget',
    }),
});
export type DefaultLayoutBody = z.infer<typeof defaultLayoutBodySchema>;

// ---------------------------------------------------------------------------------------------------
// The widgets' data.

const teamIdsQuerySchema = z
  .union([queryIdSchema, z.array(queryIdSchema).max(WIDGET_TEAMS_MAX)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .optional();

/** `dashboard.birthdays.list` and `dashboard.importantDate`: the next `days` days, `per_page` rows. */
export const upcomingDatesQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(WIDGET_LIMIT_MAX).default(WIDGET_LIMIT_DEFAULT),
  days: z.coerce.number().int().min(1).max(UPCOMING_DAYS_MAX).default(UPCOMING_DAYS_DEFAULT),
  team_ids: teamIdsQuerySchema,
});
export type UpcomingDatesQuery = z.output<typeof upcomingDatesQuerySchema>;

/**
 * One upcoming birthday: the day it is celebrated this time (29 February falls on 28 February in a
 * year without one) and how many days away it is (0: today). The birth year is not answered.
 */
export const birthdaySchema = z.object({
  employee: employeeRefSchema,
  date: z.iso.date(),
  days_until: z.number().int(),
});
export type Birthday = z.infer<typeof birthdaySchema>;
export const birthdaysResponseSchema = z.object({
  data: z.array(birthdaySchema),
  meta: z.object({ total: z.number().int() }),
});

/** One upcoming work anniversary (the day, as birthdays), with the years it completes. */
export const workAnniversarySchema = birthdaySchema.extend({ years: z.number().int().min(1) });
export type WorkAnniversary = z.infer<typeof workAnniversarySchema>;
export const workAnniversariesResponseSchema = z.object({
  data: z.array(workAnniversarySchema),
  meta: z.object({ total: z.number().int() }),
});

/** The longest "about the company" text. */
export const ABOUT_COMPANY_MAX_LENGTH = 5_000;

/**
 * `GET dashboard.companyInfo`: the company's name and logo, its working (not dismissed) employees
 * and its open teams (hidden teams are not counted: their existence is not everyone's to know), and
 * the "about" text with whether the user may edit it.
 */
export const companyInfoSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  employees_count: z.number().int(),
  teams_count: z.number().int(),
  about: z.string(),
  can_edit_about: z.boolean(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
export const companyInfoResponseSchema = z.object({ data: companyInfoSchema });

/** `GET`/`PUT dashboard.aboutCompany`: the company's "about" text (edited by owners). */
export const aboutCompanyResponseSchema = z.object({
  data: z.object({ about: z.string(), can_edit: z.boolean() }),
});
export const aboutCompanyBodySchema = z.object({ about: z.string().trim().max(ABOUT_COMPANY_MAX_LENGTH) });
export type AboutCompanyBody = z.infer<typeof aboutCompanyBodySchema>;

/** `employee.candidates`: the user's candidates in recruiting, newest first. */
export const myCandidatesQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(WIDGET_LIMIT_MAX).default(WIDGET_LIMIT_DEFAULT),
});
/**
 * An open (not rejected) application on a vacancy the user is a responsible recruiter of: who, for
 * what, at which stage, since when.
 */
export const myCandidateSchema = z.object({
  id: objectIdSchema,
  candidate: z.object({ id: objectIdSchema, name: z.string() }),
  vacancy: z.object({ id: objectIdSchema, name: z.string() }),
  stage: stageSchema,
  created_at: z.string(),
});
export type MyCandidate = z.infer<typeof myCandidateSchema>;
export const myCandidatesResponseSchema = z.object({
  data: z.array(myCandidateSchema),
  meta: z.object({ total: z.number().int() }),
});
