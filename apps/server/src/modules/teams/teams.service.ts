import type { Level, VisibilityAction } from '@kadry/shared/permissions/vocabulary';
import {
  TEAM_PEOPLE_LIMIT,
  type Team,
  type TeamMembersBody,
  type TeamPerson,
  type TeamSummary,
} from '@kadry/shared/schemas/admin';
import type {
  TeamMoveBody,
  TeamTreePerson,
  TeamTreeResponse,
  VisibleTeam,
  VisibleTeamBranch,
} from '@kadry/shared/schemas/teams';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import {
  type Access,
  hasNamedAction,
  levelFor,
  requireAction,
  requireLevel,
} from '../../plugins/access/access';
import { contactReach } from '../employees/employees.service';
import {
  countChildTeams,
  createTeam,
  deleteTeam,
  findManagedTeamIds,
  findMemberTeamIds,
  findTeam,
  findTeamListExtras,
  findTeamMembers,
  isTeamInFilter,
  listDictionaryTeams,
  listTeamPeople,
  listTeams,
  listTeamTree,
  listTreeMembers,
  moveTeam,
  type OnMembersChanged,
  replaceTeamMembers,
  type TeamFilter,
  type TeamMemberRow,
  type TeamRow,
  toTeam,
  updateTeam,
} from './teams.queries';

/** What the team rules need to act for a signed-in user. */
export type TeamsContext = {
  db: Db;
  access: Access;
  /** Where changes of people's teams are announced (`teams.members_changed`); none: not announced. */
  events?: EventBus | undefined;
};

/** Announces, in the change's transaction, whose teams changed (absences recount their days). */
function announceMembers(ctx: TeamsContext): OnMembersChanged | undefined {
  const { events } = ctx;
  if (!events) return undefined;
  return (tx, companyId, employeeIds) =>
    events.publish(tx, companyId, 'teams.members_changed', { employeeIds });
}

type TeamBodyParsed = {
  name: string;
  parent_id?: number | null | undefined;
  is_hidden?: boolean | undefined;
};
type TeamUpdateBodyParsed = { name?: string | undefined; is_hidden?: boolean | undefined };
type TeamTreeQueryParsed = { filter: 'all' | 'managed'; include?: 'members' | undefined };

/**
 * Whether someone may put anyone of the company in a team, or only people already within their reach
 * (docs/decisions/009-team-membership.md): membership decides what "my team" means, so adding a
 * stranger to one's own team would widen every only_my_and_my_team permission of the one adding.
 */
function mayAddAnyone(access: Access): boolean {
  return levelFor(access, 'Teams', 'update') === 'to_all' || levelFor(access, 'Teams', 'create') === 'to_all';
}

/** The employees someone may add to a team without widening their own reach: themselves and teammates. */
function reachablePeople(access: Access): ReadonlySet<number> {
  return new Set([access.user.employeeId, ...access.teammateEmployeeIds]);
}

/**
 * Which teams the user sees (docs/decisions/015-teams-tree.md, following decision 013): always those
 * "my team" reaches (belongs to, or manages above); open teams with Teams view at to_all, or with the
 * Employee view at to_all and `view_in_open_teams`; hidden teams with `see_hr_teams`, or with the
 * Employee view at to_all and `view_in_hidden_teams`. `onlyIds` narrows further (view level, filter).
 */
function seenTeams(access: Access, onlyIds?: readonly number[]): TeamFilter {
  const employeesToAll = levelFor(access, 'Employee', 'view') === 'to_all';
  return {
    onlyIds,
    reachIds: access.teamIds,
    open:
      levelFor(access, 'Teams', 'view') === 'to_all' ||
      (employeesToAll && hasNamedAction(access, 'Employee', 'view_in_open_teams')),
    hidden:
      hasNamedAction(access, 'Teams', 'see_hr_teams') ||
      (employeesToAll && hasNamedAction(access, 'Employee', 'view_in_hidden_teams')),
  };
}

/**
 * The teams a Teams level reaches: to_all every team (undefined: no limit); only_my_and_my_team the
 * teams "my team" reaches (the user's teams and every team below one it manages); only_my the teams
 * the user manages and those below them; not_visible none.
 */
