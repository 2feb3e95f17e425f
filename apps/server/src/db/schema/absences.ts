import {
  ABSENCE_STATUSES,
  ABSENCE_TYPE_CODES,
  ABSENCE_UNITS,
  APPROVER_ROLES,
  type ApproverRole,
  DAY_COUNTINGS,
} from '@kadry/shared/schemas/absences';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { employees } from './employees';
import { storedFiles } from './files';
import { buildInListCheck } from './sql-helpers';
import { teams } from './teams';
import { users } from './users';

// Absences (issue 14, docs/decisions/018-absence-ledger.md): types, policies, work calendars,
// requests with their approval steps, and the balance ledger. Dates are plain dates in the
// employee's calendar; amounts are numeric in the type's unit (days, or hours for hourly types).

export type LocalizedNames = { en: string; ru: string; uk: string };

/**
 * A company's absence types, one per code (seeded per company on first use from the defaults in
 * absence-type-defaults.ts; the company may rename or switch them off).
 */
export const absenceTypes = pgTable(
  'absence_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    code: text('code').notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    unit: text('unit').notNull().default('days'),
    /** Default counting when no policy says otherwise. */
    counting: text('counting').notNull().default('working_days'),
    needsApproval: boolean('needs_approval').notNull().default(true),
    needsDocument: boolean('needs_document').notNull().default(false),
    countsAgainstBalance: boolean('counts_against_balance').notNull().default(false),
    color: text('color').notNull().default('#9e9e9e'),
    icon: text('icon').notNull().default('event'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** The approval chain, step by step (`manager`, then `hr`, …); empty = approved on creation. */
    approvalChain: jsonb('approval_chain').$type<ApproverRole[]>().notNull().default([]),
    /** Who decides a manager step when the employee has no manager (or is their own manager). */
    fallbackApproverId: integer('fallback_approver_id').references(() => employees.id, {
      onDelete: 'set null',
    }),
    ...createTimestampColumns(),
  },
  (t) => [
    uniqueIndex('absence_types_company_code_key').on(t.companyId, t.code),
    check('absence_types_code_check', buildInListCheck('code', ABSENCE_TYPE_CODES)),
    check('absence_types_unit_check', buildInListCheck('unit', ABSENCE_UNITS)),
    check('absence_types_counting_check', buildInListCheck('counting', DAY_COUNTINGS)),
  ],
);
export type AbsenceTypeRow = typeof absenceTypes.$inferSelect;

export const ACCRUALS = ['upfront', 'monthly', 'tenure'] as const;
export type Accrual = (typeof ACCRUALS)[number];
/** Tenure milestones: from `years` of service on, the yearly allowance is `allowance`. */
export type TenureMilestone = { years: number; allowance: number };

