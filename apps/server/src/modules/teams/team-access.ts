import type { Level } from '@kadry/shared/permissions/vocabulary';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { teamMembers, teams } from '../../db/schema/teams';
import type { Db } from '../../db/tables';

/**
 * What the levels of the `Teams` permission reach (docs/decisions/006-administration.md): to_all
 * every team of the company; only_my_and_my_team the teams the user belongs to; only_my the teams
 * the user manages. (scopeWhere's generic "owned by a teammate" does not apply: nobody owns a team.)
 */
export function teamScopeWhere(
  db: Pick<Db, 'select'>,
  level: Level,
  user: { id: number; companyId: number },
): SQL | undefined {
  if (level === 'to_all') return undefined;
  if (level === 'not_visible') return sql`false`;
  const myRows = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.companyId, user.companyId),
        eq(teamMembers.userId, user.id),
        level === 'only_my' ? eq(teamMembers.isManager, true) : undefined,
      ),
    );
  return inArray(teams.id, myRows);
}

/** The in-memory twin of teamScopeWhere, for a team whose members are loaded. */
export function canReachTeam(
  level: Level,
  userId: number,
  members: readonly { userId: number; isManager: boolean }[],
): boolean {
  if (level === 'to_all') return true;
  if (level === 'not_visible') return false;
  const mine = members.find((member) => member.userId === userId);
  if (!mine) return false;
  return level === 'only_my_and_my_team' || mine.isManager;
}
