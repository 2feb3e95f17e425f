import type { Level } from '@kadry/shared/permissions/vocabulary';
import { type SQL, sql } from 'drizzle-orm';
import { employees } from '../../../db/schema/employees';
import type { Access } from '../../../plugins/access/access';
import { levelFor } from '../../../plugins/access/access';
import { employeeVisibleWhere, readerOf } from '../../employees/employee-visibility';

// Whose absences a user sees in lists (the timeline, reports, feeds): an employee visible to them
// (docs/decisions/013-visible-employees.md) whom their AbsenceRequest view level reaches (own, my
// team, anyone), as decision 018 says for one request. The SQL twin of the absences service's check.

function idList(ids: readonly number[]): SQL {
  return sql`select unnest(${`{${ids.join(',')}}`}::int[])`;
}

/** The WHERE condition over `employees` (the caller still filters by company). */
export function absencePeopleWhere(access: Pick<Access, 'user' | 'permissions' | 'teamIds'>): SQL {
  const level: Level = levelFor(access, 'AbsenceRequest', 'view');
  const reader = readerOf(access);
  const own = sql`${employees.id} = ${reader.employeeId}`;
  if (level === 'not_visible') return sql`false`;
  if (level === 'only_my') return own;
  const visible = employeeVisibleWhere(reader) ?? sql`true`;
  if (level === 'to_all') return visible;
  // only_my_and_my_team: visible, and the person themselves or someone of "my team".
  if (reader.teamIds.length === 0) return own;
  const inMyTeam = sql`exists (select 1 from team_members tm where tm.company_id = ${reader.companyId} and tm.employee_id = ${employees.id} and tm.team_id in (${idList(reader.teamIds)}))`;
  return sql`(${visible} and (${own} or ${inMyTeam}))`;
}

/**
 * Whether the reader sees the absences of everyone of the company (AbsenceRequest view to_all over
 * every employee they see, and they see every employee): absencePeopleWhere would then be no
 * condition at all, so a report may leave the join with the people out.
 */
export function seesEveryAbsence(access: Pick<Access, 'user' | 'permissions' | 'teamIds'>): boolean {
  if (levelFor(access, 'AbsenceRequest', 'view') !== 'to_all') return false;
  return employeeVisibleWhere(readerOf(access)) === undefined;
}
