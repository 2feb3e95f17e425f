import type {
  AbsencePolicy,
  BalanceAdjustmentResult,
  CalendarDay,
  CalendarDayBody,
  EditableAbsenceType,
  ImportHolidaysResult,
  UpdateAbsencePolicyBody,
  UpdateAbsenceTypeBody,
  WorkCalendar,
  WorkCalendarBody,
  WorkCalendarDetail,
} from '@kadry/shared/schemas/absence-settings';
import type { AbsenceTypeCode, ApproverRole } from '@kadry/shared/schemas/absences';
import type { AbsencePolicyRow, AbsenceTypeRow } from '../../../db/schema/absences';
import type { Db } from '../../../db/tables';
import { AppError } from '../../../lib/app-error';
import { type Access, hasNamedAction, levelFor } from '../../../plugins/access/access';
import { canSeeEmployee, levelReaches, readerOf, relationOf } from '../../employees/employee-visibility';
import {
  ensureAbsenceTypes,
  findAbsenceEmployee,
  insertLedgerEntries,
  listAbsenceTypes,
  listLedgerEntries,
  lockEmployeeAbsences,
  type Tx,
} from '../absences.queries';
import { toAbsenceType } from '../absences.service';
import { fromHundredths, isoWeekday, toDayNumber, todayIn, toHundredths } from '../day-count';
import {
  type AmountScope,
  findPeopleOnCalendar,
  lockMonthAmounts,
  refreshMonthAmounts,
} from '../month-amounts.queries';
import { isHolidayCountry, listHolidayCountryCodes, listPublicHolidays } from './holidays';
import {
  type CalendarDayRow,
  type CalendarRow,
  clearDefaultCalendar,
  clearDefaultPolicy,
  countCalendars,
  countPeopleByCalendar,
  deleteCalendar,
  deleteCalendarDay,
  deletePolicy,
  findCalendar,
  findCalendarDay,
  findCompanyLanguage,
  findDefaultCalendarCountry,
  findEmployeeRefs,
  findPolicy,
  findTeamRefs,
  findTypeForUpdate,
  hasCalendarDayOn,
  hasRequestsOfType,
  insertCalendar,
  insertCalendarDays,
  insertPolicy,
  isPolicyInUse,
  listCalendarDays,
  listCalendarEmployees,
  listCalendars,
  listCalendarTeams,
  listPolicies,
  listPolicyAssignments,
  type PolicyValues,
  removeOtherPolicyAssignments,
  replaceCalendarEmployees,
  replaceCalendarTeams,
  replacePolicyAssignments,
  type TypeChanges,
  updateCalendar,
  updateCalendarDay,
  updatePolicy,
  updateType,
} from './settings.queries';

// The absence settings (issue 14, docs/decisions/018-absence-ledger.md): types, policies, work
// calendars and manual adjustments. Settings are the company's: owners and roles with Settings
// update at to_all. What is stored here is what the day counting reads (findEmployeeCalendar:
// the employee's own calendar, else the company default; its public holidays and days off never
// count, its working days on weekends do).

export type SettingsContext = { db: Db; access: Access; now: () => Date };

/** Owners (by role key, as roles and staff) and roles that may change the company's settings. */
export function canManageAbsenceSettings(access: Pick<Access, 'role' | 'permissions'>): boolean {
  return access.role.key === 'owner' || levelFor(access, 'Settings', 'update') === 'to_all';
}

/** 403 unless the user manages the absence settings. */
export function requireAbsenceSettings(access: Pick<Access, 'role' | 'permissions'>): void {
  if (!canManageAbsenceSettings(access)) throw new AppError('forbidden');
}

function fieldError(field: string, key: string, params?: Record<string, string | number>): AppError {
  return new AppError('validation', {
    key,
    ...(params ? { params } : {}),
    issues: { [field]: [{ key, ...(params ? { params } : {}) }] },
  });
}

/** 422 under `field` unless every id is one of the company's (teams or employees). */
async function checkRefs(
  db: Tx,
  companyId: number,
  kind: 'team' | 'employee',
  ids: readonly number[],
  field: string,
): Promise<void> {
  const found =
    kind === 'team' ? await findTeamRefs(db, companyId, ids) : await findEmployeeRefs(db, companyId, ids);
  if (found.length !== new Set(ids).size) throw fieldError(field, 'absences.settings.unknown_ids');
}

