import { and, asc, count, eq, gte, inArray, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  type AbsencePolicyRow,
  type AbsenceTypeRow,
  absenceLedgerEntries,
  absencePolicies,
  absencePolicyAssignments,
  absenceRequests,
  absenceTypes,
  calendarDays,
  employeeCalendars,
  teamCalendars,
  workCalendars,
} from '../../../db/schema/absences';
import { companies } from '../../../db/schema/companies';
import { employeeFullName, employeeSortName, employees } from '../../../db/schema/employees';
import { teamMembers, teams } from '../../../db/schema/teams';
import type { Tx } from '../absences.queries';
import { resolvedCalendarsSql } from '../calendar-resolution.queries';

// All SQL of the absence settings (types, policies, work calendars, adjustments); every statement
// filters by company_id. Generic reads of the module (types, ledger) stay in ../absences.queries.ts.

export type NamedRef = { id: number; name: string };

// ---------------------------------------------------------------------------------------------------
// People and teams named in the settings

/** The company's employees among `ids`, with their names, in list order. */
export async function findEmployeeRefs(
  db: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<NamedRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: employees.id, name: employeeFullName })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, [...ids])))
    .orderBy(...employeeSortName);
}

/** The company's teams among `ids`, with their names, by name. */
export async function findTeamRefs(db: Tx, companyId: number, ids: readonly number[]): Promise<NamedRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), inArray(teams.id, [...ids])))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** The language holiday names are imported in: the company's default language. */
export async function findCompanyLanguage(db: Tx, companyId: number): Promise<string> {
  const [row] = await db
    .select({ language: companies.defaultLanguage })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.language ?? 'en';
}

// ---------------------------------------------------------------------------------------------------
// Types

export async function findTypeForUpdate(
  db: Tx,
  companyId: number,
  id: number,
): Promise<AbsenceTypeRow | null> {
  const [row] = await db
    .select()
    .from(absenceTypes)
    .where(and(eq(absenceTypes.companyId, companyId), eq(absenceTypes.id, id)))
    .for('update');
  return row ?? null;
}

export type TypeChanges = Partial<
  Pick<
    AbsenceTypeRow,
    | 'names'
    | 'isEnabled'
    | 'unit'
    | 'counting'
    | 'needsApproval'
    | 'needsDocument'
    | 'countsAgainstBalance'
    | 'color'
    | 'icon'
    | 'approvalChain'
    | 'fallbackApproverId'
  >
>;

export async function updateType(
  db: Tx,
  companyId: number,
  id: number,
  changes: TypeChanges,
): Promise<AbsenceTypeRow> {
  const [row] = await db
    .update(absenceTypes)
    .set(changes)
    .where(and(eq(absenceTypes.companyId, companyId), eq(absenceTypes.id, id)))
    .returning();
  if (!row) throw new Error('updateType: no row');
  return row;
}

/** Whether any request (of whatever status) uses the type. */
export async function hasRequestsOfType(db: Tx, companyId: number, typeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: absenceRequests.id })
    .from(absenceRequests)
    .where(and(eq(absenceRequests.companyId, companyId), eq(absenceRequests.absenceTypeId, typeId)))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------------
// Policies

export function listPolicies(db: Tx, companyId: number): Promise<AbsencePolicyRow[]> {
  return db
    .select()
    .from(absencePolicies)
    .where(eq(absencePolicies.companyId, companyId))
    .orderBy(asc(absencePolicies.absenceTypeId), asc(absencePolicies.id));
}

