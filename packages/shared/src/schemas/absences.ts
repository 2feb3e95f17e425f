import { z } from 'zod';
import { LIST_PER_PAGE, LIST_PER_PAGE_MAX } from '../constants';
import { objectIdSchema, pageMetaSchema, queryIdSchema } from './common';

/*
 * Absences (issue 14, docs/decisions/018-absence-ledger.md): absence types, requests with their
 * approval steps, and the balance (`dashboard.balance.absence`). Dates are plain calendar dates
 * (YYYY-MM-DD) in the employee's calendar; amounts are in the type's unit (days or hours).
 */

/** Absence type codes: spec §3.2's five numeric ones, then the other approval kinds of spec §6. */
export const ABSENCE_TYPE_CODES = [
  'vacation',
  'sick_days',
  'unpaid_vacation',
  'home_work',
  'sick_days_doc',
  'business_trip',
  'overtime',
  'weekend_work',
  'night_shift',
  'day_transfer',
] as const;
export type AbsenceTypeCode = (typeof ABSENCE_TYPE_CODES)[number];

/** Spec §3.2's numeric codes (the analytics sender ignores every other type). */
export const ABSENCE_TYPE_NUMBERS = {
  vacation: 1,
  sick_days: 2,
  unpaid_vacation: 3,
  home_work: 5,
  sick_days_doc: 7,
} as const satisfies Partial<Record<AbsenceTypeCode, number>>;

export const ABSENCE_UNITS = ['days', 'half_days', 'hours'] as const;
export type AbsenceUnit = (typeof ABSENCE_UNITS)[number];

/** How days of a range count: working days of the calendar, or every day; holidays never count. */
export const DAY_COUNTINGS = ['working_days', 'calendar_days'] as const;
export type DayCounting = (typeof DAY_COUNTINGS)[number];

export const ABSENCE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'revoked'] as const;
export type AbsenceStatus = (typeof ABSENCE_STATUSES)[number];

/** Who decides one step of an approval chain: the employee's manager (or the fallback), or HR. */
export const APPROVER_ROLES = ['manager', 'hr'] as const;
export type ApproverRole = (typeof APPROVER_ROLES)[number];

/** The named AbsenceRequest action (spec §6) that approves each type. */
export const APPROVAL_ACTION_OF_TYPE = {
  vacation: 'approve_vacation',
  sick_days: 'approve_sick_leave',
  sick_days_doc: 'approve_sick_leave',
  unpaid_vacation: 'approve_unpaid_vacation',
  home_work: 'approve_home_work',
  business_trip: 'approve_business_trip',
  overtime: 'approve_overtime',
  weekend_work: 'approve_weekend_work',
  night_shift: 'approve_night_shift',
  day_transfer: 'approve_day_transfer',
} as const satisfies Record<AbsenceTypeCode, string>;

/**
 * The first and last day an absence or a date filter may name: the years the reports take (1900–2200).
 * Beyond them a range's count no longer fits the stored amounts, so such a date is refused under its
 * field rather than failing at the database.
 */
export const ABSENCE_DATE_MIN = '1900-01-01';
export const ABSENCE_DATE_MAX = '2200-12-31';

const plainDateSchema = z.iso
  .date()
  .refine((date) => !/^\d{4}-/.test(date) || (date >= ABSENCE_DATE_MIN && date <= ABSENCE_DATE_MAX), {
    message: 'absences.date_out_of_range',
  });

/** Whether `[from, to]` is in order (either end missing: nothing to compare). */
export function isDateRangeInOrder(from: string | undefined, to: string | undefined): boolean {
  return !from || !to || from <= to;
}

/** The refusal of a "To" before "From": said under "To". */
const toBeforeFrom = { path: ['date_to'], message: 'absences.date_to_before_from' };
const inOrder = (value: { date_from?: string | undefined; date_to?: string | undefined }) =>
  isDateRangeInOrder(value.date_from, value.date_to);

export const localizedNamesSchema = z.object({ en: z.string(), ru: z.string(), uk: z.string() });

