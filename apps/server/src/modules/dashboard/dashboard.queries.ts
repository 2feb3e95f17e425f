import type { Level } from '@kadry/shared/permissions/vocabulary';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { applications, candidates } from '../../db/schema/applications';
import { companies } from '../../db/schema/companies';
import {
  type DashboardLayoutRow,
  type DashboardLayoutWidget,
  dashboardLayouts,
} from '../../db/schema/dashboard';
import { employeeFullName, employees } from '../../db/schema/employees';
import { applicationRejections } from '../../db/schema/recruiting-mail';
import { teams } from '../../db/schema/teams';
import { vacancies, vacancyRecruiters } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { type EmployeeReader, employeeVisibleWhere } from '../employees/employee-visibility';

// All SQL of the dashboard; every statement filters by company_id (the company row by its id).

/** The database or an open transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type LayoutRow = Pick<DashboardLayoutRow, 'id' | 'userId' | 'widgets' | 'params'>;

const layoutColumns = {
  id: dashboardLayouts.id,
  userId: dashboardLayouts.userId,
  widgets: dashboardLayouts.widgets,
  params: dashboardLayouts.params,
};

/** The user's own layout and the company default (either may be missing), in one statement. */
export async function findLayouts(
  db: Tx,
  companyId: number,
  userId: number,
): Promise<{ own: LayoutRow | null; company: LayoutRow | null }> {
  const rows = await db
    .select(layoutColumns)
    .from(dashboardLayouts)
    .where(
      and(
        eq(dashboardLayouts.companyId, companyId),
        sql`(${dashboardLayouts.userId} = ${userId} or ${dashboardLayouts.userId} is null)`,
      ),
    );
  return {
    own: rows.find((row) => row.userId === userId) ?? null,
    company: rows.find((row) => row.userId === null) ?? null,
  };
}

/** The company default layout, locked until the transaction ends (null when none is set). */
export async function lockCompanyLayout(tx: Tx, companyId: number): Promise<LayoutRow | null> {
  const [row] = await tx
    .select(layoutColumns)
    .from(dashboardLayouts)
    .where(and(eq(dashboardLayouts.companyId, companyId), isNull(dashboardLayouts.userId)))
    .for('update');
  return row ?? null;
}

/**
 * The user's own layout, locked until the transaction ends; created from `initial` first when the
 * user has none (two first saves at once: one inserts, the other finds it).
 */
export async function lockOwnLayout(
  tx: Tx,
  companyId: number,
  userId: number,
  initial: { widgets: DashboardLayoutWidget[]; params: Record<string, unknown> },
): Promise<LayoutRow> {
  await tx
    .insert(dashboardLayouts)
    .values({ companyId, userId, widgets: initial.widgets, params: initial.params })
    .onConflictDoNothing({
      target: [dashboardLayouts.companyId, dashboardLayouts.userId],
      where: sql`user_id is not null`,
    });
  const [row] = await tx
    .select(layoutColumns)
    .from(dashboardLayouts)
    .where(and(eq(dashboardLayouts.companyId, companyId), eq(dashboardLayouts.userId, userId)))
    .for('update');
  if (!row) throw new Error('lockOwnLayout: the layout is missing after its insert');
  return row;
}

/** Writes a layout's widgets and parameters. */
export async function updateLayout(
  tx: Tx,
  companyId: number,
  id: number,
  values: { widgets: DashboardLayoutWidget[]; params: Record<string, unknown> },
): Promise<void> {
  await tx
    .update(dashboardLayouts)
    .set(values)
    .where(and(eq(dashboardLayouts.companyId, companyId), eq(dashboardLayouts.id, id)));
}

/** Sets the company default layout (creating it when there is none). */
export async function upsertCompanyLayout(
  tx: Tx,
  companyId: number,
  values: { widgets: DashboardLayoutWidget[]; params: Record<string, unknown> },
): Promise<void> {
  await tx
    .insert(dashboardLayouts)
    .values({ companyId, userId: null, ...values })
    .onConflictDoUpdate({
      target: [dashboardLayouts.companyId],
      targetWhere: sql`user_id is null`,
      set: { widgets: values.widgets, params: values.params, updatedAt: new Date() },
    });
}