export async function findPolicy(
  db: Tx,
  companyId: number,
  id: number,
  forUpdate = false,
): Promise<AbsencePolicyRow | null> {
  const query = db
    .select()
    .from(absencePolicies)
    .where(and(eq(absencePolicies.companyId, companyId), eq(absencePolicies.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export type PolicyAssignmentRef = { policyId: number; kind: 'team' | 'employee'; id: number; name: string };

/** The teams and people the policies are assigned to, with their names. */
export async function listPolicyAssignments(
  db: Tx,
  companyId: number,
  policyIds: readonly number[],
): Promise<PolicyAssignmentRef[]> {
  if (policyIds.length === 0) return [];
  const teamRows = await db
    .select({ policyId: absencePolicyAssignments.policyId, id: teams.id, name: teams.name })
    .from(absencePolicyAssignments)
    .innerJoin(teams, and(eq(teams.id, absencePolicyAssignments.teamId), eq(teams.companyId, companyId)))
    .where(
      and(
        eq(absencePolicyAssignments.companyId, companyId),
        inArray(absencePolicyAssignments.policyId, [...policyIds]),
      ),
    )
    .orderBy(asc(teams.name), asc(teams.id));
  const employeeRows = await db
    .select({ policyId: absencePolicyAssignments.policyId, id: employees.id, name: employeeFullName })
    .from(absencePolicyAssignments)
    .innerJoin(
      employees,
      and(eq(employees.id, absencePolicyAssignments.employeeId), eq(employees.companyId, companyId)),
    )
    .where(
      and(
        eq(absencePolicyAssignments.companyId, companyId),
        inArray(absencePolicyAssignments.policyId, [...policyIds]),
      ),
    )
    .orderBy(...employeeSortName);
  return [
    ...teamRows.map((row) => ({ ...row, kind: 'team' as const })),
    ...employeeRows.map((row) => ({ ...row, kind: 'employee' as const })),
  ];
}

export type PolicyValues = Omit<
  typeof absencePolicies.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

export async function insertPolicy(
  db: Tx,
  companyId: number,
  values: PolicyValues,
): Promise<AbsencePolicyRow> {
  const [row] = await db
    .insert(absencePolicies)
    .values({ ...values, companyId })
    .returning();
  if (!row) throw new Error('insertPolicy: no row');
  return row;
}

export async function updatePolicy(
  db: Tx,
  companyId: number,
  id: number,
  values: Omit<PolicyValues, 'absenceTypeId'>,
): Promise<AbsencePolicyRow> {
  const [row] = await db
    .update(absencePolicies)
    .set(values)
    .where(and(eq(absencePolicies.companyId, companyId), eq(absencePolicies.id, id)))
    .returning();
  if (!row) throw new Error('updatePolicy: no row');
  return row;
}

export async function deletePolicy(db: Tx, companyId: number, id: number): Promise<void> {
  await db
    .delete(absencePolicies)
    .where(and(eq(absencePolicies.companyId, companyId), eq(absencePolicies.id, id)));
}

/** Unmarks the type's default policy (but `keepId`), so another can become the default. */
export async function clearDefaultPolicy(
  db: Tx,
  companyId: number,
  typeId: number,
  keepId: number | null,
): Promise<void> {
  await db
    .update(absencePolicies)
    .set({ isDefault: false })
    .where(
      and(
        eq(absencePolicies.companyId, companyId),
        eq(absencePolicies.absenceTypeId, typeId),
        eq(absencePolicies.isDefault, true),
        ...(keepId === null ? [] : [ne(absencePolicies.id, keepId)]),
      ),
    );
}

/** Replaces a policy's assignments by these teams and people. */
export async function replacePolicyAssignments(
  db: Tx,
  companyId: number,
  policyId: number,
  target: { teamIds: readonly number[]; employeeIds: readonly number[] },
): Promise<void> {
  await db
    .delete(absencePolicyAssignments)
    .where(
      and(eq(absencePolicyAssignments.companyId, companyId), eq(absencePolicyAssignments.policyId, policyId)),
    );
  const rows = [
    ...target.teamIds.map((teamId) => ({ companyId, policyId, teamId })),
    ...target.employeeIds.map((employeeId) => ({ companyId, policyId, employeeId })),
  ];
  if (rows.length > 0) await db.insert(absencePolicyAssignments).values(rows);
}

/** Takes these teams and people off the type's other policies (a team or person has one policy of a type). */
export async function removeOtherPolicyAssignments(
  db: Tx,
  companyId: number,
  policy: Pick<AbsencePolicyRow, 'id' | 'absenceTypeId'>,
  target: { teamIds: readonly number[]; employeeIds: readonly number[] },
): Promise<void> {
  if (target.teamIds.length === 0 && target.employeeIds.length === 0) return;
  const targets = [
    ...(target.teamIds.length > 0 ? [inArray(absencePolicyAssignments.teamId, [...target.teamIds])] : []),
    ...(target.employeeIds.length > 0
      ? [inArray(absencePolicyAssignments.employeeId, [...target.employeeIds])]
      : []),
  ];
  await db.delete(absencePolicyAssignments).where(
    and(
      eq(absencePolicyAssignments.companyId, companyId),
      ne(absencePolicyAssignments.policyId, policy.id),
      inArray(
        absencePolicyAssignments.policyId,
        db
          .select({ id: absencePolicies.id })
          .from(absencePolicies)
          .where(
            and(
              eq(absencePolicies.companyId, companyId),
              eq(absencePolicies.absenceTypeId, policy.absenceTypeId),
            ),
          ),
      ),
      or(...targets),
    ),
  );
}

/**
 * Whether the ledger holds entries the policy generated: accruals, carry-overs or expiries of its
 * type for someone it governs (its own people; its teams' members without a personal policy of the
 * type; for the default, whoever no other policy of the type reaches). Adjustments are not its own.
 */
export async function isPolicyInUse(db: Tx, companyId: number, policy: AbsencePolicyRow): Promise<boolean> {
  const typeId = policy.absenceTypeId;
  const reach = policy.isDefault
    ? sql`not exists (
        select 1 from ${absencePolicyAssignments} a
        join ${absencePolicies} p on p.id = a.policy_id and p.company_id = ${companyId}
        where a.company_id = ${companyId} and p.absence_type_id = ${typeId} and p.id <> ${policy.id}
          and (a.employee_id = l.employee_id or a.team_id in (
            select m.team_id from ${teamMembers} m where m.company_id = ${companyId} and m.employee_id = l.employee_id)))`
    : sql`(exists (
          select 1 from ${absencePolicyAssignments} a
          where a.company_id = ${companyId} and a.policy_id = ${policy.id} and a.employee_id = l.employee_id)
        or (exists (
          select 1 from ${absencePolicyAssignments} a
          join ${teamMembers} m on m.team_id = a.team_id and m.company_id = ${companyId}
          where a.company_id = ${companyId} and a.policy_id = ${policy.id} and m.employee_id = l.employee_id)
        and not exists (
          select 1 from ${absencePolicyAssignments} a
          join ${absencePolicies} p on p.id = a.policy_id and p.company_id = ${companyId}
          where a.company_id = ${companyId} and p.absence_type_id = ${typeId} and p.id <> ${policy.id}
            and a.employee_id = l.employee_id)))`;
  const result = await db.execute<{ used: boolean }>(sql`
    select exists (
      select 1 from ${absenceLedgerEntries} l
      where l.company_id = ${companyId} and l.absence_type_id = ${typeId}
        and l.kind in ('accrual', 'carry_over', 'expiry') and ${reach}
    ) as used`);
  return result.rows[0]?.used === true;
}

// ---------------------------------------------------------------------------------------------------
// Work calendars

export type CalendarRow = typeof workCalendars.$inferSelect & { employeesCount: number; teamsCount: number };

// Qualified by hand: drizzle writes a one-table select's columns unqualified, and inside the subquery an
// unqualified id would be the subquery's own (or nothing at all).
function employeesCount(companyId: number) {
  return sql<number>`(select count(*)::int from ${employeeCalendars} ec where ec.company_id = ${companyId} and ec.calendar_id = "work_calendars"."id")`;
}
function teamsCount(companyId: number) {
  return sql<number>`(select count(*)::int from ${teamCalendars} tc where tc.company_id = ${companyId} and tc.calendar_id = "work_calendars"."id")`;
}

export function listCalendars(db: Tx, companyId: number): Promise<CalendarRow[]> {
  return db
    .select({
      id: workCalendars.id,
      companyId: workCalendars.companyId,
      name: workCalendars.name,
      countryCode: workCalendars.countryCode,
      timeZone: workCalendars.timeZone,
      workingWeekdays: workCalendars.workingWeekdays,
      isDefault: workCalendars.isDefault,
      createdAt: workCalendars.createdAt,
      updatedAt: workCalendars.updatedAt,
      employeesCount: employeesCount(companyId),
      teamsCount: teamsCount(companyId),
    })
    .from(workCalendars)
    .where(eq(workCalendars.companyId, companyId))
    .orderBy(sql`${workCalendars.isDefault} desc`, asc(workCalendars.name), asc(workCalendars.id));
}

export async function findCalendar(
  db: Tx,
  companyId: number,
  id: number,
  forUpdate = false,
): Promise<CalendarRow | null> {
  const query = db
    .select({
      id: workCalendars.id,
      companyId: workCalendars.companyId,
      name: workCalendars.name,
      countryCode: workCalendars.countryCode,
      timeZone: workCalendars.timeZone,
      workingWeekdays: workCalendars.workingWeekdays,
      isDefault: workCalendars.isDefault,
      createdAt: workCalendars.createdAt,
      updatedAt: workCalendars.updatedAt,
      employeesCount: employeesCount(companyId),
      teamsCount: teamsCount(companyId),
    })
    .from(workCalendars)
    .where(and(eq(workCalendars.companyId, companyId), eq(workCalendars.id, id)));
  const [row] = forUpdate ? await query.for('update', { of: workCalendars }) : await query;
  return row ?? null;
}

export type CalendarValues = Pick<
  typeof workCalendars.$inferInsert,
  'name' | 'countryCode' | 'timeZone' | 'workingWeekdays' | 'isDefault'
>;

export async function insertCalendar(db: Tx, companyId: number, values: CalendarValues): Promise<number> {
  const [row] = await db
    .insert(workCalendars)
    .values({ ...values, companyId })
    .returning({ id: workCalendars.id });
  if (!row) throw new Error('insertCalendar: no row');
  return row.id;
}

export async function updateCalendar(
  db: Tx,
  companyId: number,
  id: number,
  values: CalendarValues,
): Promise<void> {
  await db
    .update(workCalendars)
    .set(values)
    .where(and(eq(workCalendars.companyId, companyId), eq(workCalendars.id, id)));
}

export async function deleteCalendar(db: Tx, companyId: number, id: number): Promise<void> {
  await db.delete(workCalendars).where(and(eq(workCalendars.companyId, companyId), eq(workCalendars.id, id)));
}

/** Unmarks the company's default calendar (but `keepId`). */
export async function clearDefaultCalendar(db: Tx, companyId: number, keepId: number | null): Promise<void> {
  await db
    .update(workCalendars)
    .set({ isDefault: false })
    .where(
      and(
        eq(workCalendars.companyId, companyId),
        eq(workCalendars.isDefault, true),
        ...(keepId === null ? [] : [ne(workCalendars.id, keepId)]),
      ),
    );
}

/** The people assigned to a calendar, by name. */
export function listCalendarEmployees(db: Tx, companyId: number, calendarId: number): Promise<NamedRef[]> {
  return db
    .select({ id: employees.id, name: employeeFullName })
    .from(employeeCalendars)
    .innerJoin(
      employees,
      and(eq(employees.id, employeeCalendars.employeeId), eq(employees.companyId, companyId)),
    )
    .where(and(eq(employeeCalendars.companyId, companyId), eq(employeeCalendars.calendarId, calendarId)))
    .orderBy(...employeeSortName);
}

/** Puts exactly these people on the calendar: others on it go back to the default, these move here. */
export async function replaceCalendarEmployees(
  db: Tx,
  companyId: number,
  calendarId: number,
  employeeIds: readonly number[],
): Promise<void> {
  await db
    .delete(employeeCalendars)
    .where(
      and(
        eq(employeeCalendars.companyId, companyId),
        eq(employeeCalendars.calendarId, calendarId),
        ...(employeeIds.length > 0 ? [notInArray(employeeCalendars.employeeId, [...employeeIds])] : []),
      ),
    );
  if (employeeIds.length === 0) return;
  await db
    .insert(employeeCalendars)
    .values(employeeIds.map((employeeId) => ({ companyId, employeeId, calendarId })))
    .onConflictDoUpdate({
      target: employeeCalendars.employeeId,
      set: { calendarId },
      // An employee id belongs to one company; the guard keeps the statement to this one regardless.
      setWhere: eq(employeeCalendars.companyId, companyId),
    });
}

/** The teams assigned to a calendar, by name. */
export function listCalendarTeams(db: Tx, companyId: number, calendarId: number): Promise<NamedRef[]> {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamCalendars)
    .innerJoin(teams, and(eq(teams.id, teamCalendars.teamId), eq(teams.companyId, companyId)))
    .where(and(eq(teamCalendars.companyId, companyId), eq(teamCalendars.calendarId, calendarId)))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** Assigns exactly these teams to the calendar: others on it are unassigned, these move here. */
export async function replaceCalendarTeams(
  db: Tx,
  companyId: number,
  calendarId: number,
  teamIds: readonly number[],
): Promise<void> {
  await db
    .delete(teamCalendars)
    .where(
      and(
        eq(teamCalendars.companyId, companyId),
        eq(teamCalendars.calendarId, calendarId),
        ...(teamIds.length > 0 ? [notInArray(teamCalendars.teamId, [...teamIds])] : []),
      ),
    );
  if (teamIds.length === 0) return;
  await db
    .insert(teamCalendars)
    .values(teamIds.map((teamId) => ({ companyId, teamId, calendarId })))
    .onConflictDoUpdate({
      target: teamCalendars.teamId,
      set: { calendarId },
      // A team id belongs to one company; the guard keeps the statement to this one regardless.
      setWhere: eq(teamCalendars.companyId, companyId),
    });
}

/**
 * How many current employees (not dismissed before `today`) count days on each calendar, resolved as
 * the request engine resolves one person's (calendar-resolution.queries.ts).
 */
export async function countPeopleByCalendar(
  db: Tx,
  companyId: number,
  today: string,
): Promise<Map<number, number>> {
  const people = sql`select e.id as employee_id from ${employees} e where e.company_id = ${companyId} and (e.dismissal_date is null or e.dismissal_date >= ${today})`;
  const result = await db.execute<{ calendar_id: number; people: number }>(sql`
    select rc.calendar_id, count(*)::int as people
    from (${resolvedCalendarsSql(companyId, people)}) rc
    where rc.calendar_id is not null
    group by rc.calendar_id`);
  return new Map(result.rows.map((row) => [Number(row.calendar_id), Number(row.people)]));
}

export type CalendarDayRow = typeof calendarDays.$inferSelect;

export function listCalendarDays(
  db: Tx,
  companyId: number,
  calendarId: number,
  range: { from: string; to: string },
): Promise<CalendarDayRow[]> {
  return db
    .select()
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.companyId, companyId),
        eq(calendarDays.calendarId, calendarId),
        gte(calendarDays.date, range.from),
        lte(calendarDays.date, range.to),
      ),
    )
    .orderBy(asc(calendarDays.date));
}

export async function findCalendarDay(
  db: Tx,
  companyId: number,
  calendarId: number,
  id: number,
): Promise<CalendarDayRow | null> {
  const [row] = await db
    .select()
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.companyId, companyId),
        eq(calendarDays.calendarId, calendarId),
        eq(calendarDays.id, id),
      ),
    );
  return row ?? null;
}