async function teamsAtLevel(ctx: TeamsContext, level: Level): Promise<readonly number[] | undefined> {
  const { db, access } = ctx;
  if (level === 'to_all') return undefined;
  if (level === 'only_my_and_my_team') return access.teamIds;
  if (level === 'only_my') return findManagedTeamIds(db, access.user.companyId, access.user.employeeId);
  return [];
}

/** Whether a Teams action's level reaches a team. */
async function reachesTeam(ctx: TeamsContext, action: VisibilityAction, teamId: number): Promise<boolean> {
  const ids = await teamsAtLevel(ctx, levelFor(ctx.access, 'Teams', action));
  return ids === undefined || ids.includes(teamId);
}

/**
 * The team when the user sees it (view level and decision 013's hidden rule; 404 otherwise) and
 * `action`'s level reaches it too (403 otherwise).
 */
async function findReachableTeam(
  ctx: TeamsContext,
  teamId: number,
  action: VisibilityAction,
): Promise<TeamRow> {
  const { db, access } = ctx;
  const team = await findTeam(db, access.user.companyId, teamId);
  if (!team) throw new AppError('not_found');
  const viewIds = await teamsAtLevel(ctx, levelFor(access, 'Teams', 'view'));
  if (!isTeamInFilter(seenTeams(access, viewIds), team)) throw new AppError('not_found');
  if (action !== 'view' && !(await reachesTeam(ctx, action, team.id))) throw new AppError('forbidden');
  return team;
}

/**
 * A parent team named in a body: one the user sees (422 under `parent_id` otherwise, as for a missing
 * one) and `action`'s level reaches (403 otherwise), so nobody hangs teams under a team not theirs.
 */
async function findParentFor(ctx: TeamsContext, parentId: number, action: VisibilityAction): Promise<void> {
  try {
    await findReachableTeam(ctx, parentId, action);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      throw new AppError('validation', {
        key: 'teams.parent_not_found',
        issues: { parent_id: [{ key: 'teams.parent_not_found' }] },
      });
    }
    throw error;
  }
}

async function present(ctx: TeamsContext, team: TeamRow, members?: TeamMemberRow[]): Promise<{ data: Team }> {
  const companyId = team.companyId;
  const [loaded, childrenCount] = await Promise.all([
    members ?? findTeamMembers(ctx.db, companyId, team.id),
    countChildTeams(ctx.db, companyId, team.id),
  ]);
  // Members' emails only for a reader who sees emails on everyone they may find (field_email).
  const shown = contactReach(ctx.access).emails
    ? loaded
    : loaded.map((member) => ({ ...member, email: null }));
  return { data: toTeam(team, shown, childrenCount) };
}

/** Teams the user may see, by name, with member counts, managers and whether the user is in each. */
export async function listVisibleTeams(
  ctx: TeamsContext,
  query: { search?: string | undefined },
): Promise<{ data: TeamSummary[] }> {
  const { db, access } = ctx;
  const level = requireLevel(access, 'Teams', 'view');
  const companyId = access.user.companyId;
  const rows = await listTeams(db, companyId, {
    scope: seenTeams(access, await teamsAtLevel(ctx, level)),
    search: query.search || undefined,
  });
  const [{ counts, managers }, mine] = await Promise.all([
    findTeamListExtras(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
    findMemberTeamIds(db, companyId, access.user.employeeId),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      members_count: counts.get(row.id) ?? 0,
      managers: managers.get(row.id) ?? [],
      is_member: mine.has(row.id),
    })),
  };
}

/**
 * The teams tree the user sees, flat, in three statements whatever its size: teams with member
 * counts, their people (managers, or everyone for the org chart), the user's memberships.
 * `filter=managed` is what the `see_managed_teams` action opens: the "teams I manage" view (the
 * teams the user manages and those below them, within what they see); 403 without the action.
 */