/** An absence type of the company (`GET absences.types`). */
export const absenceTypeSchema = z.object({
  id: z.number().int(),
  code: z.enum(ABSENCE_TYPE_CODES),
  /** Spec §3.2's number for the five codes it knows, else null. */
  number: z.number().int().nullable(),
  names: localizedNamesSchema,
  unit: z.enum(ABSENCE_UNITS),
  counting: z.enum(DAY_COUNTINGS),
  needs_approval: z.boolean(),
  needs_document: z.boolean(),
  counts_against_balance: z.boolean(),
  color: z.string(),
  icon: z.string(),
  is_enabled: z.boolean(),
  position: z.number().int(),
  approval_chain: z.array(z.enum(APPROVER_ROLES)),
});
export type AbsenceType = z.infer<typeof absenceTypeSchema>;
export const absenceTypesResponseSchema = z.object({ data: z.array(absenceTypeSchema) });

/**
 * `POST employeeRequest.requests`. `half_day_start`: the first day starts at midday (only its
 * afternoon is off); `half_day_end`: the last day ends at midday. Hourly types take `hours` instead.
 */
export const createAbsenceRequestBodySchema = z
  .object({
    absence_type: z.enum(ABSENCE_TYPE_CODES),
    employee_id: objectIdSchema.optional(),
    date_from: plainDateSchema,
    date_to: plainDateSchema,
    half_day_start: z.boolean().default(false),
    half_day_end: z.boolean().default(false),
    hours: z.number().positive().max(10_000).multipleOf(0.25).optional(),
    comment: z.string().trim().max(2000).optional(),
  })
  .refine(inOrder, toBeforeFrom);
export type CreateAbsenceRequestBody = z.input<typeof createAbsenceRequestBodySchema>;

/** The answer to a new request: its status and the counted amount (days, or hours for hourly types). */
export const createdAbsenceRequestResponseSchema = z.object({
  data: z.object({ id: z.number().int(), status: z.enum(ABSENCE_STATUSES), days: z.number() }),
});
export type CreatedAbsenceRequestResponse = z.infer<typeof createdAbsenceRequestResponseSchema>;

export const absenceRequestStepSchema = z.object({
  position: z.number().int(),
  approver_role: z.enum(APPROVER_ROLES),
  /** The named approver (the manager, or the fallback when there is none); null: anyone allowed. */
  approver_employee_id: z.number().int().nullable(),
  approver_name: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected', 'skipped']),
  decided_by_user_id: z.number().int().nullable(),
  /** Who decided it (their account's name), or null while pending or when the account is gone. */
  decided_by_name: z.string().nullable(),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
});

/** A document attached to a request (a sick note), downloaded by whoever sees the request. */
export const absenceRequestFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
});

/** What the user may do with a request now (the server decides; the app only shows the buttons). */
export const absenceRequestAbilitiesSchema = z.object({
  /** Approve or reject its current step. */
  decide: z.boolean(),
  cancel: z.boolean(),
  revoke: z.boolean(),
  /** Change the dates of an approved absence (`update_absence`). */
  update: z.boolean(),
  /** Remove an approved absence (`delete_absence`; a ledger reversal). */
  delete: z.boolean(),
});

/** One request with its steps (`GET employeeRequest.requests.one` and every decision's answer). */
export const absenceRequestSchema = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  date_from: z.string(),
  date_to: z.string(),
  half_day_start: z.boolean(),
  half_day_end: z.boolean(),
  hours: z.number().nullable(),
  status: z.enum(ABSENCE_STATUSES),
  /** The counted amount in the type's unit, and its split over calendar years. */
  days: z.number(),
  days_by_year: z.record(z.string(), z.number()),
  comment: z.string().nullable(),
  created_at: z.string(),
  employee_name: z.string(),
  steps: z.array(absenceRequestStepSchema),
  files: z.array(absenceRequestFileSchema),
  can: absenceRequestAbilitiesSchema,
});
export type AbsenceRequest = z.infer<typeof absenceRequestSchema>;
export const absenceRequestResponseSchema = z.object({ data: absenceRequestSchema });

/** A rejection needs a reason; approve, cancel and revoke take an optional one. */
export const rejectAbsenceBodySchema = z.object({ reason: z.string().trim().min(1).max(2000) });
export const absenceDecisionBodySchema = z.object({ reason: z.string().trim().max(2000).optional() });

/** The user's balance of one type for a year; `available = accrued - used - pending`. */
export const absenceBalanceSchema = z.object({
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  unit: z.enum(ABSENCE_UNITS),
  year: z.number().int(),
  /** Accruals, carry-over, expiry and adjustments: every ledger entry that is not an absence. */
  accrued: z.number(),
  /** Approved absences net of reversals. */
  used: z.number(),
  /** Requests still awaiting a decision. */
  pending: z.number(),
  available: z.number(),
});
export type AbsenceBalance = z.infer<typeof absenceBalanceSchema>;

