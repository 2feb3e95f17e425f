import type { StaffUser, staffUsersQuerySchema } from '@kadry/shared/schemas/admin';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { roles } from '../../db/schema/roles';
import { teamMembers, teams } from '../../db/schema/teams';
import { type NewUser, users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { buildContainsPattern } from '../../lib/contains-pattern';
import { isBuiltInRole } from '../../plugins/access/roles';

// All SQL of staff accounts as owners administer them; every statement filters by company_id.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A user row with its role, as the staff-account queries read it. */
export type StaffUserRow = {
  id: number;
  companyId: number;
  employeeId: number;
  name: string;
  email: string;
  locale: StaffUser['locale'];
  timezone: string;
  isDisabled: boolean;
  hasPassword: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  role: { id: number; key: string | null; name: string };
};

type StaffUserTeam = StaffUser['teams'][number];

const staffUserColumns = {
  id: users.id,
  companyId: users.companyId,
  employeeId: users.employeeId,
  name: users.name,
  email: users.email,
  locale: users.locale,
  timezone: users.timezone,
  isDisabled: users.isDisabled,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  role: { id: roles.id, key: roles.key, name: roles.name },
};

/** Case-insensitive, then by id, so pages never overlap or skip anyone. */
const BY_NAME = [asc(sql`lower(${users.name})`), asc(users.name), asc(users.id)];

export type StaffUserFilter = Pick<
  z.output<typeof staffUsersQuerySchema>,
  'search' | 'role_id' | 'team_id' | 'status'
>;

function buildFilterWhere(companyId: number, filter: StaffUserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId)];
  if (filter.search) {
    const pattern = buildContainsPattern(filter.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (filter.role_id !== undefined) conditions.push(eq(users.roleId, filter.role_id));
  if (filter.team_id !== undefined) {
    const teamId = filter.team_id;
    conditions.push(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.companyId} = ${companyId} and ${teamMembers.employeeId} = ${users.employeeId} and ${teamMembers.teamId} = ${teamId})`,
    );
  }
  if (filter.status === 'disabled') conditions.push(eq(users.isDisabled, true));
  if (filter.status === 'active') conditions.push(eq(users.isDisabled, false), isNotNull(users.passwordHash));
  if (filter.status === 'invited') conditions.push(eq(users.isDisabled, false), isNull(users.passwordHash));
  return and(...conditions);
}

/** One page of the company's staff accounts, sorted by name, and how many match in all. */
export async function findStaffUserPage(
  db: Db,
  companyId: number,
  filter: StaffUserFilter,
  paging: { page: number; perPage: number },
): Promise<{ rows: StaffUserRow[]; total: number }> {
  const where = buildFilterWhere(companyId, filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select(staffUserColumns)
      .from(users)
      .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
      .where(where)
      .orderBy(...BY_NAME)
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** A staff account of the company, or null (another company's is not found either). */
export async function findStaffUser(
  db: Pick<Db, 'select'>,
  companyId: number,
  userId: number,
): Promise<StaffUserRow | null> {
  const [row] = await db
    .select(staffUserColumns)
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** The teams of each user of the company, by team name. */
export async function findTeamsOfUsers(
  db: Pick<Db, 'select'>,
  companyId: number,
  userIds: readonly number[],
): Promise<Map<number, StaffUserTeam[]>> {
  const byUser = new Map<number, StaffUserTeam[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: users.id,
      id: teams.id,
      name: teams.name,
      isManager: teamMembers.isManager,
    })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.companyId, teamMembers.companyId), eq(teams.id, teamMembers.teamId)))
    .innerJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, teamMembers.employeeId)))
    .where(and(eq(teamMembers.companyId, companyId), inArray(users.id, [...userIds])))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.name), asc(teams.id));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name, is_manager: row.isManager });
    byUser.set(row.userId, list);
  }
  return byUser;
}

export function toStaffUser(row: StaffUserRow, teamsOfUser: readonly StaffUserTeam[]): StaffUser {
  return {
    id: row.id,
    employee_id: row.employeeId,
    name: row.name,
    email: row.email,
    role: { id: row.role.id, key: isBuiltInRole(row.role.key) ? row.role.key : null, name: row.role.name },
    teams: [...teamsOfUser],
    locale: row.locale,
    timezone: row.timezone,
    is_disabled: row.isDisabled,
    has_password: row.hasPassword,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Ids among `teamIds` that are not teams of the company. */
export async function findForeignTeamIds(
  db: Pick<Db, 'select'>,
  companyId: number,
  teamIds: readonly number[],
): Promise<number[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), inArray(teams.id, [...teamIds])));
  const known = new Set(rows.map((row) => row.id));
  return teamIds.filter((id) => !known.has(id));
}

/** Whether another account of the company has this email (emails are stored lower-cased). */
export async function isEmailTaken(
  db: Pick<Db, 'select'>,
  companyId: number,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.email, email.trim().toLowerCase()),
        exceptUserId === undefined ? undefined : sql`${users.id} <> ${exceptUserId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Locks an account of the company until the transaction ends; false when the company has no such account. */
export async function lockStaffUser(tx: Tx, companyId: number, userId: number): Promise<boolean> {
  const [locked] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .for('update');
  return locked !== undefined;
}

/** Adds an account of the company without a password (its invitation link sets one); answers its id. */
export async function insertStaffUser(
  tx: Pick<Db, 'insert'>,
  companyId: number,
  values: Pick<NewUser, 'employeeId' | 'email' | 'name' | 'roleId' | 'locale' | 'timezone'>,
): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values({ ...values, companyId, passwordHash: null })
    .returning({ id: users.id });
  if (!created) throw new Error('insertStaffUser: insert returned no row');
  return created.id;
}

/** Makes an employee a plain member (not a manager) of teams of the company. */
export async function insertTeamMemberships(
  tx: Pick<Db, 'insert'>,
  companyId: number,
  employeeId: number,
  teamIds: readonly number[],
): Promise<void> {
  if (teamIds.length === 0) return;
  await tx
    .insert(teamMembers)
    .values(teamIds.map((teamId) => ({ companyId, teamId, employeeId, isManager: false })))
    .onConflictDoNothing();
}

/** Writes an owner's edit of an account of the company. */
export async function updateStaffUserRow(
  tx: Pick<Db, 'update'>,
  companyId: number,
  userId: number,
  changes: Partial<Pick<NewUser, 'name' | 'email' | 'roleId' | 'locale' | 'timezone' | 'isDisabled'>>,
): Promise<void> {
  await tx
    .update(users)
    .set(changes)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
