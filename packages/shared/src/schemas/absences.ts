import { z } from 'zod';
import { objectIdSchema } from './common';

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

const plainDateSchema = z.iso.date();

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
  .refine((body) => body.date_from <= body.date_to, {
    path: ['date_to'],
    message: 'absences.date_to_before_from',
  });
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
  status: z.enum(['pending', 'approved', 'rejected', 'skipped']),
  decided_by_user_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
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
  steps: z.array(absenceRequestStepSchema),
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
