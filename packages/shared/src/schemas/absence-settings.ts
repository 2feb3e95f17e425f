import { z } from 'zod';
import {
  ABSENCE_TYPE_CODES,
  ABSENCE_UNITS,
  APPROVER_ROLES,
  absenceTypeSchema,
  DAY_COUNTINGS,
} from './absences';
import { timezoneSchema } from './admin';
import { objectIdParamSchema, objectIdSchema, queryIntSchema } from './common';

/*
 * Absence settings (issue 14, docs/decisions/018-absence-ledger.md): the company's absence types,
 * their policies (allowance, accrual, carry-over, going negative) with their assignments to teams or
 * people, work calendars with their exceptional days (public holidays, company days off, transferred
 * working days) and who counts on them, and manual balance adjustments. Owners and roles with
 * Settings update at to_all edit them; adjustments need AbsenceRequest's `update_absence`.
 */

/** Icons an absence type may show (the HR app draws each). */
export const ABSENCE_TYPE_ICONS = [
  'beach',
  'thermometer',
  'wallet',
  'home',
  'medical',
  'plane',
  'clock',
  'calendar',
  'moon',
  'swap',
  'event',
] as const;
export type AbsenceTypeIcon = (typeof ABSENCE_TYPE_ICONS)[number];

/** How a policy's allowance comes: all at once, month by month, or by years of service. */
export const ABSENCE_ACCRUALS = ['upfront', 'monthly', 'tenure'] as const;
export type AbsenceAccrual = (typeof ABSENCE_ACCRUALS)[number];

export const CALENDAR_DAY_KINDS = ['public_holiday', 'company_day_off', 'working_day'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];

/** Years the settings accept (calendar days, holiday imports, adjustments). */
export const SETTINGS_YEAR_MIN = 1970;
export const SETTINGS_YEAR_MAX = 2100;

const yearSchema = z.number().int().min(SETTINGS_YEAR_MIN).max(SETTINGS_YEAR_MAX);

/** Amounts are stored as numeric(8,2): at most two decimals. */
function isHundredths(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

function amountSchema(max: number) {
  return z.number().min(0).max(max).refine(isHundredths, { message: 'absences.settings.two_decimals' });
}

const typeName = z.string().trim().min(1).max(100);

/** Someone named in the settings (a fallback approver, an assigned person or team). */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

// ---------------------------------------------------------------------------------------------------
// Types

/** A type as the settings screen edits it: the public shape plus its fallback approver. */
export const editableAbsenceTypeSchema = absenceTypeSchema.extend({
  /** Who decides a manager step when the employee has no manager (or is their own); null: nobody. */
  fallback_approver: namedRefSchema.nullable(),
});
export type EditableAbsenceType = z.infer<typeof editableAbsenceTypeSchema>;
export const editableAbsenceTypesResponseSchema = z.object({ data: z.array(editableAbsenceTypeSchema) });
export const editableAbsenceTypeResponseSchema = z.object({ data: editableAbsenceTypeSchema });

/**
 * `PUT absences.settings.type`: any of the fields; the rest stay. A type that needs approval needs a
 * chain of at least one step; one that does not keeps an empty chain (requests are approved at once).
 */
export const updateAbsenceTypeBodySchema = z
  .object({
    names: z.object({ en: typeName, ru: typeName, uk: typeName }),
    is_enabled: z.boolean(),
    unit: z.enum(ABSENCE_UNITS),
    counting: z.enum(DAY_COUNTINGS),
    needs_approval: z.boolean(),
    needs_document: z.boolean(),
    counts_against_balance: z.boolean(),
    color: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, { message: 'absences.settings.color_invalid' }),
    icon: z.enum(ABSENCE_TYPE_ICONS),
    approval_chain: z
      .array(z.enum(APPROVER_ROLES))
      .max(APPROVER_ROLES.length)
      .refine((chain) => new Set(chain).size === chain.length, {
        message: 'absences.settings.chain_duplicate',
      }),
    fallback_approver_id: objectIdSchema.nullable(),
  })
  .partial();