// ---------------------------------------------------------------------------------------------------
// Types

async function toEditableTypes(
  db: Tx,
  companyId: number,
  rows: AbsenceTypeRow[],
): Promise<EditableAbsenceType[]> {
  const approverIds = [
    ...new Set(rows.flatMap((row) => (row.fallbackApproverId ? [row.fallbackApproverId] : []))),
  ];
  const approvers = new Map((await findEmployeeRefs(db, companyId, approverIds)).map((ref) => [ref.id, ref]));
  return rows.map((row) => ({
    ...toAbsenceType(row),
    fallback_approver: row.fallbackApproverId ? (approvers.get(row.fallbackApproverId) ?? null) : null,
  }));
}

/** Every type of the company, switched off ones too, with their fallback approvers. */
export async function listEditableTypes(ctx: SettingsContext): Promise<EditableAbsenceType[]> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  const rows = await ensureAbsenceTypes(ctx.db, companyId);
  return toEditableTypes(ctx.db, companyId, rows);
}

/**
 * Changes a type. A type that needs approval needs a chain; one that does not keeps none. Its unit
 * cannot switch between hours and days once requests use it (their amounts are in the old unit).
 */
export async function updateAbsenceType(
  ctx: SettingsContext,
  id: number,
  body: UpdateAbsenceTypeBody,
): Promise<EditableAbsenceType> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await ensureAbsenceTypes(ctx.db, companyId);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findTypeForUpdate(tx, companyId, id);
    if (!current) throw new AppError('not_found');
    const unit = body.unit ?? current.unit;
    if ((unit === 'hours') !== (current.unit === 'hours') && (await hasRequestsOfType(tx, companyId, id))) {
      throw new AppError('conflict', { key: 'absences.settings.unit_in_use' });
    }
    const needsApproval = body.needs_approval ?? current.needsApproval;
    const chain: ApproverRole[] = needsApproval ? (body.approval_chain ?? current.approvalChain) : [];
    if (needsApproval && chain.length === 0) {
      throw fieldError('approval_chain', 'absences.settings.chain_required');
    }
    if (body.fallback_approver_id !== undefined && body.fallback_approver_id !== null) {
      await checkRefs(tx, companyId, 'employee', [body.fallback_approver_id], 'fallback_approver_id');
    }
    const changes: TypeChanges = {
      ...(body.names ? { names: body.names } : {}),
      ...(body.is_enabled === undefined ? {} : { isEnabled: body.is_enabled }),
      ...(body.unit ? { unit: body.unit } : {}),
      ...(body.counting ? { counting: body.counting } : {}),
      ...(body.needs_document === undefined ? {} : { needsDocument: body.needs_document }),
      ...(body.counts_against_balance === undefined
        ? {}
        : { countsAgainstBalance: body.counts_against_balance }),
      ...(body.color ? { color: body.color.toLowerCase() } : {}),
      ...(body.icon ? { icon: body.icon } : {}),
      ...(body.fallback_approver_id === undefined ? {} : { fallbackApproverId: body.fallback_approver_id }),
      needsApproval,
      approvalChain: chain,
    };
    const updated = await updateType(tx, companyId, id, changes);
    if (updated.unit !== current.unit || updated.counting !== current.counting) {
      await recountAmounts(tx, companyId, { kind: 'type', absenceTypeId: id });
    }
    return updated;
  });
  const [editable] = await toEditableTypes(ctx.db, companyId, [row]);
  if (!editable) throw new AppError('not_found');
  return editable;
}

// ---------------------------------------------------------------------------------------------------
// Policies

