import { BUILT_IN_ROLES } from '@kadry/shared/schemas/auth';
import { and, eq, gt, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { roles } from '../../db/schema/roles';
import { passwordResetTokens, sessions } from '../../db/schema/sessions';
import { type NewUser, type User, users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

// All SQL of staff accounts, their sign-ins and their password links; every statement filters by
// company_id.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Adds the company's built-in roles that are missing; existing ones keep their name. */
export async function insertMissingBuiltInRoles(
  db: Pick<Db, 'insert'>,
  companyId: number,
  rows: readonly { key: string; name: string }[],
): Promise<void> {
  await db
    .insert(roles)
    .values(rows.map((row) => ({ companyId, key: row.key, name: row.name })))
    .onConflictDoNothing({ target: [roles.companyId, roles.key] });
}

/** The company's built-in roles (those with a key of BUILT_IN_ROLES). */
export function findBuiltInRoles(
  db: Pick<Db, 'select'>,
  companyId: number,
): Promise<{ id: number; key: string | null }[]> {
  return db
    .select({ id: roles.id, key: roles.key })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.key, [...BUILT_IN_ROLES])));
}

/** The company's account with this email (given normalised), or null. */
export async function findUserRowByEmail(
  db: Pick<Db, 'select'>,
  companyId: number,
  email: string,
): Promise<User | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email)))
    .limit(1);
  return rows[0] ?? null;
}

/** Adds an account; null when the company already has one with this email. */
export async function insertUser(
  db: Pick<Db, 'insert'>,
  values: NewUser & { companyId: number },
): Promise<User | null> {
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: [users.companyId, users.email] })
    .returning();
  return user ?? null;
}

export async function updateUserDisabled(
  db: Pick<Db, 'update'>,
  companyId: number,
  userId: number,
  isDisabled: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ isDisabled })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** Records a sign-in: when, and the password's new hash when it was hashed again. */
export async function updateUserSignIn(
  db: Pick<Db, 'update'>,
  companyId: number,
  userId: number,
  values: { lastSignInAt: Date; passwordHash?: string },
): Promise<void> {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** Sets the password of an enabled account; answers the account, or null when it is disabled or gone. */
export async function updateEnabledUserPassword(
  db: Pick<Db, 'update'>,
  companyId: number,
  userId: number,
  values: { passwordHash: string; passwordChangedAt: Date },
): Promise<{ id: number; email: string } | null> {
  const [user] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.isDisabled, false)))
    .returning({ id: users.id, email: users.email });
  return user ?? null;
}

/** Ends every session of an account. */
export async function deleteUserSessions(
  db: Pick<Db, 'delete'>,
  companyId: number,
  userId: number,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId)));
}

/** Deletes every password link of an account, used or not. */
export async function deleteResetTokens(
  db: Pick<Db, 'delete'>,
  companyId: number,
  userId: number,
): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.companyId, companyId), eq(passwordResetTokens.userId, userId)));
}

/** Deletes the password links of an account that have not been used. */
export async function deletePendingResetTokens(
  db: Pick<Db, 'delete'>,
  companyId: number,
  userId: number,
): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.companyId, companyId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}

/**
 * Gives an account a new password link and deletes its unused earlier ones, in one transaction, so
 * only the newest link opens the account.
 */
export async function replacePendingResetToken(
  db: Db,
  token: { companyId: number; userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await deletePendingResetTokens(tx, token.companyId, token.userId);
    await tx.insert(passwordResetTokens).values(token);
  });
}

/**
 * The account a usable link opens (exists, unused, unexpired, this company's, account enabled), with
 * its password hash, or null.
 */
export async function findResetTokenAccountRow(
  db: Pick<Db, 'select'>,
  companyId: number,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; passwordHash: string | null } | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId, passwordHash: users.passwordHash })
    .from(passwordResetTokens)
    .innerJoin(
      users,
      and(eq(users.companyId, passwordResetTokens.companyId), eq(users.id, passwordResetTokens.userId)),
    )
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.companyId, companyId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        eq(users.isDisabled, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks a usable link used by a conditional update, so of two concurrent uses exactly one gets it;
 * answers the link's account, or null when it is unknown, used or expired.
 */
export async function spendResetToken(
  db: Pick<Db, 'update'>,
  companyId: number,
  tokenHash: string,
  now: Date,
): Promise<number | null> {
  const [spent] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.companyId, companyId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return spent?.userId ?? null;
}

/** Marks every unused link of an account used. */
export async function markPendingResetTokensUsed(
  db: Pick<Db, 'update'>,
  companyId: number,
  userId: number,
  usedAt: Date,
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt })
    .where(
      and(
        eq(passwordResetTokens.companyId, companyId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}

/**
 * Other enabled owners with a password, their rows locked until the transaction ends: of two owners
 * demoting or removing each other at once, the second waits, sees the first one's change, and is
 * refused.
 */
export async function countOtherActiveOwners(
  tx: Tx,
  companyId: number,
  exceptUserId: number,
): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .where(
      and(
        eq(users.companyId, companyId),
        ne(users.id, exceptUserId),
        eq(roles.key, 'owner'),
        eq(users.isDisabled, false),
        isNotNull(users.passwordHash),
      ),
    )
    .for('update', { of: users });
  return rows.length;
}
