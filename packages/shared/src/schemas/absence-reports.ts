import { z } from 'zod';
import { ABSENCE_STATUSES, ABSENCE_TYPE_CODES, ABSENCE_UNITS, absenceBalanceSchema } from './absences';
import { objectIdParamSchema, objectIdSchema, pageMetaSchema, queryIdSchema } from './common';

/*
 * Absence reports (issue 14, docs/decisions/018-absence-ledger.md): spec §3.2's balance report of one
 * person (`dashboard.balance.absenceReport`), the person's report modal (`dashboard.absence.reportModal`),
 * the HR report of a team or the company, the timeline (Timeline named actions of spec §6) with its
 * export and import, and iCal feeds. Dates are plain calendar dates (YYYY-MM-DD); months are YYYY-MM.
 */

const plainDateSchema = z.iso.date();
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'absenceReports.bad_month');
const yearSchema = z.coerce.number().int().min(1900).max(2200);

/** A list of type codes in a query (`?type_codes=vacation&type_codes=sick_days`, or one). */
const typeCodesQuerySchema = z
  .union([z.enum(ABSENCE_TYPE_CODES), z.array(z.enum(ABSENCE_TYPE_CODES)).max(ABSENCE_TYPE_CODES.length)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .optional();

/** Query booleans as the HR client writes them (`true` / `false`, `1` / `0`). */
const queryBooleanSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

// ---------------------------------------------------------------------------------------------------
// `dashboard.balance.absenceReport` (spec §3.2): keyed groups, each with absence_data entries; each
// entry has months; each month has title and days_data.list.

/** `{id}`: an employee id, or `current` for the user's own employee. */
export const absenceReportParamsSchema = z.object({
  id: z.union([z.literal('current'), objectIdParamSchema]),
});

/** The year of the report (default: the current year of the employee's calendar). */
export const absenceReportQuerySchema = z.object({ year: yearSchema.optional() });
export type AbsenceReportQuery = z.input<typeof absenceReportQuerySchema>;

/** One counted day of an absence: its date and how much of it counts (1, 0.5; hours for hourly types). */
export const absenceReportDaySchema = z.object({ date: plainDateSchema, amount: z.number() });

/** One month an absence touches: `title` is the month (YYYY-MM), `days_data.list` its counted days. */
export const absenceReportMonthSchema = z.object({
  title: monthSchema,
  days_data: z.object({ list: z.array(absenceReportDaySchema) }),
});

/** One absence (approved or pending) with the months of the year it touches. */
export const absenceReportEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(ABSENCE_STATUSES),
  date_from: plainDateSchema,
  date_to: plainDateSchema,
  half_day_start: z.boolean(),
  half_day_end: z.boolean(),
  /** The amount the absence takes from this year, in the type's unit. */
  days: z.number(),
  months: z.array(absenceReportMonthSchema),
});

/** One group: one absence type of the company, keyed by its code. */
export const absenceReportGroupSchema = z.object({
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  /** Spec §3.2's number for the five codes it knows, else null. */
  number: z.number().int().nullable(),
  unit: z.enum(ABSENCE_UNITS),
  /** Approved amount this year (pending excluded), in the type's unit. */
  total: z.number(),
  absence_data: z.array(absenceReportEntrySchema),
});
export type AbsenceReportGroup = z.infer<typeof absenceReportGroupSchema>;

export const absenceReportResponseSchema = z.object({
  data: z.record(z.string(), absenceReportGroupSchema),
  meta: z.object({ employee_id: z.number().int(), year: z.number().int() }),
});
export type AbsenceReportResponse = z.infer<typeof absenceReportResponseSchema>;

/** A report month as the client shows it (spec §3.2: flattened to title plus a days list). */
export type FlatReportMonth = { title: string; days: { date: string; amount: number }[] };

/** Spec §3.2's flattening: each month's `days_data.list` becomes `days`. */
export function flattenReportMonths(months: z.infer<typeof absenceReportMonthSchema>[]): FlatReportMonth[] {
  return months.map((month) => ({ title: month.title, days: month.days_data.list }));
}

// ---------------------------------------------------------------------------------------------------
// `dashboard.absence.reportModal`: a person's absences and balances for a year.

export const reportModalParamsSchema = z.object({
  people_id: objectIdParamSchema,
});
export const reportModalQuerySchema = absenceReportQuerySchema;