/** `GET dashboard.balance.absence`: one row per enabled type that counts against a balance. */
export const absenceBalanceResponseSchema = z.object({ data: z.array(absenceBalanceSchema) });
export type AbsenceBalanceResponse = z.infer<typeof absenceBalanceResponseSchema>;

/** The most documents one request carries, and the size of each (spec §9: 50 MiB at most). */
export const ABSENCE_FILES_MAX = 5;
export const ABSENCE_FILE_MAX_BYTES = 20 * 1024 * 1024;

const perPageSchema = z.coerce.number().int().min(1).max(LIST_PER_PAGE_MAX).default(LIST_PER_PAGE);
const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * `GET dashboard.requests.all` (and `.my`, which ignores employee and team): requests the user may
 * see, newest first. Dates keep the requests whose range meets [date_from, date_to].
 */
export const absenceRequestsQuerySchema = z
  .object({
    page: pageSchema,
    per_page: perPageSchema,
    status: z.enum(ABSENCE_STATUSES).optional(),
    absence_type: z.enum(ABSENCE_TYPE_CODES).optional(),
    employee_id: queryIdSchema.optional(),
    team_id: queryIdSchema.optional(),
    date_from: plainDateSchema.optional(),
    date_to: plainDateSchema.optional(),
  })
  .refine(inOrder, toBeforeFrom);
export type AbsenceRequestsQuery = z.input<typeof absenceRequestsQuerySchema>;

export const absenceRequestsResponseSchema = z.object({
  data: z.array(absenceRequestSchema),
  meta: pageMetaSchema,
});
export type AbsenceRequestsResponse = z.infer<typeof absenceRequestsResponseSchema>;

/** `GET absences.management`: requests whose current step the user may decide now, oldest first. */
export const managementQuerySchema = z.object({ page: pageSchema, per_page: perPageSchema });
export const managementResponseSchema = z.object({
  data: z.array(absenceRequestSchema),
  meta: pageMetaSchema,
});
export type ManagementResponse = z.infer<typeof managementResponseSchema>;

/** `GET absences.management.count`: how many await the user's decision, in all and by type (the badge). */
export const managementCountResponseSchema = z.object({
  data: z.object({
    total: z.number().int(),
    by_type: z.array(z.object({ absence_type: z.enum(ABSENCE_TYPE_CODES), total: z.number().int() })),
  }),
});
export type ManagementCountResponse = z.infer<typeof managementCountResponseSchema>;

/** One approved absence in a list of who is (or will be) away. */
export const absenceEntrySchema = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee_name: z.string(),
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  date_from: z.string(),
  date_to: z.string(),
  half_day_start: z.boolean(),
  half_day_end: z.boolean(),
  hours: z.number().nullable(),
  days: z.number(),
});
export type AbsenceEntry = z.infer<typeof absenceEntrySchema>;

/**
 * `GET dashboard.absence.list` (spec §7.2: page, per_page, absence_type) and `dashboard.absence.filter`:
 * approved absences of the people the user may see whose range meets [date_from, date_to]; by
 * default those that have not ended yet (from today in the user's calendar).
 */
const absenceListQueryFields = z.object({
  page: pageSchema,
  per_page: perPageSchema,
  absence_type: z.enum(ABSENCE_TYPE_CODES).optional(),
  date_from: plainDateSchema.optional(),
  date_to: plainDateSchema.optional(),
});
export const absenceListQuerySchema = absenceListQueryFields.refine(inOrder, toBeforeFrom);
export const absenceFilterQuerySchema = absenceListQueryFields
  .omit({ page: true, per_page: true, absence_type: true })
  .refine(inOrder, toBeforeFrom);
export const absenceListResponseSchema = z.object({
  data: z.array(absenceEntrySchema),
  meta: pageMetaSchema,
});
export type AbsenceListResponse = z.infer<typeof absenceListResponseSchema>;

/** `GET dashboard.absence.filter`: the types with how many absences each has, most first. */
export const absenceFilterResponseSchema = z.object({
  data: z.array(z.object({ absence_type: z.enum(ABSENCE_TYPE_CODES), total: z.number().int() })),
});
export type AbsenceFilterResponse = z.infer<typeof absenceFilterResponseSchema>;

/**
 * `GET dashboard.absentToday.list` and `.total`: who is away today, "today" in each person's own
 * calendar time zone; approved absences of the people the user may see.
 */