async function toPolicies(db: Tx, companyId: number, rows: AbsencePolicyRow[]): Promise<AbsencePolicy[]> {
  // The caller has seeded the types: reading them is enough (and works inside a transaction).
  const types = new Map((await listAbsenceTypes(db, companyId)).map((type) => [type.id, type]));
  const assignments = await listPolicyAssignments(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const type = types.get(row.absenceTypeId);
    if (!type) return [];
    const own = assignments.filter((assignment) => assignment.policyId === row.id);
    const teams = own.filter((item) => item.kind === 'team').map(({ id, name }) => ({ id, name }));
    const employees = own.filter((item) => item.kind === 'employee').map(({ id, name }) => ({ id, name }));
    return [
      {
        id: row.id,
        absence_type: type.code as AbsenceTypeCode,
        name: row.name,
        is_default: row.isDefault,
        yearly_allowance: row.yearlyAllowance,
        accrual: row.accrual as AbsencePolicy['accrual'],
        tenure_milestones: row.tenureMilestones,
        rounding_step: row.roundingStep,
        carry_over_cap: row.carryOverCap,
        carry_over_expiry:
          row.carryOverExpiryMonth !== null && row.carryOverExpiryDay !== null
            ? { month: row.carryOverExpiryMonth, day: row.carryOverExpiryDay }
            : null,
        allow_negative: row.allowNegative,
        negative_limit: row.negativeLimit,
        counting: row.counting as AbsencePolicy['counting'],
        teams,
        employees,
        is_active: row.isDefault || teams.length > 0 || employees.length > 0,
      },
    ];
  });
}

/** Every policy of the company, by type, with its assignments. */
export async function listAbsencePolicies(ctx: SettingsContext): Promise<AbsencePolicy[]> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await ensureAbsenceTypes(ctx.db, companyId);
  return toPolicies(ctx.db, companyId, await listPolicies(ctx.db, companyId));
}

type PolicyBody = Required<Omit<UpdateAbsencePolicyBody, 'tenure_milestones'>> & {
  tenure_milestones: { years: number; allowance: number }[];
};

function toPolicyValues(body: PolicyBody): Omit<PolicyValues, 'absenceTypeId'> {
  return {
    name: body.name,
    isDefault: body.is_default,
    yearlyAllowance: body.yearly_allowance,
    accrual: body.accrual,
    // In order of years, so the highest milestone reached is found by walking them.
    tenureMilestones: [...body.tenure_milestones].sort((a, b) => a.years - b.years),
    roundingStep: body.rounding_step,
    carryOverCap: body.carry_over_cap,
    carryOverExpiryMonth: body.carry_over_expiry?.month ?? null,
    carryOverExpiryDay: body.carry_over_expiry?.day ?? null,
    allowNegative: body.allow_negative,
    negativeLimit: body.allow_negative ? body.negative_limit : null,
    counting: body.counting,
  };
}

/** Assigning moves: a team or person given to this policy leaves the type's other policies. */
async function savePolicyAssignments(
  tx: Tx,
  companyId: number,
  policy: AbsencePolicyRow,
  body: { team_ids: number[]; employee_ids: number[] },
): Promise<void> {
  await checkRefs(tx, companyId, 'team', body.team_ids, 'team_ids');
  await checkRefs(tx, companyId, 'employee', body.employee_ids, 'employee_ids');
  await removeOtherPolicyAssignments(tx, companyId, policy, {
    teamIds: body.team_ids,
    employeeIds: body.employee_ids,
  });
  await replacePolicyAssignments(tx, companyId, policy.id, {
    teamIds: body.team_ids,
    employeeIds: body.employee_ids,
  });
}

export async function createAbsencePolicy(
  ctx: SettingsContext,
  body: PolicyBody & { absence_type: AbsenceTypeCode },
): Promise<AbsencePolicy> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  const types = await ensureAbsenceTypes(ctx.db, companyId);
  const type = types.find((row) => row.code === body.absence_type);
  if (!type) throw fieldError('absence_type', 'absences.type_disabled');
  const row = await ctx.db.transaction(async (tx) => {
    if (body.is_default) await clearDefaultPolicy(tx, companyId, type.id, null);
    const created = await insertPolicy(tx, companyId, { ...toPolicyValues(body), absenceTypeId: type.id });
    await savePolicyAssignments(tx, companyId, created, body);
    await recountAmounts(tx, companyId, { kind: 'type', absenceTypeId: type.id });
    return created;
  });
  const [policy] = await toPolicies(ctx.db, companyId, [row]);
  if (!policy) throw new AppError('not_found');
  return policy;
}