export const reportAbsenceSchema = z.object({
  id: z.number().int(),
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  date_from: plainDateSchema,
  date_to: plainDateSchema,
  half_day_start: z.boolean(),
  half_day_end: z.boolean(),
  hours: z.number().nullable(),
  status: z.enum(ABSENCE_STATUSES),
  /** The whole request's amount in the type's unit. */
  days: z.number(),
});
export type ReportAbsence = z.infer<typeof reportAbsenceSchema>;

export const reportModalResponseSchema = z.object({
  data: z.object({
    employee: z.object({ id: z.number().int(), name: z.string() }),
    year: z.number().int(),
    balances: z.array(absenceBalanceSchema),
    /** Every request touching the year, any status, by start date. */
    absences: z.array(reportAbsenceSchema),
  }),
});
export type ReportModalResponse = z.infer<typeof reportModalResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// The HR report (`absences.report`, `absences.report.export`): approved days per person or per team
// and type, in a month or a year, with totals. Behind the Timeline action absence_report_view; the
// export behind absence_report_import_export.

export const REPORT_PERIODS = ['month', 'year'] as const;
export const REPORT_GROUPINGS = ['person', 'team'] as const;

export const hrReportQuerySchema = z
  .object({
    period: z.enum(REPORT_PERIODS).default('month'),
    year: yearSchema,
    month: z.coerce.number().int().min(1).max(12).optional(),
    /** A team and every team below it; none: the whole company. */
    team_id: queryIdSchema.optional(),
    group_by: z.enum(REPORT_GROUPINGS).default('person'),
  })
  .refine((query) => query.period === 'year' || query.month !== undefined, {
    path: ['month'],
    message: 'public.fill_fields',
  });
export type HrReportQuery = z.input<typeof hrReportQuerySchema>;

export const hrReportRowSchema = z.object({
  /** The employee's id (by person) or the team's (by team; null: people in no team of the selection). */
  id: z.number().int().nullable(),
  name: z.string(),
  /** Approved amount in the period by type code, in each type's unit (days; hours for hourly types). */
  amounts: z.record(z.string(), z.number()),
  /** The sum of the day-based types (hourly types are not days). */
  total_days: z.number(),
});
export type HrReportRow = z.infer<typeof hrReportRowSchema>;

export const hrReportResponseSchema = z.object({
  data: z.object({
    date_from: plainDateSchema,
    date_to: plainDateSchema,
    /** The types with an amount in the report, in the company's order. */
    types: z.array(z.enum(ABSENCE_TYPE_CODES)),
    rows: z.array(hrReportRowSchema),
    /** Over people (a person in two teams counts once). */
    totals: z.object({ amounts: z.record(z.string(), z.number()), total_days: z.number() }),
  }),
});
export type HrReportResponse = z.infer<typeof hrReportResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// The timeline (`absences.timeline`): visible people of a team and their approved and pending
// absences over a range of months, with each person's non-working days (weekends and holidays of
// their calendar). Behind the Timeline action absence_report_view.

/** At most this many months in one timeline (and its export). */
export const TIMELINE_MAX_MONTHS = 12;
export const TIMELINE_PER_PAGE_MAX = 200;

export const timelineQuerySchema = z
  .object({
    from: monthSchema,
    to: monthSchema,
    team_id: queryIdSchema.optional(),
    type_codes: typeCodesQuerySchema,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(TIMELINE_PER_PAGE_MAX).default(50),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'absenceReports.to_before_from' })
  .refine(
    (query) => {
      const [fy, fm] = query.from.split('-').map(Number);
      const [ty, tm] = query.to.split('-').map(Number);
      return ((ty ?? 0) - (fy ?? 0)) * 12 + ((tm ?? 0) - (fm ?? 0)) < TIMELINE_MAX_MONTHS;
    },
    { path: ['to'], message: 'absenceReports.range_too_long' },
  );
export type TimelineQuery = z.input<typeof timelineQuerySchema>;

export const timelineAbsenceSchema = z.object({
  id: z.number().int(),
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  date_from: plainDateSchema,
  date_to: plainDateSchema,
  half_day_start: z.boolean(),
  half_day_end: z.boolean(),
  hours: z.number().nullable(),
  status: z.enum(['pending', 'approved']),
  days: z.number(),
});
export type TimelineAbsence = z.infer<typeof timelineAbsenceSchema>;

