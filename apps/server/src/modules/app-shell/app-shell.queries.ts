import { and, eq } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/teams';
import type { Db } from '../../db/tables';
import type { SessionUser } from '../../plugins/session-store';

/** Whether the user's employee belongs to a team: then "my team" levels reach something beyond their own rows. */
export async function hasTeamAccess(
  db: Db,
  user: Pick<SessionUser, 'employeeId' | 'companyId'>,
): Promise<boolean> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.companyId, user.companyId), eq(teamMembers.employeeId, user.employeeId)))
    .limit(1);
  return rows.length > 0;
}