export async function updateAbsencePolicy(
  ctx: SettingsContext,
  id: number,
  body: PolicyBody,
): Promise<AbsencePolicy> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findPolicy(tx, companyId, id, true);
    if (!current) throw new AppError('not_found');
    if (body.is_default) await clearDefaultPolicy(tx, companyId, current.absenceTypeId, current.id);
    const updated = await updatePolicy(tx, companyId, id, toPolicyValues(body));
    await savePolicyAssignments(tx, companyId, updated, body);
    await recountAmounts(tx, companyId, { kind: 'type', absenceTypeId: current.absenceTypeId });
    return updated;
  });
  const [policy] = await toPolicies(ctx.db, companyId, [row]);
  if (!policy) throw new AppError('not_found');
  return policy;
}

/**
 * Deletes a policy that never generated ledger entries. One that did stays, so its balances can
 * still be explained: 409 — switch it off instead (no assignments, not the default).
 */
export async function deleteAbsencePolicy(ctx: SettingsContext, id: number): Promise<void> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await ctx.db.transaction(async (tx) => {
    const policy = await findPolicy(tx, companyId, id, true);
    if (!policy) throw new AppError('not_found');
    if (await isPolicyInUse(tx, companyId, policy)) {
      throw new AppError('conflict', { key: 'absences.settings.policy_in_use' });
    }
    await deletePolicy(tx, companyId, id);
    await recountAmounts(tx, companyId, { kind: 'type', absenceTypeId: policy.absenceTypeId });
  });
}

/**
 * What the counting depends on changed: the stored monthly amounts of the requests concerned are
 * recounted in the same transaction, under the company's amounts lock (decision 029).
 */
async function recountAmounts(tx: Tx, companyId: number, scope: AmountScope): Promise<void> {
  await lockMonthAmounts(tx, companyId, true);
  await refreshMonthAmounts(tx, companyId, scope);
}

function sameWeekdays(a: readonly number[], b: readonly number[]): boolean {
  const sorted = (list: readonly number[]) => [...new Set(list)].sort().join(',');
  return sorted(a) === sorted(b);
}

// ---------------------------------------------------------------------------------------------------
// Work calendars

function toCalendar(row: CalendarRow, peopleCount: number): WorkCalendar {
  return {
    id: row.id,
    name: row.name,
    country_code: row.countryCode,
    time_zone: row.timeZone,
    working_weekdays: [...row.workingWeekdays].sort((a, b) => a - b),
    is_default: row.isDefault,
    employees_count: row.employeesCount,
    teams_count: row.teamsCount,
    people_count: peopleCount,
  };
}

/** Current employees per calendar; "current" = not dismissed before today (UTC). */
function peopleByCalendar(ctx: SettingsContext, db: Tx): Promise<Map<number, number>> {
  return countPeopleByCalendar(db, ctx.access.user.companyId, todayIn('UTC', ctx.now()));
}

async function toCalendarDetail(ctx: SettingsContext, db: Tx, row: CalendarRow): Promise<WorkCalendarDetail> {
  const companyId = ctx.access.user.companyId;
  const [people, employees, teams] = await Promise.all([
    peopleByCalendar(ctx, db),
    listCalendarEmployees(db, companyId, row.id),
    listCalendarTeams(db, companyId, row.id),
  ]);
  return { ...toCalendar(row, people.get(row.id) ?? 0), employees, teams };
}

async function loadCalendar(db: Tx, companyId: number, id: number, forUpdate = false): Promise<CalendarRow> {
  const row = await findCalendar(db, companyId, id, forUpdate);
  if (!row) throw new AppError('not_found');
  return row;
}

export async function listWorkCalendars(ctx: SettingsContext): Promise<WorkCalendar[]> {
  requireAbsenceSettings(ctx.access);
  const [rows, people] = await Promise.all([
    listCalendars(ctx.db, ctx.access.user.companyId),
    peopleByCalendar(ctx, ctx.db),
  ]);
  return rows.map((row) => toCalendar(row, people.get(row.id) ?? 0));
}

export async function getWorkCalendar(ctx: SettingsContext, id: number): Promise<WorkCalendarDetail> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  return toCalendarDetail(ctx, ctx.db, await loadCalendar(ctx.db, companyId, id));
}

type CalendarBody = Required<Omit<WorkCalendarBody, 'working_weekdays'>> & { working_weekdays: number[] };

async function checkCountry(code: string | null, field: string): Promise<void> {
  if (code !== null && !(await isHolidayCountry(code)))
    throw fieldError(field, 'absences.settings.country_unknown');
}