/** How an absence type accrues and may be spent, for the teams or people it is assigned to. */
export const absencePolicies = pgTable(
  'absence_policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    absenceTypeId: integer('absence_type_id')
      .notNull()
      .references(() => absenceTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The company-wide policy of its type: applies to whoever no assignment reaches. */
    isDefault: boolean('is_default').notNull().default(false),
    yearlyAllowance: numeric('yearly_allowance', { precision: 8, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    accrual: text('accrual').notNull().default('upfront'),
    tenureMilestones: jsonb('tenure_milestones').$type<TenureMilestone[]>().notNull().default([]),
    /** Pro-rated amounts are rounded half up to a multiple of this (0.5 = half days). */
    roundingStep: numeric('rounding_step', { precision: 4, scale: 2, mode: 'number' }).notNull().default(0.5),
    /** At most this much of last year's balance carries over (null: none carries). */
    carryOverCap: numeric('carry_over_cap', { precision: 8, scale: 2, mode: 'number' }),
    /** Carried-over days unused by this month/day of the new year expire (null: never). */
    carryOverExpiryMonth: smallint('carry_over_expiry_month'),
    carryOverExpiryDay: smallint('carry_over_expiry_day'),
    allowNegative: boolean('allow_negative').notNull().default(false),
    /** How far below zero when allowed (null: no limit). */
    negativeLimit: numeric('negative_limit', { precision: 8, scale: 2, mode: 'number' }),
    counting: text('counting').notNull().default('working_days'),
    ...createTimestampColumns(),
  },
  (t) => [
    index('absence_policies_company_type_idx').on(t.companyId, t.absenceTypeId),
    uniqueIndex('absence_policies_company_default_key')
      .on(t.companyId, t.absenceTypeId)
      .where(sql`is_default`),
    check('absence_policies_accrual_check', buildInListCheck('accrual', ACCRUALS)),
    check('absence_policies_counting_check', buildInListCheck('counting', DAY_COUNTINGS)),
    check('absence_policies_rounding_check', sql`rounding_step > 0`),
  ],
);
export type AbsencePolicyRow = typeof absencePolicies.$inferSelect;

/** A policy given to a team (its members) or to one employee; the employee's own wins. */
export const absencePolicyAssignments = pgTable(
  'absence_policy_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => absencePolicies.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('absence_policy_assignments_employee_idx').on(t.companyId, t.employeeId),
    index('absence_policy_assignments_team_idx').on(t.companyId, t.teamId),
    check('absence_policy_assignments_target_check', sql`(team_id is null) <> (employee_id is null)`),
  ],
);

/** A work calendar: which weekdays are worked (ISO 1 = Monday … 7 = Sunday), where and in what zone. */
export const workCalendars = pgTable(
  'work_calendars',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2, for its public holidays. */
    countryCode: text('country_code'),
    /** IANA zone: "today" and the current period for the people on this calendar. */
    timeZone: text('time_zone').notNull().default('UTC'),
    workingWeekdays: smallint('working_weekdays').array().notNull().default(sql`'{1,2,3,4,5}'::smallint[]`),
    /** The calendar of whoever has none assigned. */
    isDefault: boolean('is_default').notNull().default(false),
    ...createTimestampColumns(),
  },
  (t) => [
    index('work_calendars_company_idx').on(t.companyId, t.name),
    uniqueIndex('work_calendars_company_default_key').on(t.companyId).where(sql`is_default`),
  ],
);

export const CALENDAR_DAY_KINDS = ['public_holiday', 'company_day_off', 'working_day'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];

/**
 * Exceptions to a calendar's week: public holidays and company days off (never counted), and
 * working days that fall on a weekend (a day transfer).
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => workCalendars.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull().default(''),
    kind: text('kind').notNull(),
  },
  (t) => [
    uniqueIndex('calendar_days_calendar_date_key').on(t.companyId, t.calendarId, t.date),
    check('calendar_days_kind_check', buildInListCheck('kind', CALENDAR_DAY_KINDS)),
  ],
);

/** Which calendar an employee counts days on (the company's default calendar when none). */
export const employeeCalendars = pgTable(
  'employee_calendars',
  {
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => workCalendars.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId] }),
    index('employee_calendars_company_calendar_idx').on(t.companyId, t.calendarId),
  ],
);

/**
 * A team's work calendar: its members (and those of its sub-teams without one of their own) count days
 * on it unless they have a calendar of their own (employee_calendars). Precedence: own, team, default.
 */
export const teamCalendars = pgTable(
  'team_calendars',
  {
    companyId: createCompanyIdColumn(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => workCalendars.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId] }),
    index('team_calendars_company_calendar_idx').on(t.companyId, t.calendarId),
  ],
);

/**
 * A request for an absence. `half_day_start`: the first day begins at midday; `half_day_end`: the
 * last day ends at midday. Both are stored as asked, never inferred from amounts. `amount` is the
 * counted total in the type's unit and `amount_by_year` its split over calendar years (the periods).
 */
export const absenceRequests = pgTable(
  'absence_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    absenceTypeId: integer('absence_type_id')
      .notNull()
      .references(() => absenceTypes.id, { onDelete: 'restrict' }),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    halfDayStart: boolean('half_day_start').notNull().default(false),
    halfDayEnd: boolean('half_day_end').notNull().default(false),
    hours: numeric('hours', { precision: 8, scale: 2, mode: 'number' }),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    amountByYear: jsonb('amount_by_year').$type<Record<string, number>>().notNull().default({}),
    comment: text('comment'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...createTimestampColumns(),
  },
  (t) => [
    // One person's requests by date: overlap checks, their list, the report modal.
    index('absence_requests_employee_idx').on(t.companyId, t.employeeId, t.dateFrom),
    // Who is out on a day, the month report and the timeline: ranges of live requests.
    index('absence_requests_company_dates_idx')
      .on(t.companyId, t.dateFrom, t.dateTo)
      .where(sql`status in ('pending', 'approved')`),
    // Who is out on a day (absent today) and a month's report: live ranges ending on or after a day.
    index('absence_requests_company_live_end_idx')
      .on(t.companyId, t.dateTo, t.dateFrom)
      .where(sql`status in ('pending', 'approved')`),
    // The management tab: what awaits a decision.
    index('absence_requests_company_pending_idx').on(t.companyId, t.createdAt).where(sql`status = 'pending'`),
    check('absence_requests_status_check', buildInListCheck('status', ABSENCE_STATUSES)),
    check('absence_requests_dates_check', sql`date_from <= date_to`),
  ],
);
export type AbsenceRequestRow = typeof absenceRequests.$inferSelect;