export async function getTeamTree(ctx: TeamsContext, query: TeamTreeQueryParsed): Promise<TeamTreeResponse> {
  const { db, access } = ctx;
  const level = requireLevel(access, 'Teams', 'view');
  const companyId = access.user.companyId;
  let onlyIds = await teamsAtLevel(ctx, level);
  if (query.filter === 'managed') {
    requireAction(access, 'Teams', 'see_managed_teams');
    const managed = await findManagedTeamIds(db, companyId, access.user.employeeId);
    onlyIds = onlyIds === undefined ? managed : managed.filter((id) => onlyIds?.includes(id));
  }
  const scope = seenTeams(access, onlyIds);
  const withMembers = query.include === 'members';
  const [rows, people, mine] = await Promise.all([
    listTeamTree(db, companyId, scope),
    listTreeMembers(db, companyId, scope, withMembers),
    findMemberTeamIds(db, companyId, access.user.employeeId),
  ]);
  const seen = new Set(rows.map((row) => row.id));
  const childrenCount = new Map<number, number>();
  for (const row of rows) {
    if (row.parentId !== null && seen.has(row.parentId)) {
      childrenCount.set(row.parentId, (childrenCount.get(row.parentId) ?? 0) + 1);
    }
  }
  const managers = new Map<number, TeamTreePerson[]>();
  const members = new Map<number, TeamTreePerson[]>();
  for (const person of people) {
    const target = person.isManager ? managers : members;
    const list = target.get(person.teamId) ?? [];
    list.push({ id: person.id, name: person.name });
    target.set(person.teamId, list);
  }
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      parent_id: row.parentId,
      position: row.position,
      is_hidden: row.isHidden,
      children_count: childrenCount.get(row.id) ?? 0,
      members_count: row.membersCount,
      managers: managers.get(row.id) ?? [],
      is_member: mine.has(row.id),
      ...(withMembers ? { members: members.get(row.id) ?? [] } : {}),
    })),
  };
}

/**
 * `dictionaries/visible-teams` (spec §7.2): the teams whose people the user sees by decision 013 —
 * for every signed-in staff user, whatever their Teams level. List mode sorted by name; tree mode
 * nested, siblings by position.
 */
export async function getVisibleTeams(
  ctx: TeamsContext,
  query: { mode: 'list' | 'tree' },
): Promise<{ teams: VisibleTeam[] | VisibleTeamBranch[] }> {
  const { db, access } = ctx;
  const rows = await listDictionaryTeams(db, access.user.companyId, seenTeams(access));
  const teams = rows.map((row) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    is_hidden: row.isHidden,
  }));
  if (query.mode === 'list') return { teams };
  const branches = new Map<number, VisibleTeamBranch>(
    teams.map((team) => [team.id, { ...team, children: [] }]),
  );
  const positionOf = new Map(rows.map((row) => [row.id, row.position]));
  const roots: VisibleTeamBranch[] = [];
  // Rows come by name; a stable sort by position keeps names in order between equal positions.
  const byPosition = [...branches.values()].sort(
    (a, b) => (positionOf.get(a.id) ?? 0) - (positionOf.get(b.id) ?? 0),
  );
  for (const branch of byPosition) {
    const parent = branch.parent_id === null ? undefined : branches.get(branch.parent_id);
    (parent ? parent.children : roots).push(branch);
  }
  return { teams: roots };
}

/**
 * Adds a team, optionally under a parent the user's create level reaches, optionally hidden (create
 * at to_all only: hiding takes people out of others' sight). Someone whose create level is narrower
 * than to_all becomes its manager, so the team they add stays within their reach.
 */
export async function addTeam(ctx: TeamsContext, body: TeamBodyParsed): Promise<{ data: Team }> {
  const { db, access } = ctx;
  const level = requireLevel(access, 'Teams', 'create');
  if (body.is_hidden && level !== 'to_all') throw new AppError('forbidden');
  const parentId = body.parent_id ?? null;
  if (parentId !== null) await findParentFor(ctx, parentId, 'create');
  const team = await createTeam(
    db,
    access.user.companyId,
    {
      name: body.name,
      parentId,
      isHidden: body.is_hidden ?? false,
      managerId: level === 'to_all' ? undefined : access.user.employeeId,
    },
    announceMembers(ctx),
  );
  ctx.events?.dispatchSoon();
  return present(ctx, team);
}

/**
 * Who the user may put in a team: for whoever may add teams or change them at to_all, enabled
 * accounts of the company; below to_all, only themselves and their teammates (decision 009).
 */
