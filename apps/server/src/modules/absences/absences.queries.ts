import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import {
  type AbsenceLedgerEntryRow,
  type AbsencePolicyRow,
  type AbsenceRequestRow,
  type AbsenceRequestStepRow,
  type AbsenceTypeRow,
  absenceLedgerEntries,
  absencePolicies,
  absencePolicyAssignments,
  absenceRequestFiles,
  absenceRequestSteps,
  absenceRequests,
  absenceTypes,
  calendarDays,
  workCalendars,
} from '../../db/schema/absences';
import { employeeFullName, employees } from '../../db/schema/employees';
import { storedFiles } from '../../db/schema/files';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { type EmployeeReader, employeeVisibleWhere } from '../employees/employee-visibility';
import { ABSENCE_TYPE_DEFAULTS, DEFAULT_VACATION_POLICY } from './absence-type-defaults';
import { employeesWithIds, resolvedCalendarsSql, resolvedZonesSql } from './calendar-resolution.queries';
import type { DayCalendar } from './day-count';

// All SQL of absences; every statement filters by company_id.

/** The database or an open transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute' | 'delete'>;

/** Arbitrary constant of the per-employee advisory lock (two-int form: this, employee id). */
const EMPLOYEE_ABSENCE_LOCK = 1_401;

