import { sql } from 'drizzle-orm';
import type { Db } from '../../db/tables';

/** What "my team" reaches for one employee (docs/decisions/012-people-model.md). */
export type TeamReach = {
  /** The employee's teams, and every team below one it manages. */
  teamIds: number[];
  /** Accounts of the employees of those teams. */
  teammateIds: number[];
  /** Employees of those teams. */
  teammateEmployeeIds: number[];
};

/**
 * The team reach of an account's employee, in one statement: the teams it belongs to, the teams
 * below those it manages (walked down the tree), and who is in them.
 */
export async function findTeamReach(
  db: Db,
  user: { companyId: number; employeeId: number },
): Promise<TeamReach> {
  const { companyId, employeeId } = user;
  const result = await db.execute<{
    team_id: number;
    employee_id: number | null;
    user_id: number | null;
  }>(sql`
    with recursive managed(id) as (
      select tm.team_id from team_members tm
      where tm.company_id = ${companyId} and tm.employee_id = ${employeeId} and tm.is_manager
      union
      select t.id from teams t join managed m on t.parent_id = m.id where t.company_id = ${companyId}
    ), reach(id) as (
      select tm.team_id from team_members tm where tm.company_id = ${companyId} and tm.employee_id = ${employeeId}
      union
      select id from managed
    )
    select r.id as team_id, tm.employee_id, u.id as user_id
    from reach r
    left join team_members tm on tm.company_id = ${companyId} and tm.team_id = r.id
    left join users u on u.company_id = ${companyId} and u.employee_id = tm.employee_id
  `);
  const teamIds = new Set<number>();
  const employeeIds = new Set<number>();
  const userIds = new Set<number>();
  for (const row of result.rows) {
    teamIds.add(Number(row.team_id));
    if (row.employee_id !== null) employeeIds.add(Number(row.employee_id));
    if (row.user_id !== null) userIds.add(Number(row.user_id));
  }
  return { teamIds: [...teamIds], teammateIds: [...userIds], teammateEmployeeIds: [...employeeIds] };
}

/**
 * The same reach for every account of a company at once, from its memberships and tree, for work done
 * on behalf of many accounts (who to notify about a new application).
 */
export function computeTeamReach(
  employeeId: number,
  company: {
    memberships: readonly { teamId: number; employeeId: number; isManager: boolean }[];
    parentOf: ReadonlyMap<number, number | null>;
    userOfEmployee: ReadonlyMap<number, number>;
  },
): TeamReach {
  const children = new Map<number, number[]>();
  for (const [teamId, parentId] of company.parentOf) {
    if (parentId === null) continue;
    const list = children.get(parentId) ?? [];
    list.push(teamId);
    children.set(parentId, list);
  }
  const reach = new Set<number>();
  const managed: number[] = [];
  for (const membership of company.memberships) {
    if (membership.employeeId !== employeeId) continue;
    reach.add(membership.teamId);
    if (membership.isManager) managed.push(membership.teamId);
  }
  while (managed.length > 0) {
    const teamId = managed.pop() as number;
    for (const child of children.get(teamId) ?? []) {
      if (!reach.has(child)) {
        reach.add(child);
        managed.push(child);
      }
    }
  }
  const teammateEmployeeIds = new Set<number>();
  for (const membership of company.memberships) {
    if (reach.has(membership.teamId)) teammateEmployeeIds.add(membership.employeeId);
  }
  const teammateIds = [...teammateEmployeeIds].flatMap((id) => {
    const userId = company.userOfEmployee.get(id);
    return userId === undefined ? [] : [userId];
  });
  return { teamIds: [...reach], teammateIds, teammateEmployeeIds: [...teammateEmployeeIds] };
}