export const timelinePersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Days in the range this person does not work: weekends of their calendar, holidays, days off. */
  non_working_days: z.array(plainDateSchema),
  absences: z.array(timelineAbsenceSchema),
});
export type TimelinePerson = z.infer<typeof timelinePersonSchema>;

export const timelineResponseSchema = z.object({
  data: z.object({
    date_from: plainDateSchema,
    date_to: plainDateSchema,
    people: z.array(timelinePersonSchema),
  }),
  meta: pageMetaSchema,
});
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;

/** The timeline export: the same filters, every page. */
export const timelineExportQuerySchema = z
  .object({
    from: monthSchema,
    to: monthSchema,
    team_id: queryIdSchema.optional(),
    type_codes: typeCodesQuerySchema,
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'absenceReports.to_before_from' });

// ---------------------------------------------------------------------------------------------------
// The timeline import (`absences.timeline.import`, multipart field `file`, XLSX): rows of directly
// entered absences. `dry_run=true` checks every row and writes nothing; without it every row is
// entered in one transaction, or none when any row is refused.

/** The columns of the import file, in the template's order. `employee` is an employee number or e-mail. */
export const TIMELINE_IMPORT_COLUMNS = [
  'employee',
  'absence_type',
  'date_from',
  'date_to',
  'half_day_start',
  'half_day_end',
  'hours',
  'comment',
] as const;
export type TimelineImportColumn = (typeof TIMELINE_IMPORT_COLUMNS)[number];

/** At most this many rows in one import file. */
export const TIMELINE_IMPORT_MAX_ROWS = 2000;

export const timelineImportQuerySchema = z.object({ dry_run: queryBooleanSchema.default(false) });

/** One refusal of a row: its number in the file (the header is 1), the column and a message key. */
export const timelineImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The message in the user's language. */
  message: z.string(),
});
export type TimelineImportError = z.infer<typeof timelineImportErrorSchema>;

export const timelineImportResponseSchema = z.object({
  data: z.object({
    dry_run: z.boolean(),
    /** Rows read (the header excluded, blank rows skipped). */
    rows: z.number().int(),
    /** Absences entered (0 on a dry run, and whenever any row is refused). */
    created: z.number().int(),
    errors: z.array(timelineImportErrorSchema),
  }),
});
export type TimelineImportResponse = z.infer<typeof timelineImportResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// iCal feeds (`absences.feeds`): a secret, revocable URL per person, team or company, filtered by type.

export const ABSENCE_FEED_SCOPES = ['person', 'team', 'company'] as const;
export type AbsenceFeedScope = (typeof ABSENCE_FEED_SCOPES)[number];

export const createAbsenceFeedBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    scope: z.enum(ABSENCE_FEED_SCOPES),
    /** The person of a `person` feed (default: the user's own employee). */
    employee_id: objectIdSchema.optional(),
    /** The team of a `team` feed (with the teams below it). */
    team_id: objectIdSchema.optional(),
    /** Only these types (empty: every type). */
    type_codes: z.array(z.enum(ABSENCE_TYPE_CODES)).max(ABSENCE_TYPE_CODES.length).default([]),
  })
  .refine((body) => body.scope !== 'team' || body.team_id !== undefined, {
    path: ['team_id'],
    message: 'public.fill_fields',
  });
export type CreateAbsenceFeedBody = z.input<typeof createAbsenceFeedBodySchema>;

export const absenceFeedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(ABSENCE_FEED_SCOPES),
  employee_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  type_codes: z.array(z.enum(ABSENCE_TYPE_CODES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type AbsenceFeed = z.infer<typeof absenceFeedSchema>;

export const absenceFeedsResponseSchema = z.object({ data: z.array(absenceFeedSchema) });
export type AbsenceFeedsResponse = z.infer<typeof absenceFeedsResponseSchema>;

/** The answer to a new feed: its secret URL, shown this once (only a hash of the token is kept). */
export const createdAbsenceFeedResponseSchema = z.object({
  data: absenceFeedSchema.extend({ url: z.string() }),
});
export type CreatedAbsenceFeedResponse = z.infer<typeof createdAbsenceFeedResponseSchema>;

export const absenceFeedResponseSchema = z.object({ data: absenceFeedSchema });

/** `{token}` of the public feed: the secret, base64url. */
export const absenceFeedTokenParamsSchema = z.object({ token: z.string().regex(/^[\w-]{20,100}$/) });