export type UpdateAbsenceTypeBody = z.infer<typeof updateAbsenceTypeBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Policies

export const tenureMilestoneSchema = z.object({
  /** From this many whole years of service (at 1 January) on… */
  years: z.number().int().min(1).max(80),
  /** …the yearly allowance is this. */
  allowance: amountSchema(9999),
});

export const carryOverExpirySchema = z
  .object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) })
  .refine((value) => value.day <= new Date(Date.UTC(2000, value.month, 0)).getUTCDate(), {
    path: ['day'],
    message: 'absences.settings.expiry_invalid',
  });

const policyFields = {
  name: z.string().trim().min(1).max(200),
  /** The type's company-wide policy: whoever no assignment reaches. At most one per type. */
  is_default: z.boolean(),
  yearly_allowance: amountSchema(9999),
  accrual: z.enum(ABSENCE_ACCRUALS),
  /** Used when `accrual` is `tenure`: the allowance from each number of years of service on. */
  tenure_milestones: z.array(tenureMilestoneSchema).max(20),
  /** Pro-rated amounts are rounded half up to a multiple of this (0.5 = half days). */
  rounding_step: z
    .number()
    .min(0.01)
    .max(9.99)
    .refine(isHundredths, { message: 'absences.settings.two_decimals' }),
  /** At most this much of last year's balance carries over; null: nothing carries. */
  carry_over_cap: amountSchema(9999).nullable(),
  /** Carried days unused by this day of the new year expire; null: they never do. */
  carry_over_expiry: carryOverExpirySchema.nullable(),
  allow_negative: z.boolean(),
  /** How far below zero when allowed; null: no limit. */
  negative_limit: amountSchema(9999).nullable(),
  counting: z.enum(DAY_COUNTINGS),
  /** Teams whose members it applies to, and people it applies to (a person's own assignment wins). */
  team_ids: z.array(objectIdSchema).max(500),
  employee_ids: z.array(objectIdSchema).max(5000),
};

type PolicyShape = {
  accrual: AbsenceAccrual;
  tenure_milestones: { years: number }[];
  team_ids: number[];
  employee_ids: number[];
};

function checkPolicy(policy: PolicyShape, ctx: z.RefinementCtx): void {
  if (policy.accrual === 'tenure' && policy.tenure_milestones.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['tenure_milestones'],
      message: 'absences.settings.milestones_required',
    });
  }
  const years = policy.tenure_milestones.map((milestone) => milestone.years);
  if (new Set(years).size !== years.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['tenure_milestones'],
      message: 'absences.settings.milestones_duplicate',
    });
  }
  for (const key of ['team_ids', 'employee_ids'] as const) {
    if (new Set(policy[key]).size !== policy[key].length) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'absences.settings.duplicate_ids' });
    }
  }
}

/** `PUT absences.settings.policy`: the whole policy (its type stays). */
export const updateAbsencePolicyBodySchema = z
  .object({
    ...policyFields,
    is_default: policyFields.is_default.default(false),
    tenure_milestones: policyFields.tenure_milestones.default([]),
    rounding_step: policyFields.rounding_step.default(0.5),
    carry_over_cap: policyFields.carry_over_cap.default(null),
    carry_over_expiry: policyFields.carry_over_expiry.default(null),
    allow_negative: policyFields.allow_negative.default(false),
    negative_limit: policyFields.negative_limit.default(null),
    counting: policyFields.counting.default('working_days'),
    team_ids: policyFields.team_ids.default([]),
    employee_ids: policyFields.employee_ids.default([]),
  })
  .superRefine(checkPolicy);
export type UpdateAbsencePolicyBody = z.input<typeof updateAbsencePolicyBodySchema>;

