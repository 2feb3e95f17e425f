import type { Team, TeamSummary } from '@kadry/shared/schemas/admin';
import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNull,
  like,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { employeeFullName, employees } from '../../db/schema/employees';
import { teamMembers, teams } from '../../db/schema/teams';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { buildContainsPattern } from '../../lib/contains-pattern';
import { bumpCompanyRolesUpdatedAt } from '../../plugins/access/roles';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type TeamRow = {
  id: number;
  companyId: number;
  name: string;
  parentId: number | null;
  position: number;
  isHidden: boolean;
};

const TEAM_COLUMNS = {
  id: teams.id,
  companyId: teams.companyId,
  name: teams.name,
  parentId: teams.parentId,
  position: teams.position,
  isHidden: teams.isHidden,
};
export type TeamMemberRow = { employeeId: number; name: string; email: string | null; isManager: boolean };

/** Advisory lock namespace of team names (the second key is the company). */
const TEAM_NAMES_LOCK = 7_302;
/**
 * Advisory lock namespace of a company's teams tree (decision 012): parents and sibling positions
 * change under it, so two moves cannot make a cycle together or give two siblings one position.
 */
const TEAM_TREE_LOCK = 7_303;

/** Serialises changes to a company's teams tree (parents and positions). */
async function lockTeamTree(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_TREE_LOCK}::integer, ${companyId}::integer)`);
}

/** Serialises changes to a company's team names, so two requests cannot both take a free name. */
async function lockTeamNames(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_NAMES_LOCK}::integer, ${companyId}::integer)`);
}

function nameTakenError(): AppError {
  return new AppError('validation', {
    key: 'teams.name_taken',
    issues: { name: [{ key: 'teams.name_taken' }] },
  });
}

async function isTeamNameTaken(
  db: Pick<Db, 'select'>,
  companyId: number,
  name: string,
  exceptTeamId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.companyId, companyId),
        sql`lower(${teams.name}) = lower(${name})`,
        exceptTeamId === undefined ? undefined : ne(teams.id, exceptTeamId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Which teams a user sees (docs/decisions/015-teams-tree.md), computed by the service from the
 * Access: `onlyIds` limits to those teams (the Teams view level below to_all, or the "teams I manage"
 * filter); `reachIds` are the teams "my team" reaches (belongs to, or manages above), always seen;
 * beyond those, open teams when `open`, hidden ones when `hidden`.
 */
export type TeamFilter = {
  onlyIds?: readonly number[] | undefined;
  reachIds: readonly number[];
  open: boolean;
  hidden: boolean;
};

/** A list of ids as one SQL value usable inside `in (…)`: an int[] parameter, unnested. */
function idList(ids: readonly number[]): SQL {
  return sql`select unnest(${`{${ids.join(',')}}`}::int[])`;
}

/** The WHERE condition of TeamFilter over `teams`. */
export function teamFilterWhere(filter: TeamFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.reachIds.length > 0) conditions.push(sql`${teams.id} in (${idList(filter.reachIds)})`);
  if (filter.open && filter.hidden) conditions.push(sql`true`);
  else if (filter.open) conditions.push(sql`not ${teams.isHidden}`);
  else if (filter.hidden) conditions.push(sql`${teams.isHidden}`);
  const seen = conditions.length > 0 ? (or(...conditions) as SQL) : sql`false`;
  if (filter.onlyIds === undefined) return seen;
  if (filter.onlyIds.length === 0) return sql`false`;
  return and(sql`${teams.id} in (${idList(filter.onlyIds)})`, seen) as SQL;
}

/** The in-memory twin of teamFilterWhere, for one loaded team. */
export function isTeamInFilter(filter: TeamFilter, team: { id: number; isHidden: boolean }): boolean {
  if (filter.onlyIds !== undefined && !filter.onlyIds.includes(team.id)) return false;
  if (filter.reachIds.includes(team.id)) return true;
  return team.isHidden ? filter.hidden : filter.open;
}

/**
 * The teams an employee manages and every team below them, walked down the tree in one statement:
 * what the Teams level only_my reaches and the "teams I manage" filter shows.
 */