/** A new calendar; the company's first one becomes its default (whoever has none counts on it). */
export async function createWorkCalendar(
  ctx: SettingsContext,
  body: CalendarBody,
): Promise<WorkCalendarDetail> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await checkCountry(body.country_code, 'country_code');
  const id = await ctx.db.transaction(async (tx) => {
    const isDefault = body.is_default || (await countCalendars(tx, companyId)) === 0;
    if (isDefault) await clearDefaultCalendar(tx, companyId, null);
    const created = await insertCalendar(tx, companyId, {
      name: body.name,
      countryCode: body.country_code,
      timeZone: body.time_zone,
      workingWeekdays: body.working_weekdays,
      isDefault,
    });
    // A new default: whoever counts on the default counts on it now.
    if (isDefault) await recountAmounts(tx, companyId, { kind: 'company' });
    return created;
  });
  return getWorkCalendar(ctx, id);
}

export async function updateWorkCalendar(
  ctx: SettingsContext,
  id: number,
  body: CalendarBody,
): Promise<WorkCalendarDetail> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await checkCountry(body.country_code, 'country_code');
  await ctx.db.transaction(async (tx) => {
    const current = await loadCalendar(tx, companyId, id, true);
    if (body.is_default) await clearDefaultCalendar(tx, companyId, id);
    await updateCalendar(tx, companyId, id, {
      name: body.name,
      countryCode: body.country_code,
      timeZone: body.time_zone,
      workingWeekdays: body.working_weekdays,
      isDefault: body.is_default,
    });
    // Which calendar is the default moved: everyone on the default; else its weekdays: its people.
    if (body.is_default !== current.isDefault) await recountAmounts(tx, companyId, { kind: 'company' });
    else if (!sameWeekdays(current.workingWeekdays, body.working_weekdays)) {
      await recountAmounts(tx, companyId, { kind: 'calendar', calendarId: id });
    }
  });
  return getWorkCalendar(ctx, id);
}

/**
 * Deletes a calendar; its people go back to the default calendar. The default itself cannot go
 * while other calendars exist (409: make another the default first).
 */
export async function deleteWorkCalendar(ctx: SettingsContext, id: number): Promise<void> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await ctx.db.transaction(async (tx) => {
    const calendar = await loadCalendar(tx, companyId, id, true);
    if (calendar.isDefault && (await countCalendars(tx, companyId)) > 1) {
      throw new AppError('conflict', { key: 'absences.settings.calendar_is_default' });
    }
    const people = calendar.isDefault ? [] : await findPeopleOnCalendar(tx, companyId, id);
    await deleteCalendar(tx, companyId, id);
    // Its people count on another calendar now (the last one: everyone on none).
    await recountAmounts(
      tx,
      companyId,
      calendar.isDefault ? { kind: 'company' } : { kind: 'employees', employeeIds: people },
    );
  });
}

function toCalendarDay(row: CalendarDayRow): CalendarDay {
  return { id: row.id, date: row.date, name: row.name, kind: row.kind as CalendarDay['kind'] };
}

export async function listWorkCalendarDays(
  ctx: SettingsContext,
  id: number,
  year: number,
): Promise<CalendarDay[]> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await loadCalendar(ctx.db, companyId, id);
  const rows = await listCalendarDays(ctx.db, companyId, id, { from: `${year}-01-01`, to: `${year}-12-31` });
  return rows.map(toCalendarDay);
}

type DayBody = Required<CalendarDayBody>;

/** A working day on a weekday the calendar already works changes nothing: refused. */
function checkDay(calendar: CalendarRow, body: DayBody): void {
  if (body.kind === 'working_day' && calendar.workingWeekdays.includes(isoWeekday(toDayNumber(body.date)))) {
    throw fieldError('kind', 'absences.settings.already_working');
  }
}

export async function addWorkCalendarDay(
  ctx: SettingsContext,
  id: number,
  body: DayBody,
): Promise<CalendarDay> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const calendar = await loadCalendar(tx, companyId, id, true);
    checkDay(calendar, body);
    const [row] = await insertCalendarDays(tx, companyId, id, [body]);
    if (!row) throw fieldError('date', 'absences.settings.day_taken');
    await recountAmounts(tx, companyId, { kind: 'calendar', calendarId: id, from: row.date, to: row.date });
    return toCalendarDay(row);
  });
}