/** Serialises balance and overlap checks of one employee's requests until the transaction ends. */
export async function lockEmployeeAbsences(tx: Tx, employeeId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${EMPLOYEE_ABSENCE_LOCK}::integer, ${employeeId}::integer)`,
  );
}

/**
 * The company's absence types, seeding the defaults (and the default vacation policy) on first use.
 * Seeding is `on conflict do nothing`, so concurrent first uses are safe.
 */
export async function ensureAbsenceTypes(db: Db, companyId: number): Promise<AbsenceTypeRow[]> {
  const existing = await listAbsenceTypes(db, companyId);
  if (existing.length >= ABSENCE_TYPE_DEFAULTS.length) return existing;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(absenceTypes)
      .values(ABSENCE_TYPE_DEFAULTS.map((type, position) => ({ ...type, companyId, position })))
      .onConflictDoNothing()
      .returning({ id: absenceTypes.id, code: absenceTypes.code });
    const vacation = inserted.find((row) => row.code === 'vacation');
    if (vacation) {
      await tx
        .insert(absencePolicies)
        .values({ ...DEFAULT_VACATION_POLICY, companyId, absenceTypeId: vacation.id, isDefault: true })
        .onConflictDoNothing();
    }
  });
  return listAbsenceTypes(db, companyId);
}

export function listAbsenceTypes(db: Tx, companyId: number): Promise<AbsenceTypeRow[]> {
  return db
    .select()
    .from(absenceTypes)
    .where(eq(absenceTypes.companyId, companyId))
    .orderBy(asc(absenceTypes.position), asc(absenceTypes.id));
}

/** What the absence rules need of an employee: dates of service, manager and teams. */
export type AbsenceEmployee = {
  id: number;
  managerId: number | null;
  /** When the manager leaves (or left); a dismissed manager is as good as none. */
  managerDismissalDate: string | null;
  startOfWork: string | null;
  dismissalDate: string | null;
  teams: { id: number; isHidden: boolean }[];
};

export async function findAbsenceEmployee(
  db: Tx,
  companyId: number,
  employeeId: number,
): Promise<AbsenceEmployee | null> {
  const [row] = await db
    .select({
      id: employees.id,
      managerId: employees.managerId,
      startOfWork: employees.startOfWork,
      dismissalDate: employees.dismissalDate,
      // Qualified by hand: drizzle writes a one-table select's columns unqualified, and inside the
      // subquery an unqualified manager_id would be the manager row's own.
      managerDismissal: sql<
        string | null
      >`(select m.dismissal_date from employees m where m.company_id = ${companyId} and m.id = "employees"."manager_id")`,
    })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  if (!row) return null;
  const memberships = await db
    .select({ id: teams.id, isHidden: teams.isHidden })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), eq(teams.companyId, companyId)))
    .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.employeeId, employeeId)));
  return {
    id: row.id,
    managerId: row.managerId,
    managerDismissalDate: row.managerDismissal,
    startOfWork: row.startOfWork,
    dismissalDate: row.dismissalDate,
    teams: memberships,
  };
}

/**
 * An employee's calendar with its exceptions between two dates: their own, else their nearest team's,
 * else the company default (calendar-resolution.queries.ts); Monday–Friday in UTC when none.
 */
export async function findEmployeeCalendar(
  db: Tx,
  companyId: number,
  employeeId: number,
  range: { from: string; to: string },
): Promise<DayCalendar & { timeZone: string }> {
  const [assigned] = await db
    .select({
      id: workCalendars.id,
      timeZone: workCalendars.timeZone,
      weekdays: workCalendars.workingWeekdays,
    })
    .from(workCalendars)
    .where(
      and(
        eq(workCalendars.companyId, companyId),
        sql`${workCalendars.id} = (select rc.calendar_id from (${resolvedCalendarsSql(companyId, employeesWithIds(companyId, [employeeId]))}) rc)`,
      ),
    );
  if (!assigned) return { workingWeekdays: new Set([1, 2, 3, 4, 5]), daysOff: new Set(), timeZone: 'UTC' };
  const exceptions = await db
    .select({ date: calendarDays.date, kind: calendarDays.kind })
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.companyId, companyId),
        eq(calendarDays.calendarId, assigned.id),
        gte(calendarDays.date, range.from),
        lte(calendarDays.date, range.to),
      ),
    );
  return {
    workingWeekdays: new Set(assigned.weekdays),
    daysOff: new Set(exceptions.filter((day) => day.kind !== 'working_day').map((day) => day.date)),
    extraWorkingDays: new Set(exceptions.filter((day) => day.kind === 'working_day').map((day) => day.date)),
    timeZone: assigned.timeZone,
  };
}

/** The policy of a type for an employee: their own assignment, else a team's, else the default. */
export async function findPolicyFor(
  db: Tx,
  companyId: number,
  employee: Pick<AbsenceEmployee, 'id' | 'teams'>,
  absenceTypeId: number,
): Promise<AbsencePolicyRow | null> {
  const teamIds = employee.teams.map((team) => team.id);
  const [row] = await db
    .select({ policy: absencePolicies })
    .from(absencePolicies)
    .leftJoin(
      absencePolicyAssignments,
      and(
        eq(absencePolicyAssignments.policyId, absencePolicies.id),
        eq(absencePolicyAssignments.companyId, companyId),
      ),
    )
    .where(
      and(
        eq(absencePolicies.companyId, companyId),
        eq(absencePolicies.absenceTypeId, absenceTypeId),
        sql`(${absencePolicyAssignments.employeeId} = ${employee.id} or ${
          teamIds.length > 0 ? inArray(absencePolicyAssignments.teamId, teamIds) : sql`false`
        } or ${absencePolicies.isDefault})`,
      ),
    )
    .orderBy(
      sql`case when ${absencePolicyAssignments.employeeId} = ${employee.id} then 0 when ${absencePolicyAssignments.teamId} is not null then 1 else 2 end`,
      asc(absencePolicies.id),
    )
    .limit(1);
  return row?.policy ?? null;
}

/** Live (pending or approved) requests of an employee whose dates touch a range. */
export function findLiveRequestsInRange(
  db: Tx,
  companyId: number,
  employeeId: number,
  range: { from: string; to: string },
): Promise<AbsenceRequestRow[]> {
  return db
    .select()
    .from(absenceRequests)
    .where(
      and(
        eq(absenceRequests.companyId, companyId),
        eq(absenceRequests.employeeId, employeeId),
        inArray(absenceRequests.status, ['pending', 'approved']),
        lte(absenceRequests.dateFrom, range.to),
        gte(absenceRequests.dateTo, range.from),
      ),
    );
}

/** Ledger sums of (employee, type, year) by kind. */
export async function sumLedger(
  db: Tx,
  companyId: number,
  key: { employeeId: number; absenceTypeId: number; year: number },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ kind: absenceLedgerEntries.kind, total: sql<string>`sum(${absenceLedgerEntries.amount})` })
    .from(absenceLedgerEntries)
    .where(
      and(
        eq(absenceLedgerEntries.companyId, companyId),
        eq(absenceLedgerEntries.employeeId, key.employeeId),
        eq(absenceLedgerEntries.absenceTypeId, key.absenceTypeId),
        eq(absenceLedgerEntries.periodYear, key.year),
      ),
    )
    .groupBy(absenceLedgerEntries.kind);
  return new Map(rows.map((row) => [row.kind, Number(row.total)]));
}

/**
 * What each approved (or once approved) request took from (employee, type, year): the net of its
 * absence and reversal entries in that year, with the request's current span (a changed request's
 * old amount is reversed, so the net is its new one). For the expiry of carried-over days.
 */
export async function listRequestUses(
  db: Tx,
  companyId: number,
  key: { employeeId: number; absenceTypeId: number; year: number },
): Promise<
  { dateFrom: string; dateTo: string; halfDayStart: boolean; halfDayEnd: boolean; amount: number }[]
> {
  const rows = await db
    .select({
      dateFrom: absenceRequests.dateFrom,
      dateTo: absenceRequests.dateTo,
      halfDayStart: absenceRequests.halfDayStart,
      halfDayEnd: absenceRequests.halfDayEnd,
      total: sql<string>`sum(${absenceLedgerEntries.amount})`,
    })
    .from(absenceLedgerEntries)
    .innerJoin(
      absenceRequests,
      and(
        eq(absenceRequests.companyId, absenceLedgerEntries.companyId),
        eq(absenceRequests.id, absenceLedgerEntries.requestId),
      ),
    )
    .where(
      and(
        eq(absenceLedgerEntries.companyId, companyId),
        eq(absenceLedgerEntries.employeeId, key.employeeId),
        eq(absenceLedgerEntries.absenceTypeId, key.absenceTypeId),
        eq(absenceLedgerEntries.periodYear, key.year),
        inArray(absenceLedgerEntries.kind, ['absence', 'absence_reversal']),
      ),
    )
    .groupBy(
      absenceRequests.id,
      absenceRequests.dateFrom,
      absenceRequests.dateTo,
      absenceRequests.halfDayStart,
      absenceRequests.halfDayEnd,
    );
  return rows.map(({ total, ...row }) => ({ ...row, amount: Number(total) }));
}

/** What pending requests of (employee, type) would take from a year. */
export async function sumPending(
  db: Tx,
  companyId: number,
  key: { employeeId: number; absenceTypeId: number; year: number },
): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string | null>`sum((${absenceRequests.amountByYear} ->> ${String(key.year)})::numeric)`,
    })
    .from(absenceRequests)
    .where(
      and(
        eq(absenceRequests.companyId, companyId),
        eq(absenceRequests.employeeId, key.employeeId),
        eq(absenceRequests.absenceTypeId, key.absenceTypeId),
        eq(absenceRequests.status, 'pending'),
        lte(absenceRequests.dateFrom, `${key.year}-12-31`),
        gte(absenceRequests.dateTo, `${key.year}-01-01`),
      ),
    );
  return Number(row?.total ?? 0);
}

export type NewLedgerEntry = Omit<typeof absenceLedgerEntries.$inferInsert, 'id' | 'createdAt'>;

/** Inserts ledger entries; generated ones (with a source key) only once. */
export async function insertLedgerEntries(db: Tx, entries: NewLedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(absenceLedgerEntries).values(entries).onConflictDoNothing();
}

export function listLedgerEntries(
  db: Tx,
  companyId: number,
  key: { employeeId: number; absenceTypeId: number; year: number },
): Promise<AbsenceLedgerEntryRow[]> {
  return db
    .select()
    .from(absenceLedgerEntries)
    .where(
      and(
        eq(absenceLedgerEntries.companyId, companyId),
        eq(absenceLedgerEntries.employeeId, key.employeeId),
        eq(absenceLedgerEntries.absenceTypeId, key.absenceTypeId),
        eq(absenceLedgerEntries.periodYear, key.year),
      ),
    )
    .orderBy(asc(absenceLedgerEntries.id));
}

export async function insertRequest(
  db: Tx,
  values: typeof absenceRequests.$inferInsert,
  steps: Omit<typeof absenceRequestSteps.$inferInsert, 'requestId' | 'companyId'>[],
): Promise<AbsenceRequestRow> {
  const [row] = await db.insert(absenceRequests).values(values).returning();
  if (!row) throw new Error('insertRequest: insert returned no row');
  if (steps.length > 0) {
    await db
      .insert(absenceRequestSteps)
      .values(steps.map((step) => ({ ...step, requestId: row.id, companyId: values.companyId })));
  }
  return row;
}

/** One request with its steps in order, locked for update when `forUpdate`. */
export async function findRequest(
  db: Tx,
  companyId: number,
  id: number,
  forUpdate = false,
): Promise<{ request: AbsenceRequestRow; steps: AbsenceRequestStepRow[] } | null> {
  const query = db
    .select()
    .from(absenceRequests)
    .where(and(eq(absenceRequests.companyId, companyId), eq(absenceRequests.id, id)));
  const [request] = forUpdate ? await query.for('update') : await query;
  if (!request) return null;
  const steps = await db
    .select()
    .from(absenceRequestSteps)
    .where(and(eq(absenceRequestSteps.companyId, companyId), eq(absenceRequestSteps.requestId, id)))
    .orderBy(asc(absenceRequestSteps.position));
  return { request, steps };
}

export async function updateStep(
  db: Tx,
  companyId: number,
  id: number,
  values: Partial<Pick<AbsenceRequestStepRow, 'status' | 'decidedById' | 'reason' | 'decidedAt'>>,
): Promise<void> {
  await db
    .update(absenceRequestSteps)
    .set(values)
    .where(and(eq(absenceRequestSteps.companyId, companyId), eq(absenceRequestSteps.id, id)));
}

/** Marks every still-pending step of a request skipped (the request was decided or withdrawn). */
export async function skipPendingSteps(db: Tx, companyId: number, requestId: number): Promise<void> {
  await db
    .update(absenceRequestSteps)
    .set({ status: 'skipped' })
    .where(
      and(
        eq(absenceRequestSteps.companyId, companyId),
        eq(absenceRequestSteps.requestId, requestId),
        eq(absenceRequestSteps.status, 'pending'),
      ),
    );
}

/** Sets a request's status; answers the row as written (none: no such request). */
export async function setRequestStatus(
  db: Tx,
  companyId: number,
  id: number,
  status: AbsenceRequestRow['status'],
  decidedAt: Date | null,
): Promise<AbsenceRequestRow | undefined> {
  const [row] = await db
    .update(absenceRequests)
    .set({ status, decidedAt })
    .where(and(eq(absenceRequests.companyId, companyId), eq(absenceRequests.id, id)))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Lists: which requests a user sees, filtered and paged (docs/decisions/018-absence-ledger.md).

/** The teams of a subtree: the team and every team below it. */
function subtreeOf(companyId: number, teamId: number): SQL {
  return sql`(with recursive sub(id) as (select id from teams where company_id = ${companyId} and id = ${teamId} union all select t.id from teams t join sub on t.parent_id = sub.id where t.company_id = ${companyId}) select id from sub)`;
}

/** The employee of the outer row belongs to a team of the subtree. */
function inTeamSubtree(companyId: number, teamId: number): SQL {
  return sql`exists (select 1 from team_members tm where tm.company_id = ${companyId} and tm.employee_id = ${absenceRequests.employeeId} and tm.team_id in ${subtreeOf(companyId, teamId)})`;
}

/**
 * Who sees a request (decision 018): its employee is visible (decision 013) and the AbsenceRequest
 * view level reaches them (own / my team / anyone), or the user is a step's named approver. The
 * query must join `employees` on the request's employee.
 */
export type RequestReader = EmployeeReader & {
  /** The AbsenceRequest view level. */
  absenceLevel: EmployeeReader['level'];
};

export function requestVisibleWhere(reader: RequestReader): SQL {
  const own = sql`${absenceRequests.employeeId} = ${reader.employeeId}`;
  const named = sql`exists (select 1 from absence_request_steps s where s.company_id = ${reader.companyId} and s.request_id = ${absenceRequests.id} and s.approver_employee_id = ${reader.employeeId})`;
  let reach: SQL | undefined;
  if (reader.absenceLevel === 'to_all') {
    reach = employeeVisibleWhere(reader) ?? sql`true`;
  } else if (reader.absenceLevel === 'only_my_and_my_team' && reader.teamIds.length > 0) {
    const team = sql`exists (select 1 from team_members tm where tm.company_id = ${reader.companyId} and tm.employee_id = ${absenceRequests.employeeId} and tm.team_id in (select unnest(${`{${reader.teamIds.join(',')}}`}::int[])))`;
    reach = sql`(${own} or (${team} and ${employeeVisibleWhere(reader) ?? sql`true`}))`;
  } else if (reader.absenceLevel !== 'not_visible') {
    reach = own;
  }
  return reach ? sql`(${reach} or ${named})` : named;
}

export type RequestFilters = {
  status?: string | undefined;
  absenceTypeId?: number | undefined;
  employeeId?: number | undefined;
  teamId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

function filterConditions(companyId: number, filters: RequestFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(absenceRequests.status, filters.status));
  if (filters.absenceTypeId !== undefined)
    conditions.push(eq(absenceRequests.absenceTypeId, filters.absenceTypeId));
  if (filters.employeeId !== undefined) conditions.push(eq(absenceRequests.employeeId, filters.employeeId));
  if (filters.teamId !== undefined) conditions.push(inTeamSubtree(companyId, filters.teamId));
  if (filters.dateFrom) conditions.push(gte(absenceRequests.dateTo, filters.dateFrom));
  if (filters.dateTo) conditions.push(lte(absenceRequests.dateFrom, filters.dateTo));
  return conditions;
}

/** A page of the requests a reader sees, newest first, and how many there are. */
export async function listVisibleRequests(
  db: Tx,
  companyId: number,
  visible: SQL,
  filters: RequestFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AbsenceRequestRow[]; total: number }> {
  const where = and(
    eq(absenceRequests.companyId, companyId),
    visible,
    ...filterConditions(companyId, filters),
  );
  const rows = await db
    .select({ request: absenceRequests })
    .from(absenceRequests)
    .innerJoin(
      employees,
      and(eq(employees.companyId, companyId), eq(employees.id, absenceRequests.employeeId)),
    )
    .where(where)
    .orderBy(desc(absenceRequests.createdAt), desc(absenceRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(absenceRequests)
    .innerJoin(
      employees,
      and(eq(employees.companyId, companyId), eq(employees.id, absenceRequests.employeeId)),
    )
    .where(where);
  return { rows: rows.map((row) => row.request), total: count?.total ?? 0 };
}

/**
 * Pending requests whose current step (the first pending one) the user might decide: of a type in
 * `typeIds` (those whose approval action the user holds), not their own, and either named to them
 * or of an employee the reader sees. The caller checks each with canDecideStep.
 */
export async function listDecisionCandidates(
  db: Tx,
  companyId: number,
  reader: EmployeeReader,
  typeIds: readonly number[],
): Promise<{ request: AbsenceRequestRow; step: AbsenceRequestStepRow }[]> {
  if (typeIds.length === 0) return [];
  const visible = employeeVisibleWhere(reader) ?? sql`true`;
  const rows = await db
    .select({ request: absenceRequests, step: absenceRequestSteps })
    .from(absenceRequests)
    .innerJoin(
      employees,
      and(eq(employees.companyId, companyId), eq(employees.id, absenceRequests.employeeId)),
    )
    .innerJoin(
      absenceRequestSteps,
      and(
        eq(absenceRequestSteps.companyId, companyId),
        eq(absenceRequestSteps.requestId, absenceRequests.id),
        eq(absenceRequestSteps.status, 'pending'),
      ),
    )
    .where(
      and(
        eq(absenceRequests.companyId, companyId),
        eq(absenceRequests.status, 'pending'),
        inArray(absenceRequests.absenceTypeId, [...typeIds]),
        sql`${absenceRequests.employeeId} <> ${reader.employeeId}`,
        sql`${absenceRequestSteps.position} = (select min(s2.position) from absence_request_steps s2 where s2.company_id = ${companyId} and s2.request_id = ${absenceRequests.id} and s2.status = 'pending')`,
        sql`(${absenceRequestSteps.approverEmployeeId} = ${reader.employeeId} or ${visible})`,
      ),
    )
    .orderBy(asc(absenceRequests.createdAt), asc(absenceRequests.id));
  return rows;
}

/** Teams of employees, for their relation to the reader (own / my team / other). */
export async function findTeamsOf(
  db: Tx,
  companyId: number,
  employeeIds: readonly number[],
): Promise<Map<number, { id: number; isHidden: boolean }[]>> {
  const result = new Map<number, { id: number; isHidden: boolean }[]>();
  if (employeeIds.length === 0) return result;
  const rows = await db
    .select({ employeeId: teamMembers.employeeId, id: teams.id, isHidden: teams.isHidden })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), eq(teams.companyId, companyId)))
    .where(and(eq(teamMembers.companyId, companyId), inArray(teamMembers.employeeId, [...employeeIds])));
  for (const row of rows) {
    const list = result.get(row.employeeId) ?? [];
    list.push({ id: row.id, isHidden: row.isHidden });
    result.set(row.employeeId, list);
  }
  return result;
}

/** What a request's answer shows besides its row: names, steps and documents, for many at once. */
export type RequestDetails = {
  employeeNames: Map<number, string>;
  userNames: Map<number, string>;
  steps: Map<number, AbsenceRequestStepRow[]>;
  files: Map<number, { id: number; name: string; size: number }[]>;
};

export async function findRequestDetails(
  db: Tx,
  companyId: number,
  requests: readonly AbsenceRequestRow[],
  /** The requests' steps when the caller has just read them (in position order): not read again. */
  knownSteps?: ReadonlyMap<number, readonly AbsenceRequestStepRow[]>,
): Promise<RequestDetails> {
  const requestIds = requests.map((request) => request.id);
  const details: RequestDetails = {
    employeeNames: new Map(),
    userNames: new Map(),
    steps: new Map(),
    files: new Map(),
  };
  if (requestIds.length === 0) return details;
  const stepRows = knownSteps
    ? requestIds.flatMap((id) => knownSteps.get(id) ?? [])
    : await db
        .select()
        .from(absenceRequestSteps)
        .where(
          and(
            eq(absenceRequestSteps.companyId, companyId),
            inArray(absenceRequestSteps.requestId, requestIds),
          ),
        )
        .orderBy(asc(absenceRequestSteps.requestId), asc(absenceRequestSteps.position));
  for (const step of stepRows) {
    const list = details.steps.get(step.requestId) ?? [];
    list.push(step);
    details.steps.set(step.requestId, list);
  }
  const employeeIds = new Set(requests.map((request) => request.employeeId));
  for (const step of stepRows) if (step.approverEmployeeId !== null) employeeIds.add(step.approverEmployeeId);
  const names = await db
    .select({ id: employees.id, name: employeeFullName })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, [...employeeIds])));
  for (const row of names) details.employeeNames.set(row.id, row.name);
  const userIds = [...new Set(stepRows.map((step) => step.decidedById).filter((id) => id !== null))];
  if (userIds.length > 0) {
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
    for (const row of rows) details.userNames.set(row.id, row.name);
  }
  const fileRows = await db
    .select({
      requestId: absenceRequestFiles.requestId,
      id: storedFiles.id,
      name: storedFiles.originalName,
      size: storedFiles.size,
    })
    .from(absenceRequestFiles)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, absenceRequestFiles.fileId)),
    )
    .where(
      and(eq(absenceRequestFiles.companyId, companyId), inArray(absenceRequestFiles.requestId, requestIds)),
    )
    .orderBy(asc(absenceRequestFiles.createdAt), asc(storedFiles.id));
  for (const row of fileRows) {
    const list = details.files.get(row.requestId) ?? [];
    list.push({ id: row.id, name: row.name, size: row.size });
    details.files.set(row.requestId, list);
  }
  return details;
}

// ---------------------------------------------------------------------------------------------------
// Who is away: approved absences of visible people.

export type AbsenceEntryRow = {
  id: number;
  employeeId: number;
  employeeName: string;
  absenceTypeId: number;
  dateFrom: string;
  dateTo: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  hours: number | null;
  amount: number;
};

const entryColumns = {
  id: absenceRequests.id,
  employeeId: absenceRequests.employeeId,
  employeeName: employeeFullName,
  absenceTypeId: absenceRequests.absenceTypeId,
  dateFrom: absenceRequests.dateFrom,
  dateTo: absenceRequests.dateTo,
  halfDayStart: absenceRequests.halfDayStart,
  halfDayEnd: absenceRequests.halfDayEnd,
  hours: absenceRequests.hours,
  amount: absenceRequests.amount,
};

function approvedWhere(
  companyId: number,
  visible: SQL,
  range: { from?: string | undefined; to?: string | undefined },
  typeIds: readonly number[] | undefined,
): SQL | undefined {
  return and(
    eq(absenceRequests.companyId, companyId),
    eq(absenceRequests.status, 'approved'),
    visible,
    range.from ? gte(absenceRequests.dateTo, range.from) : undefined,
    range.to ? lte(absenceRequests.dateFrom, range.to) : undefined,
    typeIds ? inArray(absenceRequests.absenceTypeId, typeIds.length > 0 ? [...typeIds] : [-1]) : undefined,
  );
}

/** A page of approved absences meeting a range, soonest first. */
export async function listApprovedAbsences(
  db: Tx,
  companyId: number,
  visible: SQL,
  range: { from?: string | undefined; to?: string | undefined },
  typeIds: readonly number[] | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: AbsenceEntryRow[]; total: number }> {
  const where = approvedWhere(companyId, visible, range, typeIds);
  const join = and(eq(employees.companyId, companyId), eq(employees.id, absenceRequests.employeeId));
  const rows = await db
    .select(entryColumns)
    .from(absenceRequests)
    .innerJoin(employees, join)
    .where(where)
    .orderBy(asc(absenceRequests.dateFrom), asc(absenceRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(absenceRequests)
    .innerJoin(employees, join)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** How many approved absences meeting a range each type has. */
export async function countApprovedByType(
  db: Tx,
  companyId: number,
  visible: SQL,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<{ absenceTypeId: number; total: number }[]> {
  return db
    .select({ absenceTypeId: absenceRequests.absenceTypeId, total: sql<number>`count(*)::int` })
    .from(absenceRequests)
    .innerJoin(
      employees,
      and(eq(employees.companyId, companyId), eq(employees.id, absenceRequests.employeeId)),
    )
    .where(approvedWhere(companyId, visible, range, undefined))
    .groupBy(absenceRequests.absenceTypeId);
}

/** "Today" in one of the company's calendar time zones. */
export type ZoneToday = { zone: string; today: string };

/**
 * Who is away today: approved absences of the given types the reader sees whose range holds "today"
 * in the person's own calendar time zone (calendar-resolution.queries.ts; UTC on none), by name; a
 * page of them with the total (`page` null: the total only). `todays` holds today in every zone the
 * company's calendars use (and UTC). The day's requests come first, through the live ranges index
 * (materialised, so the planner never starts from the people); when every zone has the same today,
 * as for most of the day, nobody's zone needs resolving.
 */
export async function findAbsentToday(
  db: Tx,
  companyId: number,
  visible: SQL,
  todays: readonly ZoneToday[],
  typeIds: readonly number[],
  page: { limit: number; offset: number } | null,
): Promise<{ rows: (AbsenceEntryRow & { today: string })[]; total: number }> {
  const days = [...new Set(todays.map((zone) => zone.today))].sort();
  const from = days[0];
  const to = days[days.length - 1];
  if (from === undefined || to === undefined || typeIds.length === 0) return { rows: [], total: 0 };
  // The day's requests with every column the answer and the visibility condition read; below they
  // are named like the table, so requestVisibleWhere (written over absence_requests) applies as is.
  const hits = sql`hits as materialized (
    select r.id, r.employee_id, r.absence_type_id, r.date_from, r.date_to, r.half_day_start,
      r.half_day_end, r.hours, r.amount
    from ${absenceRequests} r
    where r.company_id = ${companyId} and r.status = 'approved'
      and r.date_to >= ${from}::date and r.date_from <= ${to}::date
      and r.absence_type_id = any(${`{${typeIds.join(',')}}`}::int[])
  )`;
  const oneDay = from === to;
  const zoneJoin = oneDay
    ? sql`cross join (select ${from}::date as today) z`
    : sql`left join (${resolvedZonesSql(companyId, sql`select employee_id from hits`)}) rz
          on rz.employee_id = ${absenceRequests.employeeId}
        join (values ${sql.join(
          todays.map((zone) => sql`(${zone.zone}, ${zone.today}::date)`),
          sql`, `,
        )}) as z(zone, today)
          on z.zone = coalesce(rz.time_zone, 'UTC')
          and ${absenceRequests.dateFrom} <= z.today and ${absenceRequests.dateTo} >= z.today`;
  // Each person by key (a few hundred lookups, not a pass over the company), when the reader sees them.
  const from_ = sql`from hits as ${absenceRequests}
    cross join lateral (
      select ${employeeFullName} as name, ${employees.lastName} as last_name,
        ${employees.firstName} as first_name
      from ${employees}
      where ${employees.companyId} = ${companyId} and ${employees.id} = ${absenceRequests.employeeId}
        and ${visible}
      -- One row at most (the key); the limit also keeps the planner from flattening this lookup.
      limit 1
    ) e
    ${zoneJoin}`;
  if (!page) {
    const counted = await db.execute<{ total: number }>(
      sql`with ${hits} select count(*)::int as total ${from_}`,
    );
    return { rows: [], total: Number(counted.rows[0]?.total ?? 0) };
  }
  type Row = {
    id: number;
    employee_id: number;
    employee_name: string;
    absence_type_id: number;
    date_from: string;
    date_to: string;
    half_day_start: boolean;
    half_day_end: boolean;
    hours: string | number | null;
    amount: string | number;
    today: string;
    total: number;
  };
  const result = await db.execute<Row>(sql`with ${hits}
    select ${absenceRequests.id} as id, ${absenceRequests.employeeId} as employee_id,
      e.name as employee_name, ${absenceRequests.absenceTypeId} as absence_type_id,
      ${absenceRequests.dateFrom}::text as date_from, ${absenceRequests.dateTo}::text as date_to,
      ${absenceRequests.halfDayStart} as half_day_start, ${absenceRequests.halfDayEnd} as half_day_end,
      ${absenceRequests.hours} as hours, ${absenceRequests.amount} as amount, z.today::text as today,
      (count(*) over ())::int as total
    ${from_}
    order by e.last_name, e.first_name, ${absenceRequests.id}
    limit ${page.limit} offset ${page.offset}`);
  const rows = result.rows.map((row) => ({
    id: Number(row.id),
    employeeId: Number(row.employee_id),
    employeeName: row.employee_name,
    absenceTypeId: Number(row.absence_type_id),
    dateFrom: row.date_from,
    dateTo: row.date_to,
    halfDayStart: row.half_day_start,
    halfDayEnd: row.half_day_end,
    hours: row.hours === null ? null : Number(row.hours),
    amount: Number(row.amount),
    today: row.today,
  }));
  const first = result.rows[0];
  if (first) return { rows, total: Number(first.total) };
  // A page past the end: the total still counts.
  if (page.offset === 0) return { rows, total: 0 };
  return { rows, total: (await findAbsentToday(db, companyId, visible, todays, typeIds, null)).total };
}

/** The time zones of the company's calendars (and UTC, for people on none). */
export async function listCalendarZones(db: Tx, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ timeZone: workCalendars.timeZone })
    .from(workCalendars)
    .where(eq(workCalendars.companyId, companyId))
    .groupBy(workCalendars.timeZone);
  return [...new Set(['UTC', ...rows.map((row) => row.timeZone)])];
}

// ---------------------------------------------------------------------------------------------------
// Ledger lines, direct entry, documents.

/** Ledger lines of (employee, type, year) with the dates of the requests behind absence lines. */
export function listLedgerLines(
  db: Tx,
  companyId: number,
  key: { employeeId: number; absenceTypeId: number; year: number },
) {
  return db
    .select({
      id: absenceLedgerEntries.id,
      kind: absenceLedgerEntries.kind,
      amount: absenceLedgerEntries.amount,
      requestId: absenceLedgerEntries.requestId,
      note: absenceLedgerEntries.note,
      createdAt: absenceLedgerEntries.createdAt,
      dateFrom: absenceRequests.dateFrom,
      dateTo: absenceRequests.dateTo,
    })
    .from(absenceLedgerEntries)
    .leftJoin(
      absenceRequests,
      and(eq(absenceRequests.companyId, companyId), eq(absenceRequests.id, absenceLedgerEntries.requestId)),
    )
    .where(
      and(
        eq(absenceLedgerEntries.companyId, companyId),
        eq(absenceLedgerEntries.employeeId, key.employeeId),
        eq(absenceLedgerEntries.absenceTypeId, key.absenceTypeId),
        eq(absenceLedgerEntries.periodYear, key.year),
      ),
    )
    .orderBy(asc(absenceLedgerEntries.createdAt), asc(absenceLedgerEntries.id));
}

/** Members of a team and the teams below it. */
export async function listTeamMemberIds(db: Tx, companyId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ employeeId: teamMembers.employeeId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.companyId, companyId),
        sql`${teamMembers.teamId} in ${subtreeOf(companyId, teamId)}`,
      ),
    )
    .groupBy(teamMembers.employeeId);
  return rows.map((row) => row.employeeId).sort((a, b) => a - b);
}

export async function teamExists(db: Tx, companyId: number, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.id, teamId)));
  return row !== undefined;
}

export async function findEmployeeNames(
  db: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: employees.id, name: employeeFullName })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** New dates and amounts of an approved absence (update_absence). */
export async function updateRequestSpan(
  db: Tx,
  companyId: number,
  id: number,
  values: Pick<
    AbsenceRequestRow,
    'dateFrom' | 'dateTo' | 'halfDayStart' | 'halfDayEnd' | 'hours' | 'amount' | 'amountByYear' | 'comment'
  >,
): Promise<void> {
  await db
    .update(absenceRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(absenceRequests.companyId, companyId), eq(absenceRequests.id, id)));
}

/** Records documents stored in the FileStore and attaches them to a request. */
export async function attachRequestFiles(
  db: Tx,
  companyId: number,
  requestId: number,
  files: readonly { key: string; name: string; size: number; sha256: string; format: string | null }[],
): Promise<void> {
  for (const file of files) {
    const [stored] = await db
      .insert(storedFiles)
      .values({
        companyId,
        storageKey: file.key,
        originalName: file.name,
        detectedFormat: file.format,
        size: file.size,
        sha256: file.sha256,
      })
      .returning({ id: storedFiles.id });
    if (!stored) throw new Error('attachRequestFiles: insert returned no row');
    await db.insert(absenceRequestFiles).values({ companyId, requestId, fileId: stored.id });
  }
}

/** One document of a request. */
export async function findRequestFile(
  db: Tx,
  companyId: number,
  requestId: number,
  fileId: number,
): Promise<{ storageKey: string; name: string; format: string | null; size: number } | null> {
  const [row] = await db
    .select({
      storageKey: storedFiles.storageKey,
      name: storedFiles.originalName,
      format: storedFiles.detectedFormat,
      size: storedFiles.size,
    })
    .from(absenceRequestFiles)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, absenceRequestFiles.fileId)),
    )
    .where(
      and(
        eq(absenceRequestFiles.companyId, companyId),
        eq(absenceRequestFiles.requestId, requestId),
        eq(absenceRequestFiles.fileId, fileId),
      ),
    );
  return row ?? null;
}
