import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  type AbsenceLedgerEntryRow,
  type AbsencePolicyRow,
  type AbsenceRequestRow,
  type AbsenceRequestStepRow,
  type AbsenceTypeRow,
  absenceLedgerEntries,
  absencePolicies,
  absencePolicyAssignments,
  absenceRequestSteps,
  absenceRequests,
  absenceTypes,
  calendarDays,
  employeeCalendars,
  workCalendars,
} from '../../db/schema/absences';
import { employees } from '../../db/schema/employees';
import { teamMembers, teams } from '../../db/schema/teams';
import type { Db } from '../../db/tables';
import { ABSENCE_TYPE_DEFAULTS, DEFAULT_VACATION_POLICY } from './absence-type-defaults';
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

/** An employee's calendar with its exceptions between two dates; Monday–Friday in UTC when none. */
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
    .leftJoin(
      employeeCalendars,
      and(
        eq(employeeCalendars.calendarId, workCalendars.id),
        eq(employeeCalendars.companyId, companyId),
        eq(employeeCalendars.employeeId, employeeId),
      ),
    )
    .where(
      and(
        eq(workCalendars.companyId, companyId),
        sql`(${employeeCalendars.employeeId} is not null or ${workCalendars.isDefault})`,
      ),
    )
    // The employee's own calendar before the company default.
    .orderBy(sql`${employeeCalendars.employeeId} is null`)
    .limit(1);
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

export async function setRequestStatus(
  db: Tx,
  companyId: number,
  id: number,
  status: AbsenceRequestRow['status'],
  decidedAt: Date | null,
): Promise<void> {
  await db
    .update(absenceRequests)
    .set({ status, decidedAt })
    .where(and(eq(absenceRequests.companyId, companyId), eq(absenceRequests.id, id)));
}