export async function changeWorkCalendarDay(
  ctx: SettingsContext,
  id: number,
  dayId: number,
  body: DayBody,
): Promise<CalendarDay> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const calendar = await loadCalendar(tx, companyId, id, true);
    const before = await findCalendarDay(tx, companyId, id, dayId);
    if (!before) throw new AppError('not_found');
    checkDay(calendar, body);
    if (await hasCalendarDayOn(tx, companyId, id, body.date, dayId)) {
      throw fieldError('date', 'absences.settings.day_taken');
    }
    const row = await updateCalendarDay(tx, companyId, id, dayId, body);
    if (!row) throw new AppError('not_found');
    const [from, to] = [before.date, row.date].sort();
    await recountAmounts(tx, companyId, { kind: 'calendar', calendarId: id, from, to });
    return toCalendarDay(row);
  });
}

export async function removeWorkCalendarDay(ctx: SettingsContext, id: number, dayId: number): Promise<void> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await ctx.db.transaction(async (tx) => {
    await loadCalendar(tx, companyId, id, true);
    const before = await findCalendarDay(tx, companyId, id, dayId);
    if (!before || !(await deleteCalendarDay(tx, companyId, id, dayId))) throw new AppError('not_found');
    await recountAmounts(tx, companyId, {
      kind: 'calendar',
      calendarId: id,
      from: before.date,
      to: before.date,
    });
  });
}

/**
 * Adds a country's public holidays of a year to a calendar, named in the company's language where
 * the package has it. Dates the calendar already has (a holiday imported before, a company day off,
 * a transferred working day) stay as they are, so importing again adds nothing.
 */
export async function importPublicHolidays(
  db: Tx,
  companyId: number,
  calendarId: number,
  input: { country: string; year: number; language: string },
): Promise<ImportHolidaysResult> {
  const holidays = await listPublicHolidays(input.country, input.year, input.language);
  const added = await insertCalendarDays(
    db,
    companyId,
    calendarId,
    holidays.map((holiday) => ({ date: holiday.date, name: holiday.name, kind: 'public_holiday' })),
  );
  return { added: added.length, skipped: holidays.length - added.length };
}

export async function importWorkCalendarHolidays(
  ctx: SettingsContext,
  id: number,
  body: { country: string; year: number },
): Promise<ImportHolidaysResult> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await checkCountry(body.country, 'country');
  const language = await findCompanyLanguage(ctx.db, companyId);
  return ctx.db.transaction(async (tx) => {
    await loadCalendar(tx, companyId, id, true);
    const result = await importPublicHolidays(tx, companyId, id, { ...body, language });
    if (result.added > 0) {
      await recountAmounts(tx, companyId, {
        kind: 'calendar',
        calendarId: id,
        from: `${body.year}-01-01`,
        to: `${body.year}-12-31`,
      });
    }
    return result;
  });
}

/**
 * Who counts on a calendar: exactly `employee_ids` by their own assignment, and, when `team_ids` is
 * given, exactly those teams (stored in team_calendars, so later joiners and sub-teams without a
 * calendar of their own count on it too; a team on another calendar moves here). People taken off go
 * back to their nearest team's calendar, else the company default (calendar-resolution.queries.ts).
 */
export async function setWorkCalendarAssignments(
  ctx: SettingsContext,
  id: number,
  body: { employee_ids: number[]; team_ids?: number[] | undefined },
): Promise<WorkCalendarDetail> {
  requireAbsenceSettings(ctx.access);
  const companyId = ctx.access.user.companyId;
  await ctx.db.transaction(async (tx) => {
    await loadCalendar(tx, companyId, id, true);
    await checkRefs(tx, companyId, 'employee', body.employee_ids, 'employee_ids');
    if (body.team_ids) await checkRefs(tx, companyId, 'team', body.team_ids, 'team_ids');
    // Whoever counts on it before or after (a team taken from another calendar brings its people).
    const before = await findPeopleOnCalendar(tx, companyId, id);
    await replaceCalendarEmployees(tx, companyId, id, body.employee_ids);
    if (body.team_ids) await replaceCalendarTeams(tx, companyId, id, body.team_ids);
    await recountAmounts(tx, companyId, { kind: 'calendar', calendarId: id, alsoEmployeeIds: before });
  });
  return getWorkCalendar(ctx, id);
}

