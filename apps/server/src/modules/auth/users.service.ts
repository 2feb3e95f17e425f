import type { Locale } from '@kadry/shared/constants';
import { BUILT_IN_ROLES, type BuiltInRole } from '@kadry/shared/schemas/auth';
import { and, eq, inArray } from 'drizzle-orm';
import { roles } from '../../db/schema/roles';
import { passwordResetTokens, sessions } from '../../db/schema/sessions';
import { type User, users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { hashPassword } from './password-hashing';

/** English names of the built-in roles; the permissions work may rename or translate them. */
const BUILT_IN_ROLE_NAMES: Record<BuiltInRole, string> = {
  owner: 'Owner',
  hr: 'HR',
  recruiter: 'Recruiter',
  manager: 'Manager',
  employee: 'Employee',
};

/** A user with this email already exists in the company. */
export class UserExistsError extends Error {
  override name = 'UserExistsError';
}

/** Emails compare case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates the company's built-in roles that are missing; answers every built-in role's id by key. */
export async function ensureBuiltInRoles(db: Db, companyId: number): Promise<Record<BuiltInRole, number>> {
  await db
    .insert(roles)
    .values(BUILT_IN_ROLES.map((key) => ({ companyId, key, name: BUILT_IN_ROLE_NAMES[key] })))
    .onConflictDoNothing({ target: [roles.companyId, roles.key] });
  const rows = await db
    .select({ id: roles.id, key: roles.key })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.key, [...BUILT_IN_ROLES])));
  const ids = Object.fromEntries(rows.map((row) => [row.key, row.id])) as Partial<
    Record<BuiltInRole, number>
  >;
  for (const key of BUILT_IN_ROLES) {
    if (ids[key] === undefined) throw new Error(`ensureBuiltInRoles: role ${key} is missing`);
  }
  return ids as Record<BuiltInRole, number>;
}

export async function findUserByEmail(db: Db, companyId: number, email: string): Promise<User | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, normalizeEmail(email))))
    .limit(1);
  return rows[0] ?? null;
}

export type CreateUserInput = {
  companyId: number;
  email: string;
  name: string;
  role: BuiltInRole;
  /** Plain text; hashed here. */
  password: string;
  locale?: Locale;
  timezone?: string;
};

/** Creates a staff account with a built-in role. Throws UserExistsError when the email is taken. */
export async function createUser(db: Db, input: CreateUserInput): Promise<User> {
  const email = normalizeEmail(input.email);
  const roleIds = await ensureBuiltInRoles(db, input.companyId);
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      companyId: input.companyId,
      email,
      name: input.name,
      passwordHash,
      roleId: roleIds[input.role],
      locale: input.locale ?? 'en',
      timezone: input.timezone ?? 'UTC',
      passwordChangedAt: new Date(),
    })
    .onConflictDoNothing({ target: [users.companyId, users.email] })
    .returning();
  if (!user) throw new UserExistsError(`A user with the email ${email} already exists.`);
  return user;
}

/**
 * Disables or re-enables an account. Disabling ends every session of the account at once and voids
 * its pending password-reset links.
 */
export async function setUserDisabled(db: Db, userId: number, isDisabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isDisabled }).where(eq(users.id, userId));
    if (isDisabled) await endUserAccess(tx, userId);
  });
}

/**
 * Ends every session of an account and voids its pending password links: what disabling an account
 * does. Run it in the transaction that disables the account.
 */
export async function endUserAccess(db: Pick<Db, 'delete'>, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}