export const absentTodayQuerySchema = z.object({
  page: pageSchema,
  per_page: perPageSchema,
  absence_type: z.enum(ABSENCE_TYPE_CODES).optional(),
});
export const absentTodayTotalQuerySchema = absentTodayQuerySchema.pick({ absence_type: true });
export const absentTodayResponseSchema = z.object({
  data: z.array(absenceEntrySchema.extend({ today: z.string() })),
  meta: pageMetaSchema,
});
export type AbsentTodayResponse = z.infer<typeof absentTodayResponseSchema>;
export const absentTodayTotalResponseSchema = z.object({ data: z.object({ total: z.number().int() }) });

export const LEDGER_ENTRY_KINDS = [
  'accrual',
  'carry_over',
  'expiry',
  'adjustment',
  'absence',
  'absence_reversal',
] as const;

/** One line of a balance's ledger: its sum is the balance, line by line. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: z.number(),
  request_id: z.number().int().nullable(),
  /** The request's dates, for absence lines. */
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** `GET absences.ledger`: one's own by default, or an employee's the user may see with AbsenceRequest view. */
export const ledgerQuerySchema = z.object({
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  employee_id: queryIdSchema.optional(),
  year: z.coerce.number().int().min(1900).max(2999).optional(),
});
export const ledgerResponseSchema = z.object({
  data: z.object({ balance: absenceBalanceSchema, entries: z.array(ledgerEntrySchema) }),
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

/** `POST employeeRequest.requests.preview`: what a request would count, with the same refusals, unwritten. */
export const absencePreviewResponseSchema = z.object({
  data: z.object({
    unit: z.enum(ABSENCE_UNITS),
    days: z.number(),
    days_by_year: z.record(z.string(), z.number()),
    /** What would be left of the balance in each year touched (types counted against a balance). */
    available_after: z.record(z.string(), z.number()).nullable(),
  }),
});
export type AbsencePreviewResponse = z.infer<typeof absencePreviewResponseSchema>;

/**
 * `POST absences.entries`: HR enters an absence directly (`create_absence`) for people or a whole
 * team; approved at once. Each person is checked alone: a refusal writes nothing for them.
 */
export const directEntryBodySchema = z
  .object({
    absence_type: z.enum(ABSENCE_TYPE_CODES),
    employee_ids: z.array(objectIdSchema).max(500).optional(),
    team_id: objectIdSchema.optional(),
    date_from: plainDateSchema,
    date_to: plainDateSchema,
    half_day_start: z.boolean().default(false),
    half_day_end: z.boolean().default(false),
    hours: z.number().positive().max(10_000).multipleOf(0.25).optional(),
    comment: z.string().trim().max(2000).optional(),
  })
  .refine(inOrder, toBeforeFrom)
  .refine((body) => (body.employee_ids?.length ?? 0) > 0 || body.team_id !== undefined, {
    path: ['employee_ids'],
    message: 'absences.choose_people',
  });
export type DirectEntryBody = z.input<typeof directEntryBodySchema>;

export const directEntryResultSchema = z.object({
  employee_id: z.number().int(),
  employee_name: z.string(),
  /** `created`: written (id, days); `refused`: nothing written, `errors` say why under each field. */
  result: z.enum(['created', 'refused']),
  id: z.number().int().nullable(),
  status: z.enum(ABSENCE_STATUSES).nullable(),
  days: z.number().nullable(),
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});
export type DirectEntryResult = z.infer<typeof directEntryResultSchema>;
export const directEntryResponseSchema = z.object({
  data: z.array(directEntryResultSchema),
  meta: z.object({ created: z.number().int(), refused: z.number().int() }),
});
export type DirectEntryResponse = z.infer<typeof directEntryResponseSchema>;

/** `PUT absences.entries.one` (`update_absence`): new dates of an approved absence, recounted. */
export const updateAbsenceEntryBodySchema = z
  .object({
    date_from: plainDateSchema,
    date_to: plainDateSchema,
    half_day_start: z.boolean().default(false),
    half_day_end: z.boolean().default(false),
    hours: z.number().positive().max(10_000).multipleOf(0.25).optional(),
    comment: z.string().trim().max(2000).optional(),
  })
  .refine(inOrder, toBeforeFrom);
export type UpdateAbsenceEntryBody = z.input<typeof updateAbsenceEntryBodySchema>;