export async function findManagedTeamIds(db: Db, companyId: number, employeeId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    with recursive managed(id) as (
      select tm.team_id from team_members tm
      where tm.company_id = ${companyId} and tm.employee_id = ${employeeId} and tm.is_manager
      union
      select t.id from teams t join managed m on t.parent_id = m.id where t.company_id = ${companyId}
    )
    select id from managed
  `);
  return result.rows.map((row) => Number(row.id));
}

/** Lists sort by name (spec §3.2), case-insensitively, then by id. */
const TEAM_ORDER = [asc(sql`lower(${teams.name})`), asc(teams.name), asc(teams.id)];
const MEMBER_ORDER = [
  asc(sql`lower(${employees.lastName})`),
  asc(sql`lower(${employees.firstName})`),
  asc(employees.id),
];

/** The company's teams the filter lets through, optionally those whose name contains `search`; by name. */
export async function listTeams(
  db: Db,
  companyId: number,
  filter: { scope: TeamFilter; search?: string | undefined },
): Promise<TeamRow[]> {
  const conditions: (SQL | undefined)[] = [eq(teams.companyId, companyId), teamFilterWhere(filter.scope)];
  if (filter.search) {
    conditions.push(ilike(teams.name, buildContainsPattern(filter.search)));
  }
  return db
    .select(TEAM_COLUMNS)
    .from(teams)
    .where(and(...conditions))
    .orderBy(...TEAM_ORDER);
}

/** A team as the visible-teams dictionary answers it. */
export type DictionaryTeamRow = {
  id: number;
  name: string;
  parentId: number | null;
  position: number;
  isHidden: boolean;
};

/**
 * The company's teams the filter lets through, by name, as one JSON array built in the statement:
 * a company's every team is a few hundred rows, and one aggregated row costs a third of what
 * hundreds of result rows cost to hand over (the visible-teams dictionary, docs/performance.md).
 */
export async function listDictionaryTeams(
  db: Db,
  companyId: number,
  scope: TeamFilter,
): Promise<DictionaryTeamRow[]> {
  const result = await db.execute<{ teams: string }>(sql`
    select coalesce(json_agg(json_build_object(
      'id', ${teams.id}, 'name', ${teams.name}, 'parentId', ${teams.parentId},
      'position', ${teams.position}, 'isHidden', ${teams.isHidden}
    ) order by lower(${teams.name}), ${teams.name}, ${teams.id}), '[]')::text as teams
    from ${teams}
    where ${and(eq(teams.companyId, companyId), teamFilterWhere(scope))}
  `);
  return JSON.parse(result.rows[0]?.teams ?? '[]') as DictionaryTeamRow[];
}

export type TeamTreeRow = TeamRow & { membersCount: number };

/**
 * The whole visible tree with member counts in one statement (counts by one aggregate over
 * team_members, not a query per team), ordered by parent, position among siblings, then name.
 */
export async function listTeamTree(db: Db, companyId: number, scope: TeamFilter): Promise<TeamTreeRow[]> {
  const counts = db
    .select({ teamId: teamMembers.teamId, membersCount: count().as('members_count') })
    .from(teamMembers)
    .where(eq(teamMembers.companyId, companyId))
    .groupBy(teamMembers.teamId)
    .as('counts');
  return db
    .select({ ...TEAM_COLUMNS, membersCount: sql<number>`coalesce(${counts.membersCount}, 0)::int` })
    .from(teams)
    .leftJoin(counts, eq(counts.teamId, teams.id))
    .where(and(eq(teams.companyId, companyId), teamFilterWhere(scope)))
    .orderBy(sql`${teams.parentId} nulls first`, asc(teams.position), ...TEAM_ORDER);
}

/**
 * People of the teams the filter lets through, by name, in one statement: managers only, or (with
 * `everyone`) every member, each row saying which.
 */
export async function listTreeMembers(
  db: Db,
  companyId: number,
  scope: TeamFilter,
  everyone: boolean,
): Promise<{ teamId: number; id: number; name: string; isManager: boolean }[]> {
  return db
    .select({
      teamId: teamMembers.teamId,
      id: employees.id,
      name: employeeFullName,
      isManager: teamMembers.isManager,
    })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.companyId, teamMembers.companyId), eq(teams.id, teamMembers.teamId)))
    .innerJoin(
      employees,
      and(eq(employees.companyId, teamMembers.companyId), eq(employees.id, teamMembers.employeeId)),
    )
    .where(
      and(
        eq(teamMembers.companyId, companyId),
        eq(teams.companyId, companyId),
        teamFilterWhere(scope),
        everyone ? undefined : eq(teamMembers.isManager, true),
      ),
    )
    .orderBy(...MEMBER_ORDER);
}

/** How many child teams a team has (all of them, seen or not). */
export async function countChildTeams(
  db: Pick<Db, 'select'>,
  companyId: number,
  teamId: number,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.parentId, teamId)));
  return row?.count ?? 0;
}

/** Member counts and managers of teams, for the list. */
export async function findTeamListExtras(
  db: Db,
  companyId: number,
  teamIds: readonly number[],
): Promise<{ counts: Map<number, number>; managers: Map<number, TeamSummary['managers']> }> {
  const counts = new Map<number, number>();
  const managers = new Map<number, TeamSummary['managers']>();
  if (teamIds.length === 0) return { counts, managers };
  const [countRows, managerRows] = await Promise.all([
    db
      .select({ teamId: teamMembers.teamId, count: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.companyId, companyId), inArray(teamMembers.teamId, [...teamIds])))
      .groupBy(teamMembers.teamId),
    db
      .select({ teamId: teamMembers.teamId, id: employees.id, name: employeeFullName })
      .from(teamMembers)
      .innerJoin(
        employees,
        and(eq(employees.companyId, teamMembers.companyId), eq(employees.id, teamMembers.employeeId)),
      )
      .where(
        and(
          eq(teamMembers.companyId, companyId),
          inArray(teamMembers.teamId, [...teamIds]),
          eq(teamMembers.isManager, true),
        ),
      )
      .orderBy(...MEMBER_ORDER),
  ]);
  for (const row of countRows) counts.set(row.teamId, row.count);
  for (const row of managerRows) {
    const list = managers.get(row.teamId) ?? [];
    list.push({ id: row.id, name: row.name });
    managers.set(row.teamId, list);
  }
  return { counts, managers };
}

/** A team of the company, or null (another company's is not found either). */
export async function findTeam(
  db: Pick<Db, 'select'>,
  companyId: number,
  teamId: number,
): Promise<TeamRow | null> {
  const [row] = await db
    .select(TEAM_COLUMNS)
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
}

/** The teams an employee belongs to itself (not those below a team it manages). */
export async function findMemberTeamIds(
  db: Pick<Db, 'select'>,
  companyId: number,
  employeeId: number,
): Promise<Set<number>> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.employeeId, employeeId)));
  return new Set(rows.map((row) => row.teamId));
}

/** A team's members, by name. */
export async function findTeamMembers(
  db: Pick<Db, 'select'>,
  companyId: number,
  teamId: number,
): Promise<TeamMemberRow[]> {
  return db
    .select({
      employeeId: teamMembers.employeeId,
      name: employeeFullName,
      email: employees.workEmail,
      isManager: teamMembers.isManager,
    })
    .from(teamMembers)
    .innerJoin(
      employees,
      and(eq(employees.companyId, teamMembers.companyId), eq(employees.id, teamMembers.employeeId)),
    )
    .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.teamId, teamId)))
    .orderBy(...MEMBER_ORDER);
}

export function toTeam(team: TeamRow, members: readonly TeamMemberRow[], childrenCount: number): Team {
  return {
    id: team.id,
    name: team.name,
    parent_id: team.parentId,
    position: team.position,
    is_hidden: team.isHidden,
    children_count: childrenCount,
    members: members.map((member) => ({
      employee_id: member.employeeId,
      name: member.name,
      email: member.email,
      is_manager: member.isManager,
    })),
  };
}

/**
 * Adds a team, its name unique in the company whatever its case (422 under `name`), last among the
 * children of `parentId` (null: the top level). With `managerId` that employee manages it from the
 * start, which changes what "my team" reaches: rolesUpdatedAt moves (so it does for a child team,
 * which the parent's managers now reach).
 */
export async function createTeam(
  db: Db,
  companyId: number,
  input: { name: string; parentId: number | null; isHidden: boolean; managerId?: number | undefined },
  onMembersChanged?: OnMembersChanged,
): Promise<TeamRow> {
  return db.transaction(async (tx) => {
    await lockTeamNames(tx, companyId);
    if (await isTeamNameTaken(tx, companyId, input.name)) throw nameTakenError();
    await lockTeamTree(tx, companyId);
    if (input.parentId !== null && !(await findTeam(tx, companyId, input.parentId))) {
      throw parentNotFoundError();
    }
    const [last] = await tx
      .select({ position: sql<number | null>`max(${teams.position})` })
      .from(teams)
      .where(and(eq(teams.companyId, companyId), parentIs(input.parentId)));
    const [team] = await tx
      .insert(teams)
      .values({
        companyId,
        name: input.name,
        parentId: input.parentId,
        position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
        isHidden: input.isHidden,
      })
      .returning(TEAM_COLUMNS);
    if (!team) throw new Error('createTeam: insert returned no row');
    if (input.managerId !== undefined) {
      await tx
        .insert(teamMembers)
        .values({ companyId, teamId: team.id, employeeId: input.managerId, isManager: true });
      await onMembersChanged?.(tx, companyId, [input.managerId]);
    }
    if (input.managerId !== undefined || input.parentId !== null)
      await bumpCompanyRolesUpdatedAt(tx, companyId);
    return team;
  });
}

/**
 * Told, inside the transaction, which people's teams changed (joined, left, or a team of theirs moved
 * or went): the service announces it on the event bus (`teams.members_changed`).
 */
export type OnMembersChanged = (
  tx: Pick<Db, 'insert'>,
  companyId: number,
  employeeIds: number[],
) => Promise<void>;

/** The direct members of a team. */
async function findMemberIds(tx: Tx, companyId: number, teamId: number): Promise<number[]> {
  const rows = await tx
    .select({ employeeId: teamMembers.employeeId })
    .from(teamMembers)
    .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.teamId, teamId)));
  return rows.map((row) => row.employeeId);
}

/** The members of a team and of every team below it. */
async function findSubtreeMemberIds(tx: Tx, companyId: number, teamId: number): Promise<number[]> {
  const result = await tx.execute<{ employee_id: number }>(sql`
    with recursive sub(id) as (
      select id from teams where company_id = ${companyId} and id = ${teamId}
      union
      select t.id from teams t join sub on t.parent_id = sub.id where t.company_id = ${companyId}
    )
    select distinct m.employee_id from team_members m
    where m.company_id = ${companyId} and m.team_id in (select id from sub)
  `);
  return result.rows.map((row) => Number(row.employee_id));
}

function parentIs(parentId: number | null): SQL {
  return parentId === null ? isNull(teams.parentId) : eq(teams.parentId, parentId);
}

function parentNotFoundError(): AppError {
  return new AppError('validation', {
    key: 'teams.parent_not_found',
    issues: { parent_id: [{ key: 'teams.parent_not_found' }] },
  });
}

/**
 * Renames a team and/or sets its hidden flag; a name another team of the company has → 422 under
 * `name`. Hiding changes who sees its members (decision 013): rolesUpdatedAt moves.
 */
export async function updateTeam(
  db: Db,
  team: TeamRow,
  input: { name?: string | undefined; isHidden?: boolean | undefined },
): Promise<TeamRow> {
  return db.transaction(async (tx) => {
    if (input.name !== undefined) {
      await lockTeamNames(tx, team.companyId);
      if (await isTeamNameTaken(tx, team.companyId, input.name, team.id)) throw nameTakenError();
    }
    const [updated] = await tx
      .update(teams)
      .set({ name: input.name ?? team.name, isHidden: input.isHidden ?? team.isHidden })
      .where(and(eq(teams.companyId, team.companyId), eq(teams.id, team.id)))
      .returning(TEAM_COLUMNS);
    if (!updated) throw new AppError('not_found');
    if (input.isHidden !== undefined && input.isHidden !== team.isHidden) {
      await bumpCompanyRolesUpdatedAt(tx, team.companyId);
    }
    return updated;
  });
}

/**
 * Moves a team under `parentId` (null: the top level) at `position` among its new siblings (null:
 * last under a new parent, or where it is under the same one), renumbering the siblings 0, 1, 2 …
 * in one transaction under the company's tree lock. A parent that is the team or lies below it →
 * 422 under `parent_id` (`teams.move_cycle`): a team cannot be its own ancestor (decision 012).
 * A new parent changes what managers above reach: rolesUpdatedAt moves.
 */
export async function moveTeam(
  db: Db,
  teamId: number,
  companyId: number,
  input: { parentId: number | null; position: number | null },
  onMembersChanged?: OnMembersChanged,
): Promise<TeamRow> {
  return db.transaction(async (tx) => {
    await lockTeamTree(tx, companyId);
    // Read again under the lock: another move may have finished while this one waited.
    const team = await findTeam(tx, companyId, teamId);
    if (!team) throw new AppError('not_found');
    if (input.parentId !== null) {
      if (!(await findTeam(tx, companyId, input.parentId))) throw parentNotFoundError();
      const ancestors = await tx.execute<{ id: number }>(sql`
        with recursive up(id, parent_id) as (
          select id, parent_id from teams where company_id = ${companyId} and id = ${input.parentId}
          union
          select t.id, t.parent_id from teams t join up on t.id = up.parent_id where t.company_id = ${companyId}
        )
        select id from up
      `);
      if (ancestors.rows.some((row) => Number(row.id) === team.id)) {
        throw new AppError('validation', {
          key: 'teams.move_cycle',
          issues: { parent_id: [{ key: 'teams.move_cycle' }] },
        });
      }
    }
    const sameParent = team.parentId === input.parentId;
    const siblings = (
      await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.companyId, companyId), parentIs(input.parentId), ne(teams.id, team.id)))
        .orderBy(asc(teams.position), ...TEAM_ORDER)
    ).map((row) => row.id);
    const wanted =
      input.position ??
      (sameParent ? Math.max(0, Math.min(team.position, siblings.length)) : siblings.length);
    const order = [...siblings];
    order.splice(Math.min(wanted, siblings.length), 0, team.id);
    await renumber(tx, companyId, order);
    if (!sameParent) {
      await tx
        .update(teams)
        .set({ parentId: input.parentId })
        .where(and(eq(teams.companyId, companyId), eq(teams.id, team.id)));
      const former = (
        await tx
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.companyId, companyId), parentIs(team.parentId), ne(teams.id, team.id)))
          .orderBy(asc(teams.position), ...TEAM_ORDER)
      ).map((row) => row.id);
      await renumber(tx, companyId, former);
      await bumpCompanyRolesUpdatedAt(tx, companyId);
      if (onMembersChanged) {
        const moved = await findSubtreeMemberIds(tx, companyId, team.id);
        if (moved.length > 0) await onMembersChanged(tx, companyId, moved);
      }
    }
    const moved = await findTeam(tx, companyId, team.id);
    if (!moved) throw new AppError('not_found');
    return moved;
  });
}

/** Gives teams the positions 0, 1, 2 … in the order given, in one statement. */
async function renumber(tx: Tx, companyId: number, order: readonly number[]): Promise<void> {
  if (order.length === 0) return;
  await tx.execute(sql`
    update teams set position = o.position - 1
    from unnest(${`{${order.join(',')}}`}::int[]) with ordinality as o(id, position)
    where teams.company_id = ${companyId} and teams.id = o.id and teams.position <> o.position - 1
  `);
}

/**
 * Deletes a team without child teams (409 `teams.has_children` otherwise: move or delete them first).
 * Its memberships go with it (cascade) and its vacancies stay, without a team (vacancies.team_id is
 * `on delete set null`). Memberships ending changes what "my team" reaches.
 */
export async function deleteTeam(db: Db, team: TeamRow, onMembersChanged?: OnMembersChanged): Promise<void> {
  await db.transaction(async (tx) => {
    // Under the tree lock, so no child can be moved in between the check and the delete.
    await lockTeamTree(tx, team.companyId);
    if ((await countChildTeams(tx, team.companyId, team.id)) > 0) {
      throw new AppError('conflict', { key: 'teams.has_children' });
    }
    const former = onMembersChanged ? await findSubtreeMemberIds(tx, team.companyId, team.id) : [];
    await tx.delete(teams).where(and(eq(teams.companyId, team.companyId), eq(teams.id, team.id)));
    if (former.length > 0) await onMembersChanged?.(tx, team.companyId, former);
    await bumpCompanyRolesUpdatedAt(tx, team.companyId);
  });
}

/**
 * Replaces a team's whole member list. Every user must be an account of the company (422 under
 * `members`); a user listed twice is one member, a manager if either entry says so. Bumps
 * rolesUpdatedAt in the same transaction: who is in a team decides what "my team" reaches.
 */
export async function replaceTeamMembers(
  db: Db,
  team: TeamRow,
  members: readonly { employee_id: number; is_manager: boolean }[],
  onMembersChanged?: OnMembersChanged,
): Promise<void> {
  const merged = new Map<number, boolean>();
  for (const member of members)
    merged.set(member.employee_id, (merged.get(member.employee_id) ?? false) || member.is_manager);
  const employeeIds = [...merged.keys()];
  await db.transaction(async (tx) => {
    // Locked, so a delete of the team meanwhile waits rather than failing the inserts below.
    const [locked] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.companyId, team.companyId), eq(teams.id, team.id)))
      .for('update');
    if (!locked) throw new AppError('not_found');
    const before = onMembersChanged ? await findMemberIds(tx, team.companyId, team.id) : [];
    if (employeeIds.length > 0) {
      const known = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.companyId, team.companyId), inArray(employees.id, employeeIds)));
      if (known.length !== employeeIds.length) {
        throw new AppError('validation', {
          key: 'teams.unknown_members',
          issues: { members: [{ key: 'teams.unknown_members' }] },
        });
      }
    }
    // Members who stay keep their row (and when they joined); the others leave, newcomers join.
    await tx
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.companyId, team.companyId),
          eq(teamMembers.teamId, team.id),
          employeeIds.length > 0 ? notInArray(teamMembers.employeeId, employeeIds) : undefined,
        ),
      );
    if (employeeIds.length > 0) {
      await tx
        .insert(teamMembers)
        .values(
          employeeIds.map((employeeId) => ({
            companyId: team.companyId,
            teamId: team.id,
            employeeId,
            isManager: merged.get(employeeId) ?? false,
          })),
        )
        .onConflictDoUpdate({
          target: [teamMembers.teamId, teamMembers.employeeId],
          set: { isManager: sql`excluded.is_manager` },
        });
    }
    await bumpCompanyRolesUpdatedAt(tx, team.companyId);
    if (onMembersChanged) {
      // Who joined or left the team itself.
      const after = await findMemberIds(tx, team.companyId, team.id);
      const changed = [...before, ...after].filter((id) => before.includes(id) !== after.includes(id));
      if (changed.length > 0) await onMembersChanged(tx, team.companyId, [...new Set(changed)]);
    }
  });
}

/**
 * Employees of the company who have not left, by name, searched by any name or employee number and
 * by the emails and phones the reader may see: who can join a team; with `onlyEmployeeIds`, only those.
 */
export async function listTeamPeople(
  db: Db,
  companyId: number,
  filter: {
    search?: string | undefined;
    /** Which contact values the reader may search by (never a value hidden from them). */
    reach: { emails: boolean; phones: boolean };
    limit: number;
    onlyEmployeeIds?: readonly number[] | undefined;
  },
): Promise<{ id: number; name: string; email: string | null }[]> {
  const conditions: (SQL | undefined)[] = [
    eq(employees.companyId, companyId),
    sql`(${employees.dismissalDate} is null or ${employees.dismissalDate} > current_date)`,
  ];
  if (filter.onlyEmployeeIds) {
    if (filter.onlyEmployeeIds.length === 0) return [];
    conditions.push(inArray(employees.id, [...filter.onlyEmployeeIds]));
  }
  if (filter.search) {
    const pattern = buildContainsPattern(filter.search.toLowerCase());
    const { emails, phones } = filter.reach;
    if (emails && phones) conditions.push(like(employees.searchText, pattern));
    else if (!emails && !phones) conditions.push(like(employees.searchTextNames, pattern));
    else {
      // search_text narrows by its index; the visible columns decide.
      const visible = emails
        ? [
            sql`${employees.workEmail} like ${pattern}`,
            sql`lower(${employees.personalEmail}) like ${pattern}`,
          ]
        : [
            sql`regexp_replace(coalesce(${employees.workPhone}, '') || ' ' || coalesce(${employees.personalPhone}, ''), '[^0-9 ]', '', 'g') like ${pattern}`,
            sql`lower(coalesce(${employees.workPhone}, '') || ' ' || coalesce(${employees.personalPhone}, '')) like ${pattern}`,
          ];
      conditions.push(
        sql`(${like(employees.searchText, pattern)} and (${like(employees.searchTextNames, pattern)} or ${sql.join(visible, sql` or `)}))`,
      );
    }
  }
  return db
    .select({ id: employees.id, name: employeeFullName, email: employees.workEmail })
    .from(employees)
    .where(and(...conditions))
    .orderBy(...MEMBER_ORDER)
    .limit(filter.limit);
}