/** Removes the user's own layout: they see the company default again. */
export async function deleteOwnLayout(db: Tx, companyId: number, userId: number): Promise<void> {
  await db
    .delete(dashboardLayouts)
    .where(and(eq(dashboardLayouts.companyId, companyId), eq(dashboardLayouts.userId, userId)));
}

// ---------------------------------------------------------------------------------------------------
// People widgets.

/** A list of ints as one SQL array parameter. */
function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}::int[]`;
}

/** Employees of the outer row (`employees`) in any of the teams. */
function inAnyTeam(companyId: number, teamIds: readonly number[]): SQL {
  return sql`exists (select 1 from team_members tm where tm.company_id = ${companyId} and tm.employee_id = ${employees.id} and tm.team_id = any(${intArray(teamIds)}))`;
}

export type YearlyDateRow = {
  id: number;
  name: string;
  photoFileId: number | null;
  /** The birth date or the start of work. */
  date: string;
};

/**
 * What a section's view level reaches of the employees the reader sees (decision 013: sections are
 * checked again with rules 1–2): to_all everyone, only_my_and_my_team their own and their teams',
 * only_my their own, not_visible nobody. Undefined: no further limit.
 */
function sectionReachWhere(reader: EmployeeReader, level: Level): SQL | undefined {
  const own = sql`${employees.id} = ${reader.employeeId}`;
  switch (level) {
    case 'to_all':
      return undefined;
    case 'only_my_and_my_team':
      return reader.teamIds.length === 0
        ? own
        : sql`(${own} or ${inAnyTeam(reader.companyId, reader.teamIds)})`;
    case 'only_my':
      return own;
    default:
      return sql`false`;
  }
}

/**
 * A date column's month and day as one int (10 March: 310): the expression the yearly-date indexes of
 * employees hold (schema/employees.ts), so these filters read an index instead of every employee.
 */
function monthDayOf(column: typeof employees.birthDate | typeof employees.startOfWork): SQL<number> {
  return sql<number>`((extract(month from ${column}) * 100 + extract(day from ${column}))::int)`;
}

/** 'MM-DD' as monthDayOf's int. */
function monthDayNumber(monthDay: string): number {
  return Number(monthDay.slice(0, 2)) * 100 + Number(monthDay.slice(3, 5));
}

/** monthDayOf's int as 'MM-DD'. */
function monthDayText(value: number): string {
  return `${String(Math.floor(value / 100)).padStart(2, '0')}-${String(value % 100).padStart(2, '0')}`;
}

/**
 * Which working people's yearly date to look at: the reader (who sees whom, decision 013), the column,
 * the reader's view level on the section holding it, the month-days ('MM-DD'), optionally only those in
 * any of the teams, and optionally only dates before a day for some month-days (work anniversaries: a
 * full year done by the celebration, whose year the month-day decides).
 */
export type YearlyDateFilter = {
  reader: EmployeeReader;
  column: 'birth_date' | 'start_of_work';
  sectionLevel: Level;
  monthDays: readonly string[];
  teamIds?: readonly number[] | undefined;
  before?: readonly { monthDays: readonly string[]; date: string }[] | undefined;
};

function columnOf(filter: YearlyDateFilter) {
  return filter.column === 'birth_date' ? employees.birthDate : employees.startOfWork;
}

function yearlyDateWhere(filter: YearlyDateFilter): SQL | undefined {
  const { reader } = filter;
  const column = columnOf(filter);
  const monthDay = monthDayOf(column);
  const before = (filter.before ?? []).filter((group) => group.monthDays.length > 0);
  return and(
    eq(employees.companyId, reader.companyId),
    isNull(employees.dismissalDate),
    sql`${column} is not null`,
    sql`${monthDay} = any(${intArray(filter.monthDays.map(monthDayNumber))})`,
    filter.before
      ? sql`(${sql.join(
          before.length > 0
            ? before.map(
                (group) =>
                  sql`(${monthDay} = any(${intArray(group.monthDays.map(monthDayNumber))}) and ${column} < ${group.date}::date)`,
              )
            : [sql`false`],
          sql` or `,
        )})`
      : undefined,
    filter.teamIds && filter.teamIds.length > 0 ? inAnyTeam(reader.companyId, filter.teamIds) : undefined,
    employeeVisibleWhere(reader),
    sectionReachWhere(reader, filter.sectionLevel),
  );
}

/**
 * Working (not dismissed) employees the reader sees (decision 013) whose birth date or start of work
 * falls on one of the month-days and whose section holding that date (`sectionLevel`: the reader's
 * view level on it) reaches them; optionally only those in any of the teams.
 */
export async function findEmployeesByMonthDay(db: Tx, filter: YearlyDateFilter): Promise<YearlyDateRow[]> {
  if (filter.monthDays.length === 0) return [];
  const column = columnOf(filter);
  const rows = await db
    .select({ id: employees.id, name: employeeFullName, photoFileId: employees.photoFileId, date: column })
    .from(employees)
    .where(yearlyDateWhere(filter));
  return rows.flatMap((row) => (row.date === null ? [] : [{ ...row, date: row.date }]));
}

/**
 * How many of those employees each month-day has ('MM-DD'; month-days without any left out): the
 * widget's total and which days its first page needs, from the index alone.
 */
export async function countEmployeesByMonthDay(
  db: Tx,
  filter: YearlyDateFilter,
): Promise<{ monthDay: string; count: number }[]> {
  if (filter.monthDays.length === 0) return [];
  const rows = await db
    .select({ monthDay: monthDayOf(columnOf(filter)), count: sql<number>`count(*)::int` })
    .from(employees)
    .where(yearlyDateWhere(filter))
    .groupBy(sql`1`);
  return rows.map((row) => ({ monthDay: monthDayText(Number(row.monthDay)), count: Number(row.count) }));
}

// ---------------------------------------------------------------------------------------------------
// Company info.

export async function findCompanyFacts(db: Tx, companyId: number) {
  const [company, people, openTeams] = await Promise.all([
    db
      .select({ name: companies.name, logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, companyId)),
    db
      .select({ n: count() })
      .from(employees)
      .where(and(eq(employees.companyId, companyId), isNull(employees.dismissalDate))),
    db
      .select({ n: count() })
      .from(teams)
      .where(and(eq(teams.companyId, companyId), eq(teams.isHidden, false))),
  ]);
  const row = company[0];
  if (!row) return null;
  return { ...row, employeesCount: people[0]?.n ?? 0, teamsCount: openTeams[0]?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------
// Candidates.

/** Open (not rejected) applications on vacancies the user is a responsible recruiter of. */
function myCandidatesWhere(companyId: number, userId: number): SQL | undefined {
  return and(
    eq(applications.companyId, companyId),
    sql`exists (select 1 from ${vacancyRecruiters} vr where vr.company_id = ${companyId} and vr.vacancy_id = ${applications.vacancyId} and vr.user_id = ${userId})`,
    sql`not exists (select 1 from ${applicationRejections} r where r.company_id = ${companyId} and r.application_id = ${applications.id})`,
  );
}

export type MyCandidateRow = {
  id: number;
  createdAt: Date;
  stageId: number | null;
  candidateId: number;
  candidateName: string;
  vacancyId: number;
  vacancyName: string;
};

/** The newest of those applications, and how many there are. */
export async function findMyCandidates(
  db: Tx,
  companyId: number,
  userId: number,
  limit: number,
): Promise<{ rows: MyCandidateRow[]; total: number }> {
  const where = myCandidatesWhere(companyId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: applications.id,
        createdAt: applications.createdAt,
        stageId: applications.stageId,
        candidateId: candidates.id,
        candidateName: candidates.name,
        vacancyId: vacancies.id,
        vacancyName: vacancies.name,
      })
      .from(applications)
      .innerJoin(
        candidates,
        and(eq(candidates.companyId, companyId), eq(candidates.id, applications.candidateId)),
      )
      .innerJoin(vacancies, and(eq(vacancies.companyId, companyId), eq(vacancies.id, applications.vacancyId)))
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(limit),
    db.select({ n: count() }).from(applications).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
