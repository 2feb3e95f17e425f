import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { absenceMonthAmounts } from '../../../db/schema/absence-month-amounts';
import { absenceTeamMonthTotals } from '../../../db/schema/absence-team-month-totals';
import {
  type AbsenceRequestRow,
  absenceLedgerEntries,
  absencePolicies,
  absencePolicyAssignments,
  absenceRequests,
  calendarDays,
  workCalendars,
} from '../../../db/schema/absences';
import { employeeFullName, employees } from '../../../db/schema/employees';
import { teamMembers, teams } from '../../../db/schema/teams';
import type { Db } from '../../../db/tables';
import { findCalendarIdsOf } from '../calendar-resolution.queries';
import type { DayCalendar } from '../day-count';

// All SQL of absence reports and the timeline; every statement filters by company_id. `visible` is
// the condition over `employees` from visible-people.ts.

/** The database or an open transaction. */
export type Tx = Pick<Db, 'select' | 'execute'>;

/** A plain-date range, both ends included. */
export type DateRange = { from: string; to: string };

/** A team and every team below it, or null when the company has no such team. */
export async function findTeamSubtree(db: Tx, companyId: number, teamId: number): Promise<number[] | null> {
  const result = await db.execute<{ id: number }>(sql`
    with recursive subtree(id) as (
      select t.id from teams t where t.company_id = ${companyId} and t.id = ${teamId}
      union
      select t.id from teams t join subtree s on t.parent_id = s.id where t.company_id = ${companyId}
    )
    select id from subtree
  `);
  const ids = result.rows.map((row) => Number(row.id));
  return ids.length === 0 ? null : ids;
}

function inTeams(companyId: number, teamIds: readonly number[]): SQL {
  return sql`exists (select 1 from team_members tm where tm.company_id = ${companyId} and tm.employee_id = ${employees.id} and tm.team_id in (select unnest(${`{${teamIds.join(',')}}`}::int[])))`;
}

/** Employed at some point of the range: started by its end, not gone before its start. */
function employedDuring(range: DateRange): SQL | undefined {
  return and(
    or(isNull(employees.startOfWork), lte(employees.startOfWork, range.to)),
    or(isNull(employees.dismissalDate), gte(employees.dismissalDate, range.from)),
  );
}

export type PersonRef = { id: number; name: string };

/** One page of the people a timeline shows (by name), and how many there are. */
export async function findPeoplePage(
  db: Tx,
  companyId: number,
  filter: { visible: SQL; teamIds: readonly number[] | null; range: DateRange },
  page: { limit: number; offset: number },
): Promise<{ total: number; people: PersonRef[] }> {
  const where = and(
    eq(employees.companyId, companyId),
    filter.visible,
    filter.teamIds ? inTeams(companyId, filter.teamIds) : undefined,
    employedDuring(filter.range),
  );
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(employees).where(where);
  const people = await db
    .select({ id: employees.id, name: employeeFullName })
    .from(employees)
    .where(where)
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: Number(counted?.total ?? 0), people };
}

/** One person by id when `visible` lets the reader see them, else null. */
export async function findVisiblePerson(
  db: Tx,
  companyId: number,
  employeeId: number,
  visible: SQL,
): Promise<(PersonRef & { startOfWork: string | null; dismissalDate: string | null }) | null> {
  const [row] = await db
    .select({
      id: employees.id,
      name: employeeFullName,
      startOfWork: employees.startOfWork,
      dismissalDate: employees.dismissalDate,
    })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId), visible));
  return row ?? null;
}

/** Visible people matched by an import cell: their employee number, else their work e-mail. */
export async function findVisiblePeopleByKeys(
  db: Tx,
  companyId: number,
  keys: readonly string[],
  visible: SQL,
): Promise<{ id: number; employeeNumber: string | null; workEmail: string | null }[]> {
  if (keys.length === 0) return [];
  const lowered = keys.map((key) => key.toLowerCase());
  return db
    .select({ id: employees.id, employeeNumber: employees.employeeNumber, workEmail: employees.workEmail })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        visible,
        or(
          inArray(employees.employeeNumber, [...keys]),
          inArray(sql`lower(${employees.workEmail})`, lowered),
        ),
      ),
    );
}

