import { inArray, type SQL, sql } from 'drizzle-orm';
import { employeeCalendars, teamCalendars, workCalendars } from '../../db/schema/absences';
import { employees } from '../../db/schema/employees';
import { teamMembers, teams } from '../../db/schema/teams';
import type { Db } from '../../db/tables';

/** The database or an open transaction (what absences.queries.ts calls Tx). */
type Tx = Pick<Db, 'execute'>;

// Which work calendar a person counts days on: the one resolution every reader of a person's calendar
// uses (the request engine, balances, reports, the timeline, absent today, the settings' counts), so
// none can disagree. docs/decisions/018-absence-ledger.md, "Work calendars".
//
//   1. the person's own calendar (employee_calendars);
//   2. else the calendar of their nearest team that has one (team_calendars): starting from every team
//      they are a member of (distance 0) and walking up parent_id (distance 1, 2, …), the smallest
//      distance wins, and among teams at the same distance the lowest team id;
//   3. else the company's default calendar (work_calendars.is_default);
//   4. else none: Monday–Friday in UTC (what the day counting assumes).

/** How far up the teams tree the walk goes at most (a guard against a cycle, which the teams module refuses). */
const MAX_TEAM_DEPTH = 64;

/** `select employee_id` of these employees of the company (ids of another company drop out). */
export function employeesWithIds(companyId: number, employeeIds: readonly number[]): SQL {
  if (employeeIds.length === 0) return sql`select null::integer as employee_id where false`;
  return sql`select e.id as employee_id from ${employees} e where e.company_id = ${companyId} and ${inArray(sql`e.id`, [...employeeIds])}`;
}

/**
 * A select of `(employee_id, calendar_id)` for every employee id that `people` (a select of one column
 * named `employee_id`, of this company's employees) yields; calendar_id is null for people on no
 * calendar at all (a company without calendars). Use it as a derived table: `(${…}) as rc`.
 */
export function resolvedCalendarsSql(companyId: number, people: SQL): SQL {
  return sql`with recursive
    people(employee_id) as (${people}),
    up(employee_id, team_id, depth) as (
      select m.employee_id, m.team_id, 0
      from ${teamMembers} m
      join people p on p.employee_id = m.employee_id
      where m.company_id = ${companyId}
      union all
      select up.employee_id, t.parent_id, up.depth + 1
      from up
      join ${teams} t on t.company_id = ${companyId} and t.id = up.team_id
      where t.parent_id is not null and up.depth < ${MAX_TEAM_DEPTH}
    ),
    by_team as (
      select distinct on (up.employee_id) up.employee_id, tc.calendar_id
      from up
      join ${teamCalendars} tc on tc.company_id = ${companyId} and tc.team_id = up.team_id
      order by up.employee_id, up.depth, up.team_id
    )
    select p.employee_id, coalesce(ec.calendar_id, bt.calendar_id, d.id) as calendar_id
    from (select distinct employee_id from people) p
    left join ${employeeCalendars} ec on ec.company_id = ${companyId} and ec.employee_id = p.employee_id
    left join by_team bt on bt.employee_id = p.employee_id
    left join ${workCalendars} d on d.company_id = ${companyId} and d.is_default`;
}

/** The calendar id each of these employees counts on (absent: on none; Monday–Friday in UTC). */
export async function findCalendarIdsOf(
  db: Tx,
  companyId: number,
  employeeIds: readonly number[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (employeeIds.length === 0) return found;
  const result = await db.execute<{ employee_id: number; calendar_id: number | null }>(
    resolvedCalendarsSql(companyId, employeesWithIds(companyId, employeeIds)),
  );
  for (const row of result.rows) {
    if (row.calendar_id !== null) found.set(Number(row.employee_id), Number(row.calendar_id));
  }
  return found;
}

/** A select of `(employee_id, time_zone)`: the zone of each person's resolved calendar (absent: none, UTC). */
export function resolvedZonesSql(companyId: number, people: SQL): SQL {
  return sql`select rc.employee_id, wc.time_zone
    from (${resolvedCalendarsSql(companyId, people)}) rc
    join ${workCalendars} wc on wc.company_id = ${companyId} and wc.id = rc.calendar_id`;
}