/** `POST absences.settings.policies`: a new policy of a type. */
export const createAbsencePolicyBodySchema = z
  .object({
    absence_type: z.enum(ABSENCE_TYPE_CODES),
    ...policyFields,
    is_default: policyFields.is_default.default(false),
    tenure_milestones: policyFields.tenure_milestones.default([]),
    rounding_step: policyFields.rounding_step.default(0.5),
    carry_over_cap: policyFields.carry_over_cap.default(null),
    carry_over_expiry: policyFields.carry_over_expiry.default(null),
    allow_negative: policyFields.allow_negative.default(false),
    negative_limit: policyFields.negative_limit.default(null),
    counting: policyFields.counting.default('working_days'),
    team_ids: policyFields.team_ids.default([]),
    employee_ids: policyFields.employee_ids.default([]),
  })
  .superRefine(checkPolicy);
export type CreateAbsencePolicyBody = z.input<typeof createAbsencePolicyBodySchema>;

export const absencePolicySchema = z.object({
  id: z.number().int(),
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  name: z.string(),
  is_default: z.boolean(),
  yearly_allowance: z.number(),
  accrual: z.enum(ABSENCE_ACCRUALS),
  tenure_milestones: z.array(z.object({ years: z.number().int(), allowance: z.number() })),
  rounding_step: z.number(),
  carry_over_cap: z.number().nullable(),
  carry_over_expiry: z.object({ month: z.number().int(), day: z.number().int() }).nullable(),
  allow_negative: z.boolean(),
  negative_limit: z.number().nullable(),
  counting: z.enum(DAY_COUNTINGS),
  teams: z.array(namedRefSchema),
  employees: z.array(namedRefSchema),
  /** Applies to someone: the type's default, or assigned to a team or a person. */
  is_active: z.boolean(),
});
export type AbsencePolicy = z.infer<typeof absencePolicySchema>;
export const absencePoliciesResponseSchema = z.object({ data: z.array(absencePolicySchema) });
export const absencePolicyResponseSchema = z.object({ data: absencePolicySchema });

// ---------------------------------------------------------------------------------------------------
// Work calendars

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** An ISO 3166-1 alpha-2 country code, upper case. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'absences.settings.country_invalid' });

export const workCalendarBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  /** Whose public holidays it imports; null: none. */
  country_code: countryCodeSchema.nullable().default(null),
  /** IANA zone: "today" and the current year for whoever counts on it. */
  time_zone: timezoneSchema,
  working_weekdays: z
    .array(z.number().int().min(1).max(7))
    .max(7)
    .refine((days) => new Set(days).size === days.length, { message: 'absences.settings.duplicate_ids' })
    .transform((days) => [...days].sort((a, b) => a - b)),
  /** The calendar of whoever has none assigned; making one default unmarks the previous one. */
  is_default: z.boolean().default(false),
});
export type WorkCalendarBody = z.input<typeof workCalendarBodySchema>;

export const workCalendarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country_code: z.string().nullable(),
  time_zone: z.string(),
  working_weekdays: z.array(z.number().int()),
  is_default: z.boolean(),
  /** People assigned to it themselves (employee_calendars). */
  employees_count: z.number().int(),
  /** Teams assigned to it (team_calendars): their members and sub-teams count on it. */
  teams_count: z.number().int(),
  /**
   * Current employees (not dismissed) who count days on it, whatever the reason: their own
   * assignment, else their nearest team's calendar, else the company default.
   */
  people_count: z.number().int(),
});
export type WorkCalendar = z.infer<typeof workCalendarSchema>;
export const workCalendarsResponseSchema = z.object({ data: z.array(workCalendarSchema) });

/** One calendar with the people (their own assignment) and the teams assigned to it. */
export const workCalendarDetailSchema = workCalendarSchema.extend({
  employees: z.array(namedRefSchema),
  teams: z.array(namedRefSchema),
});
export type WorkCalendarDetail = z.infer<typeof workCalendarDetailSchema>;
export const workCalendarResponseSchema = z.object({ data: workCalendarDetailSchema });