/** Countries whose holidays can be imported, named in the reader's language. */
export async function listHolidayCountries(ctx: SettingsContext): Promise<{ code: string; name: string }[]> {
  requireAbsenceSettings(ctx.access);
  const locale = ctx.access.user.locale;
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  const countries = (await listHolidayCountryCodes()).map((code) => ({ code, name: names.of(code) ?? code }));
  return countries.sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * A work calendar for a country with its public holidays of the given years (named in the company's
 * language), made the company's default. For the demo company (db/demo/seed.ts), inside its
 * seeding transaction.
 */
export async function createCountryCalendar(
  db: Tx,
  companyId: number,
  input: { name: string; country: string; timeZone: string; years: readonly number[] },
): Promise<{ calendarId: number; added: number }> {
  const language = await findCompanyLanguage(db, companyId);
  await clearDefaultCalendar(db, companyId, null);
  const calendarId = await insertCalendar(db, companyId, {
    name: input.name,
    countryCode: input.country,
    timeZone: input.timeZone,
    workingWeekdays: [1, 2, 3, 4, 5],
    isDefault: true,
  });
  let added = 0;
  for (const year of input.years) {
    added += (
      await importPublicHolidays(db, companyId, calendarId, { country: input.country, year, language })
    ).added;
  }
  return { calendarId, added };
}

// ---------------------------------------------------------------------------------------------------
// Manual balance adjustments

/**
 * Posts an `adjustment` entry to (employee, type, year): AbsenceRequest `update_absence` and an
 * update level that reaches the employee; never on one's own balance. 422 under `employee_id` for
 * someone the user cannot see, under `absence_type` for a type without a balance.
 */
export async function adjustBalance(
  ctx: SettingsContext,
  body: { employee_id: number; absence_type: AbsenceTypeCode; year: number; amount: number; note: string },
): Promise<BalanceAdjustmentResult> {
  const { access } = ctx;
  if (!hasNamedAction(access, 'AbsenceRequest', 'update_absence')) throw new AppError('forbidden');
  const companyId = access.user.companyId;
  const types = await ensureAbsenceTypes(ctx.db, companyId);
  const type = types.find((row) => row.code === body.absence_type);
  if (!type?.countsAgainstBalance) throw fieldError('absence_type', 'absences.settings.type_no_balance');
  const employee = await findAbsenceEmployee(ctx.db, companyId, body.employee_id);
  const reader = readerOf(access);
  if (!employee || !canSeeEmployee(reader, employee))
    throw fieldError('employee_id', 'absences.employee_unknown');
  const relation = relationOf(reader, employee);
  if (relation === 'own' || !levelReaches(levelFor(access, 'AbsenceRequest', 'update'), relation)) {
    throw new AppError('forbidden');
  }
  const key = { employeeId: employee.id, absenceTypeId: type.id, year: body.year };
  const lines = await ctx.db.transaction(async (tx) => {
    await lockEmployeeAbsences(tx, employee.id);
    await insertLedgerEntries(tx, [
      {
        companyId,
        ...key,
        periodYear: body.year,
        kind: 'adjustment',
        amount: body.amount,
        note: body.note,
        createdById: access.user.id,
      },
    ]);
    return listLedgerEntries(tx, companyId, key);
  });
  const balance = lines.reduce((sum, line) => sum + toHundredths(line.amount), 0);
  return {
    employee_id: employee.id,
    absence_type: body.absence_type,
    year: body.year,
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind as BalanceAdjustmentResult['lines'][number]['kind'],
      amount: line.amount,
      note: line.note,
      request_id: line.requestId,
      created_at: line.createdAt.toISOString(),
    })),
    balance: fromHundredths(balance),
  };
}

/**
 * The company's country as its settings say it: the country of its default work calendar (whose
 * public holidays it keeps), or null when that calendar names none. Public: the careers JobPosting
 * names it as where a remote vacancy's applicants may live.
 */
export function findCompanyCountry(db: Db, companyId: number): Promise<string | null> {
  return findDefaultCalendarCountry(db, companyId);
}
