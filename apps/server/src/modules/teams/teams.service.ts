import type { Level, VisibilityAction } from '@kadry/shared/permissions/vocabulary';
import {
  TEAM_PEOPLE_LIMIT,
  type Team,
  type TeamMembersBody,
  type TeamPerson,
  type TeamSummary,
} from '@kadry/shared/schemas/admin';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, levelFor, requireLevel } from '../../plugins/access/access';
import {
  createTeam,
  deleteTeam,
  findTeam,
  findTeamListExtras,
  findTeamMembers,
  listTeamPeople,
  listTeams,
  renameTeam,
  replaceTeamMembers,
  type TeamMemberRow,
  type TeamRow,
  teamScopeWhere,
  toTeam,
} from './teams.queries';

/** What the team rules need to act for a signed-in user. */
export type TeamsContext = { db: Db; access: Access };

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

/** The in-memory twin of teamScopeWhere (teams.queries.ts), for a team whose members are loaded. */
function canReachTeam(
  level: Level,
  employeeId: number,
  members: readonly { employeeId: number; isManager: boolean }[],
): boolean {
  if (level === 'to_all') return true;
  if (level === 'not_visible') return false;
  const mine = members.find((member) => member.employeeId === employeeId);
  if (!mine) return false;
  return level === 'only_my_and_my_team' || mine.isManager;
}

/** The team with its members when the view level reaches it and `action`'s level does too (404 / 403). */
async function findReachableTeam(
  ctx: TeamsContext,
  teamId: number,
  action: VisibilityAction,
): Promise<{ team: TeamRow; members: TeamMemberRow[] }> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const team = await findTeam(db, companyId, teamId);
  const members = team ? await findTeamMembers(db, companyId, team.id) : [];
  if (!team || !canReachTeam(levelFor(access, 'Teams', 'view'), access.user.employeeId, members)) {
    throw new AppError('not_found');
  }
  if (
    action !== 'view' &&
    !canReachTeam(levelFor(access, 'Teams', action), access.user.employeeId, members)
  ) {
    throw new AppError('forbidden');
  }
  return { team, members };
}

async function present(ctx: TeamsContext, team: TeamRow): Promise<{ data: Team }> {
  return { data: toTeam(team, await findTeamMembers(ctx.db, team.companyId, team.id)) };
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
    scope: teamScopeWhere(db, level, access.user),
    search: query.search || undefined,
  });
  const { counts, managers } = await findTeamListExtras(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      members_count: counts.get(row.id) ?? 0,
      managers: managers.get(row.id) ?? [],
      is_member: access.teamIds.includes(row.id),
    })),
  };
}

/**
 * Adds a team. Someone whose create level is narrower than to_all becomes its manager, so the team
 * they add stays within their reach.
 */
export async function addTeam(ctx: TeamsContext, body: { name: string }): Promise<{ data: Team }> {
  const { db, access } = ctx;
  const level = requireLevel(access, 'Teams', 'create');
  const team = await createTeam(db, access.user.companyId, {
    name: body.name,
    managerId: level === 'to_all' ? undefined : access.user.employeeId,
  });
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
  return {
    data: await listTeamPeople(db, access.user.companyId, {
      search: query.search || undefined,
      limit: TEAM_PEOPLE_LIMIT,
      onlyEmployeeIds: mayAddAnyone(access) ? undefined : [...reachablePeople(access)],
    }),
  };
}

/** One team with its members. */
export async function getTeam(ctx: TeamsContext, teamId: number): Promise<{ data: Team }> {
  const { team, members } = await findReachableTeam(ctx, teamId, 'view');
  return { data: toTeam(team, members) };
}

export async function renameTeamFor(
  ctx: TeamsContext,
  teamId: number,
  body: { name: string },
): Promise<{ data: Team }> {
  const { team } = await findReachableTeam(ctx, teamId, 'update');
  return present(ctx, await renameTeam(ctx.db, team, body.name));
}

/** Deletes a team; its vacancies stay, without a team. */
export async function removeTeam(ctx: TeamsContext, teamId: number): Promise<void> {
  const { team } = await findReachableTeam(ctx, teamId, 'delete');
  await deleteTeam(ctx.db, team);
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
  const { access } = ctx;
  const { team, members } = await findReachableTeam(ctx, teamId, 'update');
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
    ctx.db,
    team,
    body.members.map((member) => ({
      employee_id: member.employee_id,
      is_manager: member.is_manager ?? false,
    })),
  );
  return present(ctx, team);
}