/**
 * `PUT absences.settings.calendar.assignments`: who counts on this calendar. `employee_ids` is the
 * whole list of people assigned to it themselves (others go back to their team's calendar or the
 * default). `team_ids`, when given, is the whole list of teams assigned to it (stored, not copied: whoever
 * joins such a team later, or one of its sub-teams without a calendar, counts on it too; a team
 * assigned to another calendar moves here; teams left out are unassigned); omitted, the teams stay.
 * A person's calendar: their own, else their nearest team's (ties: the lowest team id), else the default.
 */
export const calendarAssignmentsBodySchema = z.object({
  employee_ids: z
    .array(objectIdSchema)
    .max(10_000)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'absences.settings.duplicate_ids' }),
  team_ids: z
    .array(objectIdSchema)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'absences.settings.duplicate_ids' })
    .optional(),
});
export type CalendarAssignmentsBody = z.input<typeof calendarAssignmentsBodySchema>;

export const calendarDayParamsSchema = z.object({ id: objectIdParamSchema, day_id: objectIdParamSchema });

export const calendarDaysQuerySchema = z.object({
  year: queryIntSchema(SETTINGS_YEAR_MIN, SETTINGS_YEAR_MAX),
});

/** A public holiday or company day off (never counted), or a weekend day made working. */
export const calendarDayBodySchema = z.object({
  date: z.iso.date(),
  name: z.string().trim().max(200).default(''),
  kind: z.enum(CALENDAR_DAY_KINDS),
});
export type CalendarDayBody = z.input<typeof calendarDayBodySchema>;

export const calendarDaySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  name: z.string(),
  kind: z.enum(CALENDAR_DAY_KINDS),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const calendarDaysResponseSchema = z.object({ data: z.array(calendarDaySchema) });
export const calendarDayResponseSchema = z.object({ data: calendarDaySchema });

/** `POST absences.settings.calendar.importHolidays`: a country's public holidays of one year. */
export const importHolidaysBodySchema = z.object({ country: countryCodeSchema, year: yearSchema });
export type ImportHolidaysBody = z.input<typeof importHolidaysBodySchema>;

/** What an import did: `added` new days; `skipped` dates the calendar already had (nothing doubles). */
export const importHolidaysResponseSchema = z.object({
  data: z.object({ added: z.number().int(), skipped: z.number().int() }),
});
export type ImportHolidaysResult = z.infer<typeof importHolidaysResponseSchema>['data'];

/** Countries whose public holidays can be imported, named in the reader's language. */
export const holidayCountriesResponseSchema = z.object({
  data: z.array(z.object({ code: z.string(), name: z.string() })),
});

// ---------------------------------------------------------------------------------------------------
// Manual balance adjustments

/** `POST absences.settings.adjustments`: adds (or, negative, takes) an amount with a required note. */
export const balanceAdjustmentBodySchema = z.object({
  employee_id: objectIdSchema,
  absence_type: z.enum(ABSENCE_TYPE_CODES),
  year: yearSchema,
  amount: z
    .number()
    .min(-9999)
    .max(9999)
    .refine((value) => value !== 0, { message: 'absences.settings.amount_zero' })
    .refine(isHundredths, { message: 'absences.settings.two_decimals' }),
  note: z.string().trim().min(1).max(500),
});
export type BalanceAdjustmentBody = z.input<typeof balanceAdjustmentBodySchema>;

export const LEDGER_ENTRY_KINDS = [
  'accrual',
  'carry_over',
  'expiry',
  'adjustment',
  'absence',
  'absence_reversal',
] as const;

export const settingsLedgerLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: z.number(),
  note: z.string().nullable(),
  request_id: z.number().int().nullable(),
  created_at: z.string(),
});

/** The ledger of (employee, type, year) after the adjustment, line by line, and its sum. */
export const balanceAdjustmentResponseSchema = z.object({
  data: z.object({
    employee_id: z.number().int(),
    absence_type: z.enum(ABSENCE_TYPE_CODES),
    year: z.number().int(),
    lines: z.array(settingsLedgerLineSchema),
    balance: z.number(),
  }),
});
export type BalanceAdjustmentResult = z.infer<typeof balanceAdjustmentResponseSchema>['data'];
