import type { Locale } from '@kadry/shared/constants';
import { BUILT_IN_ROLES, type BuiltInRole } from '@kadry/shared/schemas/auth';
import type { User } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { provideEmployeeForAccount } from '../employees/employees.service';
import {
  countOtherActiveOwners,
  deleteResetTokens,
  deleteUserSessions,
  findBuiltInRoles,
  findUserRowByEmail,
  insertMissingBuiltInRoles,
  insertUser,
  updateUserDisabled,
} from './auth.queries';
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
  await insertMissingBuiltInRoles(
    db,
    companyId,
    BUILT_IN_ROLES.map((key) => ({ key, name: BUILT_IN_ROLE_NAMES[key] })),
  );
  const rows = await findBuiltInRoles(db, companyId);
  const ids = Object.fromEntries(rows.map((row) => [row.key, row.id])) as Partial<
    Record<BuiltInRole, number>
  >;
  for (const key of BUILT_IN_ROLES) {
    if (ids[key] === undefined) throw new Error(`ensureBuiltInRoles: role ${key} is missing`);
  }
  return ids as Record<BuiltInRole, number>;
}

export function findUserByEmail(db: Db, companyId: number, email: string): Promise<User | null> {
  return findUserRowByEmail(db, companyId, normalizeEmail(email));
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
  // The account and the employee it belongs to (decision 012) come into being together or not at all.
  if (await findUserByEmail(db, input.companyId, email)) {
    throw new UserExistsError(`A user with the email ${email} already exists.`);
  }
  return db.transaction(async (tx) => {
    const employeeId = await provideEmployeeForAccount(tx, input.companyId, { name: input.name, email });
    const user = await insertUser(tx, {
      companyId: input.companyId,
      employeeId,
      email,
      name: input.name,
      passwordHash,
      roleId: roleIds[input.role],
      locale: input.locale ?? 'en',
      timezone: input.timezone ?? 'UTC',
      passwordChangedAt: new Date(),
    });
    if (!user) throw new UserExistsError(`A user with the email ${email} already exists.`);
    return user;
  });
}

/**
 * Disables or re-enables an account. Disabling ends every session of the account at once and voids
 * its pending password-reset links.
 */
export async function setUserDisabled(
  db: Db,
  companyId: number,
  userId: number,
  isDisabled: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await updateUserDisabled(tx, companyId, userId, isDisabled);
    if (isDisabled) await endUserAccess(tx, companyId, userId);
  });
}

/**
 * Ends every session of an account and voids its pending password links: what disabling an account
 * does. Run it in the transaction that disables the account.
 */
export async function endUserAccess(
  db: Pick<Db, 'delete'>,
  companyId: number,
  userId: number,
): Promise<void> {
  await deleteUserSessions(db, companyId, userId);
  await deleteResetTokens(db, companyId, userId);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Whether the company keeps another enabled owner who can sign in when `userId` stops being one (a
 * role change, a disabled account, access revoked). Locks those owners' rows until the transaction
 * ends, so two owners demoting each other at once cannot both succeed.
 */
export async function hasOtherActiveOwner(tx: Tx, companyId: number, userId: number): Promise<boolean> {
  return (await countOtherActiveOwners(tx, companyId, userId)) > 0;
}
