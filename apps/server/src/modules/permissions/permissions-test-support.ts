import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import { and, eq } from 'drizzle-orm';
import { teamMembers, teams } from '../../db/schema/teams';
import { type User, users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { createSession } from '../../plugins/session-store';
import { type AuthTestApp, agentFor, seedUser } from '../auth/auth-test-support';

// Helpers for permission tests (imported by *.test.ts files only).

/** Headers of a signed-in browser of one company: cookie, CSRF token and the company's host. */
export type StaffHeaders = { cookie: string; 'x-csrf-token': string; host: string };

export type StaffMember = { user: User; headers: StaffHeaders };

/**
 * A user with a built-in role and a live session, without going through the sign-in pages (those
 * have their own tests; here only what the session lets the user do matters).
 */
export async function seedStaff(
  t: AuthTestApp,
  company: { id: number; hosts: string[] },
  role: BuiltInRole,
): Promise<StaffMember> {
  const { user } = await seedUser(t.database.db, company.id, { role });
  const token = await createSession(t.database.db, {
    companyId: company.id,
    userId: user.id,
    now: t.clock.now,
    maxAgeMs: 24 * 3_600_000,
  });
  const host = company.hosts[0];
  if (!host) throw new Error('seedStaff: the company has no host');
  return { user, headers: { ...agentFor(token).headers, host } };
}

export async function seedTeam(db: Db, companyId: number, name: string): Promise<number> {
  const [team] = await db.insert(teams).values({ companyId, name }).returning({ id: teams.id });
  if (!team) throw new Error('seedTeam: insert returned no row');
  return team.id;
}

/** Puts an account's employee in a team (as a manager with `isManager`). */
export async function addTeamMember(
  db: Db,
  input: { companyId: number; teamId: number; userId: number; isManager?: boolean },
): Promise<void> {
  const [account] = await db
    .select({ employeeId: users.employeeId })
    .from(users)
    .where(and(eq(users.companyId, input.companyId), eq(users.id, input.userId)));
  if (!account) throw new Error(`addTeamMember: no account ${input.userId}`);
  await db.insert(teamMembers).values({
    companyId: input.companyId,
    teamId: input.teamId,
    employeeId: account.employeeId,
    isManager: input.isManager ?? false,
  });
}

export type StaffMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call to the staff API as `who` (their session, CSRF token and company host). */
export function callAs(
  t: Pick<AuthTestApp, 'app'>,
  who: StaffMember,
  method: StaffMethod,
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, accept: 'application/json' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