export async function listTeamCandidates(
  ctx: TeamsContext,
  query: { search?: string | undefined },
): Promise<{ data: TeamPerson[] }> {
  const { db, access } = ctx;
  const levels = (['create', 'update'] as const).map((action) => levelFor(access, 'Teams', action));
  if (levels.every((level) => level === 'not_visible')) throw new AppError('forbidden');
  const reach = contactReach(access);
  const people = await listTeamPeople(db, access.user.companyId, {
    search: query.search || undefined,
    reach,
    limit: TEAM_PEOPLE_LIMIT,
    onlyEmployeeIds: mayAddAnyone(access) ? undefined : [...reachablePeople(access)],
  });
  return { data: reach.emails ? people : people.map((person) => ({ ...person, email: null })) };
}

/** One team with its members. */
export async function getTeam(ctx: TeamsContext, teamId: number): Promise<{ data: Team }> {
  return present(ctx, await findReachableTeam(ctx, teamId, 'view'));
}

/** Renames a team and/or hides or shows it (hiding: Teams update at to_all, 403 otherwise). */
export async function updateTeamFor(
  ctx: TeamsContext,
  teamId: number,
  body: TeamUpdateBodyParsed,
): Promise<{ data: Team }> {
  const team = await findReachableTeam(ctx, teamId, 'update');
  if (
    body.is_hidden !== undefined &&
    body.is_hidden !== team.isHidden &&
    levelFor(ctx.access, 'Teams', 'update') !== 'to_all'
  ) {
    throw new AppError('forbidden');
  }
  return present(ctx, await updateTeam(ctx.db, team, { name: body.name, isHidden: body.is_hidden }));
}

/**
 * Moves a team (Teams update on it, and on the new parent; the top level needs update at to_all).
 * Choosing its place among siblings is the `change_order` action (403 without); without a place it
 * goes last under a new parent. Cycles → 422 under `parent_id`.
 */
export async function moveTeamFor(
  ctx: TeamsContext,
  teamId: number,
  body: TeamMoveBody,
): Promise<{ data: Team }> {
  const { access } = ctx;
  const team = await findReachableTeam(ctx, teamId, 'update');
  if (body.position !== undefined) requireAction(access, 'Teams', 'change_order');
  const parentId = body.parent_id;
  if (parentId === null) {
    if (team.parentId !== null && levelFor(access, 'Teams', 'update') !== 'to_all') {
      throw new AppError('forbidden');
    }
  } else if (parentId !== team.parentId) {
    await findParentFor(ctx, parentId, 'update');
  }
  const moved = await moveTeam(
    ctx.db,
    team.id,
    team.companyId,
    { parentId, position: body.position ?? null },
    announceMembers(ctx),
  );
  ctx.events?.dispatchSoon();
  return present(ctx, moved);
}

/** Deletes a team without child teams (409 otherwise); its vacancies stay, without a team. */
export async function removeTeam(ctx: TeamsContext, teamId: number): Promise<void> {
  const team = await findReachableTeam(ctx, teamId, 'delete');
  await deleteTeam(ctx.db, team, announceMembers(ctx));
  ctx.events?.dispatchSoon();
}

/**
 * Replaces a team's members. Below to_all, the newcomers must already be within the user's reach
 * (themselves or teammates); anyone may be removed or keep their place (decision 009). A refusal
 * names the field `members` (422) and changes nothing.
 */
export async function replaceTeamMembersFor(
  ctx: TeamsContext,
  teamId: number,
  body: TeamMembersBody,
): Promise<{ data: Team }> {
  const { db, access } = ctx;
  const team = await findReachableTeam(ctx, teamId, 'update');
  const members = await findTeamMembers(db, team.companyId, team.id);
  if (!mayAddAnyone(access)) {
    const current = new Set(members.map((member) => member.employeeId));
    const reachable = reachablePeople(access);
    const strangers = body.members.filter(
      (member) => !current.has(member.employee_id) && !reachable.has(member.employee_id),
    );
    if (strangers.length > 0) {
      throw new AppError('validation', {
        key: 'teams.members_out_of_reach',
        issues: { members: [{ key: 'teams.members_out_of_reach' }] },
      });
    }
  }
  await replaceTeamMembers(
    db,
    team,
    body.members.map((member) => ({
      employee_id: member.employee_id,
      is_manager: member.is_manager ?? false,
    })),
    announceMembers(ctx),
  );
  ctx.events?.dispatchSoon();
  return present(ctx, team);
}