export type ReportRequestRow = Pick<
  AbsenceRequestRow,
  | 'id'
  | 'employeeId'
  | 'absenceTypeId'
  | 'dateFrom'
  | 'dateTo'
  | 'halfDayStart'
  | 'halfDayEnd'
  | 'hours'
  | 'status'
  | 'amount'
  | 'amountByYear'
>;

const requestColumns = {
  id: absenceRequests.id,
  employeeId: absenceRequests.employeeId,
  absenceTypeId: absenceRequests.absenceTypeId,
  dateFrom: absenceRequests.dateFrom,
  dateTo: absenceRequests.dateTo,
  halfDayStart: absenceRequests.halfDayStart,
  halfDayEnd: absenceRequests.halfDayEnd,
  hours: absenceRequests.hours,
  status: absenceRequests.status,
  amount: absenceRequests.amount,
  amountByYear: absenceRequests.amountByYear,
};

/** Requests of some people touching a range, of the given statuses (and types), by start date. */
export function findRequestsOf(
  db: Tx,
  companyId: number,
  filter: {
    employeeIds: readonly number[];
    range: DateRange;
    statuses: readonly string[];
    typeIds?: readonly number[] | undefined;
  },
): Promise<ReportRequestRow[]> {
  if (filter.employeeIds.length === 0) return Promise.resolve([]);
  return db
    .select(requestColumns)
    .from(absenceRequests)
    .where(
      and(
        eq(absenceRequests.companyId, companyId),
        inArray(absenceRequests.employeeId, [...filter.employeeIds]),
        inArray(absenceRequests.status, [...filter.statuses]),
        lte(absenceRequests.dateFrom, filter.range.to),
        gte(absenceRequests.dateTo, filter.range.from),
        filter.typeIds ? inArray(absenceRequests.absenceTypeId, [...filter.typeIds]) : undefined,
      ),
    )
    .orderBy(asc(absenceRequests.dateFrom), asc(absenceRequests.id));
}

/**
 * Approved (or given statuses') requests touching a range of every person `visible` lets the reader
 * see (in the teams, when given), with the person's name: the HR report and the feeds.
 */
export function findVisibleRequests(
  db: Tx,
  companyId: number,
  filter: {
    visible: SQL;
    teamIds: readonly number[] | null;
    employeeId?: number | undefined;
    range: DateRange;
    statuses: readonly string[];
    typeIds?: readonly number[] | undefined;
  },
): Promise<(ReportRequestRow & { name: string })[]> {
  return db
    .select({ ...requestColumns, name: employeeFullName })
    .from(absenceRequests)
    .innerJoin(
      employees,
      and(eq(employees.id, absenceRequests.employeeId), eq(employees.companyId, companyId)),
    )
    .where(
      and(
        eq(absenceRequests.companyId, companyId),
        inArray(absenceRequests.status, [...filter.statuses]),
        lte(absenceRequests.dateFrom, filter.range.to),
        gte(absenceRequests.dateTo, filter.range.from),
        filter.typeIds ? inArray(absenceRequests.absenceTypeId, [...filter.typeIds]) : undefined,
        filter.employeeId !== undefined ? eq(absenceRequests.employeeId, filter.employeeId) : undefined,
        filter.teamIds ? inTeams(companyId, filter.teamIds) : undefined,
        filter.visible,
      ),
    )
    .orderBy(
      asc(employees.lastName),
      asc(employees.firstName),
      asc(employees.id),
      asc(absenceRequests.dateFrom),
    );
}

/** One line of the HR report's sums: a person's or a team's amount of a type, or a type's total. */
export type ApprovedAmountRow = {
  kind: 'row' | 'total';
  /** The person (by person) or the team (by team; null: in no team of the selection); null on totals. */
  id: number | null;
  /** The person's name (by person); null otherwise. */
  name: string | null;
  absenceTypeId: number;
  /** Hundredths of the type's unit counted inside the range. */
  hundredths: number;
};

/**
 * The HR report's amounts: the stored monthly amounts of approved requests (absence_month_amounts,
 * month-amounts.queries.ts, counted as reports-days.ts countedDaysIn and countingResolver count day by
 * day) of the range's months, summed per person and type from the report index alone, then joined to
 * the people the reader sees (in the selected teams). A person appears only with something counted.
 * By person: a row per person and type, by name (the caller sums the totals). By team: a row per team
 * of the selection and type (a person in two teams in both; in none: null), and the totals over people
 * (kind 'total'). `range` is whole months (a month or a year). By team for a reader who sees everyone
 * with no team chosen, the teams' rows come from the stored monthly team totals.
 */