/** Whether the calendar has another entry on that date (`exceptId` aside). */
export async function hasCalendarDayOn(
  db: Tx,
  companyId: number,
  calendarId: number,
  date: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: calendarDays.id })
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.companyId, companyId),
        eq(calendarDays.calendarId, calendarId),
        eq(calendarDays.date, date),
        ...(exceptId === null ? [] : [ne(calendarDays.id, exceptId)]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

type DayValues = Pick<CalendarDayRow, 'date' | 'name' | 'kind'>;

/** Inserts days, leaving dates the calendar already has as they are; answers how many were added. */
export async function insertCalendarDays(
  db: Tx,
  companyId: number,
  calendarId: number,
  days: readonly DayValues[],
): Promise<CalendarDayRow[]> {
  if (days.length === 0) return [];
  return db
    .insert(calendarDays)
    .values(days.map((day) => ({ ...day, companyId, calendarId })))
    .onConflictDoNothing()
    .returning();
}

export async function updateCalendarDay(
  db: Tx,
  companyId: number,
  calendarId: number,
  id: number,
  values: DayValues,
): Promise<CalendarDayRow | null> {
  const [row] = await db
    .update(calendarDays)
    .set(values)
    .where(
      and(
        eq(calendarDays.companyId, companyId),
        eq(calendarDays.calendarId, calendarId),
        eq(calendarDays.id, id),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteCalendarDay(
  db: Tx,
  companyId: number,
  calendarId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(calendarDays)
    .where(
      and(
        eq(calendarDays.companyId, companyId),
        eq(calendarDays.calendarId, calendarId),
        eq(calendarDays.id, id),
      ),
    )
    .returning({ id: calendarDays.id });
  return rows.length > 0;
}

/** How many calendars the company has. */
export async function countCalendars(db: Tx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(workCalendars)
    .where(eq(workCalendars.companyId, companyId));
  return row?.total ?? 0;
}

/** The country (ISO 3166-1 alpha-2) of the company's default work calendar; null without one. */
export async function findDefaultCalendarCountry(db: Tx, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ countryCode: workCalendars.countryCode })
    .from(workCalendars)
    .where(and(eq(workCalendars.companyId, companyId), eq(workCalendars.isDefault, true)))
    .limit(1);
  return row?.countryCode ?? null;
}