export const STEP_STATUSES = ['pending', 'approved', 'rejected', 'skipped'] as const;

/** One step of a request's approval chain, in order; every decision is recorded here. */
export const absenceRequestSteps = pgTable(
  'absence_request_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    requestId: integer('request_id')
      .notNull()
      .references(() => absenceRequests.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    approverRole: text('approver_role').notNull(),
    approverEmployeeId: integer('approver_employee_id').references(() => employees.id, {
      onDelete: 'set null',
    }),
    status: text('status').notNull().default('pending'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('absence_request_steps_request_key').on(t.companyId, t.requestId, t.position),
    // The management tab of a named approver.
    index('absence_request_steps_approver_idx')
      .on(t.companyId, t.approverEmployeeId)
      .where(sql`status = 'pending'`),
    check('absence_request_steps_role_check', buildInListCheck('approver_role', APPROVER_ROLES)),
    check('absence_request_steps_status_check', buildInListCheck('status', STEP_STATUSES)),
  ],
);
export type AbsenceRequestStepRow = typeof absenceRequestSteps.$inferSelect;

export const LEDGER_KINDS = [
  'accrual',
  'carry_over',
  'expiry',
  'adjustment',
  'absence',
  'absence_reversal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The balance ledger: every accrual, carry-over, expiry, manual adjustment and absence is an entry;
 * a balance of (employee, type, year) is the sum of its entries. Entries are never updated: a revoked
 * absence gets a reversal. `source_key` makes generated entries (accruals, carry-over) idempotent.
 */
export const absenceLedgerEntries = pgTable(
  'absence_ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    absenceTypeId: integer('absence_type_id')
      .notNull()
      .references(() => absenceTypes.id, { onDelete: 'cascade' }),
    periodYear: smallint('period_year').notNull(),
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    requestId: integer('request_id').references(() => absenceRequests.id, { onDelete: 'set null' }),
    sourceKey: text('source_key'),
    note: text('note'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('absence_ledger_balance_idx').on(t.companyId, t.employeeId, t.absenceTypeId, t.periodYear),
    index('absence_ledger_request_idx').on(t.companyId, t.requestId).where(sql`request_id is not null`),
    uniqueIndex('absence_ledger_source_key')
      .on(t.companyId, t.employeeId, t.absenceTypeId, t.sourceKey)
      .where(sql`source_key is not null`),
    check('absence_ledger_kind_check', buildInListCheck('kind', LEDGER_KINDS)),
  ],
);
export type AbsenceLedgerEntryRow = typeof absenceLedgerEntries.$inferSelect;

/** Documents attached to a request (a sick note for sick_days_doc); the files live in the FileStore. */
export const absenceRequestFiles = pgTable(
  'absence_request_files',
  {
    companyId: createCompanyIdColumn(),
    requestId: integer('request_id')
      .notNull()
      .references(() => absenceRequests.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.fileId] }),
    index('absence_request_files_company_idx').on(t.companyId, t.requestId),
  ],
);

/** What an iCal feed covers: one person, one team (with its sub-teams) or the whole company. */
export const ABSENCE_FEED_SCOPES = ['person', 'team', 'company'] as const;

/**
 * A calendar feed behind a secret URL. Only the SHA-256 of the token is stored; revoking sets
 * `revoked_at`. The feed shows what its creator may see, filtered by `type_codes` (empty = all).
 */
export const absenceFeeds = pgTable(
  'absence_feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    typeCodes: jsonb('type_codes').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('absence_feeds_token_hash_key').on(t.tokenHash),
    index('absence_feeds_company_user_idx').on(t.companyId, t.userId),
    check('absence_feeds_scope_check', buildInListCheck('scope', ABSENCE_FEED_SCOPES)),
  ],
);
export type AbsenceFeedRow = typeof absenceFeeds.$inferSelect;