export async function sumApprovedAmounts(
  db: Tx,
  companyId: number,
  filter: {
    /** Whom the reader sees (visible-people.ts); null: everyone of the company. */
    visible: SQL | null;
    teamIds: readonly number[] | null;
    range: DateRange;
    groupBy: 'person' | 'team';
  },
): Promise<ApprovedAmountRow[]> {
  const { from, to } = filter.range;
  const selectedTeams = filter.teamIds ? sql`${`{${filter.teamIds.join(',')}}`}::int[]` : null;
  // The range's counted rows from the report index (no row counting nothing), joined to the people
  // only when the reader does not see everyone or a team is chosen.
  const people = filter.visible !== null || filter.teamIds !== null;
  const counted = sql`
    counted as materialized (
      select a.employee_id, a.absence_type_id, a.hundredths
      from ${absenceMonthAmounts} a
      ${people ? sql`join ${employees} on ${employees.companyId} = ${companyId} and ${employees.id} = a.employee_id` : sql``}
      where a.company_id = ${companyId} and a.month >= date_trunc('month', ${from}::date)::date
        and a.month <= ${to}::date and a.hundredths <> 0
        ${people ? sql`and ${and(filter.visible ?? undefined, filter.teamIds ? inTeams(companyId, filter.teamIds) : undefined)}` : sql``}
    )`;
  type Row = {
    kind: 'row' | 'total';
    id: number | null;
    name: string | null;
    type_id: number;
    hundredths: number;
  };
  // A reader who sees everyone, by team, no team chosen: the stored team totals of the range's months
  // (absence_team_month_totals, docs/decisions/032-absence-team-totals.md), the same rows as the join
  // below; the totals over people straight from the report index.
  const stored = filter.visible === null && filter.teamIds === null && filter.groupBy === 'team';
  const query = stored
    ? sql`select 'row' as kind, t.team_id as id, null as name, t.absence_type_id as type_id,
          sum(t.hundredths)::float8 as hundredths
        from ${absenceTeamMonthTotals} t
        where t.company_id = ${companyId} and t.month >= date_trunc('month', ${from}::date)::date
          and t.month <= ${to}::date
        group by t.team_id, t.absence_type_id
        union all
        select 'total', null, null, a.absence_type_id, sum(a.hundredths)::float8
        from ${absenceMonthAmounts} a
        where a.company_id = ${companyId} and a.month >= date_trunc('month', ${from}::date)::date
          and a.month <= ${to}::date and a.hundredths <> 0
        group by a.absence_type_id`
    : filter.groupBy === 'person'
      ? sql`with ${counted},
        person_sums as materialized (
          select employee_id, absence_type_id, sum(hundredths) as hundredths
          from counted group by employee_id, absence_type_id
        )
        select 'row' as kind, ps.employee_id as id, ${employeeFullName} as name,
          ps.absence_type_id as type_id, ps.hundredths::float8 as hundredths
        from person_sums ps
        join ${employees} on ${employees.companyId} = ${companyId} and ${employees.id} = ps.employee_id
        order by ${employees.lastName}, ${employees.firstName}, ${employees.id}, ps.absence_type_id`
      : sql`with ${counted}
        select 'row' as kind, m.team_id as id, null as name, c.absence_type_id as type_id,
          sum(c.hundredths)::float8 as hundredths
        from counted c
        left join ${teamMembers} m on m.company_id = ${companyId} and m.employee_id = c.employee_id${
          selectedTeams ? sql` and m.team_id = any(${selectedTeams})` : sql``
        }
        group by m.team_id, c.absence_type_id
        union all
        select 'total', null, null, absence_type_id, sum(hundredths)::float8
        from counted
        group by absence_type_id`;
  const result = await db.execute<Row>(query);
  return result.rows.map((row) => ({
    kind: row.kind,
    id: row.id === null ? null : Number(row.id),
    name: row.name,
    absenceTypeId: Number(row.type_id),
    hundredths: Number(row.hundredths),
  }));
}

/**
 * The work calendar of each person with its exceptions in a range, resolved as the request engine does
 * (own, nearest team's, company default: calendar-resolution.queries.ts); people on none are missing
 * (Monday–Friday in UTC, as the engine does).
 */
export async function findCalendarsOf(
  db: Tx,
  companyId: number,
  employeeIds: readonly number[],
  range: DateRange,
): Promise<Map<number, DayCalendar & { timeZone: string }>> {
  const found = new Map<number, DayCalendar & { timeZone: string }>();
  if (employeeIds.length === 0) return found;
  const [assignedOf, calendars] = await Promise.all([
    findCalendarIdsOf(db, companyId, employeeIds),
    db
      .select({
        id: workCalendars.id,
        timeZone: workCalendars.timeZone,
        weekdays: workCalendars.workingWeekdays,
      })
      .from(workCalendars)
      .where(eq(workCalendars.companyId, companyId)),
  ]);
  const days = await db
    .select({ calendarId: calendarDays.calendarId, date: calendarDays.date, kind: calendarDays.kind })
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.companyId, companyId),
        gte(calendarDays.date, range.from),
        lte(calendarDays.date, range.to),
      ),
    );
  const byCalendar = new Map<number, DayCalendar & { timeZone: string }>();
  for (const calendar of calendars) {
    const own = days.filter((day) => day.calendarId === calendar.id);
    byCalendar.set(calendar.id, {
      workingWeekdays: new Set(calendar.weekdays),
      daysOff: new Set(own.filter((day) => day.kind !== 'working_day').map((day) => day.date)),
      extraWorkingDays: new Set(own.filter((day) => day.kind === 'working_day').map((day) => day.date)),
      timeZone: calendar.timeZone,
    });
  }
  for (const employeeId of employeeIds) {
    const calendarId = assignedOf.get(employeeId);
    const calendar = calendarId === undefined ? undefined : byCalendar.get(calendarId);
    if (calendar) found.set(employeeId, calendar);
  }
  return found;
}

/** What decides how days are counted per person and type: policies, their assignments, teams. */
export type CountingSources = {
  policies: { id: number; absenceTypeId: number; isDefault: boolean; counting: string }[];
  assignments: { policyId: number; teamId: number | null; employeeId: number | null }[];
  memberships: { employeeId: number; teamId: number }[];
};

export async function findCountingSources(
  db: Tx,
  companyId: number,
  employeeIds: readonly number[],
): Promise<CountingSources> {
  const [policies, assignments, memberships] = await Promise.all([
    db
      .select({
        id: absencePolicies.id,
        absenceTypeId: absencePolicies.absenceTypeId,
        isDefault: absencePolicies.isDefault,
        counting: absencePolicies.counting,
      })
      .from(absencePolicies)
      .where(eq(absencePolicies.companyId, companyId))
      .orderBy(asc(absencePolicies.id)),
    db
      .select({
        policyId: absencePolicyAssignments.policyId,
        teamId: absencePolicyAssignments.teamId,
        employeeId: absencePolicyAssignments.employeeId,
      })
      .from(absencePolicyAssignments)
      .where(eq(absencePolicyAssignments.companyId, companyId)),
    findMemberships(db, companyId, employeeIds),
  ]);
  return { policies, assignments, memberships };
}

/** The teams of some people. */
export function findMemberships(
  db: Tx,
  companyId: number,
  employeeIds: readonly number[],
): Promise<{ employeeId: number; teamId: number }[]> {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ employeeId: teamMembers.employeeId, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.companyId, companyId), inArray(teamMembers.employeeId, [...employeeIds])));
}

/** Names of teams by id. */
export async function findTeamNames(
  db: Tx,
  companyId: number,
  teamIds: readonly number[],
): Promise<Map<number, string>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), inArray(teams.id, [...teamIds])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Ledger sums of one person and year, by type and kind. */
export function sumLedgerByType(
  db: Tx,
  companyId: number,
  employeeId: number,
  year: number,
): Promise<{ absenceTypeId: number; kind: string; total: string }[]> {
  return db
    .select({
      absenceTypeId: absenceLedgerEntries.absenceTypeId,
      kind: absenceLedgerEntries.kind,
      total: sql<string>`sum(${absenceLedgerEntries.amount})`,
    })
    .from(absenceLedgerEntries)
    .where(
      and(
        eq(absenceLedgerEntries.companyId, companyId),
        eq(absenceLedgerEntries.employeeId, employeeId),
        eq(absenceLedgerEntries.periodYear, year),
      ),
    )
    .groupBy(absenceLedgerEntries.absenceTypeId, absenceLedgerEntries.kind);
}
