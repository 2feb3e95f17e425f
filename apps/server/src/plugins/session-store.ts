import type { Locale } from '@kadry/shared/constants';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type LoginAsActionRow, loginAsActions } from '../db/schema/login-as-actions';
import { roles } from '../db/schema/roles';
import {
  passwordResetTokens,
  serverSecrets,
  sessions,
  signInDevices,
  signInThrottles,
} from '../db/schema/sessions';
import { users } from '../db/schema/users';
import type { Db } from '../db/tables';
import { createRandomToken, hashToken } from '../lib/tokens';

/** The account that opened a "login as" session. */
const impersonators = alias(users, 'impersonators');

/** The signed-in user a request carries (`request.user`). */
export type SessionUser = {
  id: number;
  companyId: number;
  /** The employee the account belongs to (docs/decisions/012-people-model.md). */
  employeeId: number;
  /** The role's row id; permission checks look the role's settings up by it. */
  roleId: number;
  /** The built-in role's key (owner, hr, …), null for a custom role. */
  roleKey: string | null;
  email: string;
  name: string;
  locale: Locale;
  timezone: string;
  /** The opaque id published as the page data's hashedId. */
  publicId: string;
  /**
   * Under "login as": the account that opened this session as this user (its id and name). Every
   * write in such a session is recorded as done by both (the login-as log, decision 016 addendum).
   */
  impersonator: { id: number; name: string } | null;
};

export type SessionTimes = {
  now: Date;
  /** A session unused for this long has ended. */
  idleMs: number;
};

/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** Starts a session for a user; answers the new token for the cookie (never stored as such). */
export async function createSession(
  db: Db,
  input: {
    companyId: number;
    userId: number;
    now: Date;
    maxAgeMs: number;
    ip?: string | undefined;
    userAgent?: string | undefined;
    /** "Login as": the account opening this session as `userId` (docs/decisions/016-login-as.md). */
    impersonatorUserId?: number | undefined;
  },
): Promise<string> {
  const token = createRandomToken(16);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    companyId: input.companyId,
    userId: input.userId,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.maxAgeMs),
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    impersonatorUserId: input.impersonatorUserId ?? null,
  });
  return token;
}

/**
 * The user of a live session of this company, or null (a session cookie sent to another company's
 * host is not a session there). A session that has expired (idle or absolute) or belongs to a
 * disabled account is deleted on the way.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  companyId: number,
  times: SessionTimes,
): Promise<SessionUser | null> {
  const idHash = hashToken(token);
  const rows = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        companyId: users.companyId,
        employeeId: users.employeeId,
        roleId: users.roleId,
        roleKey: roles.key,
        email: users.email,
        name: users.name,
        locale: users.locale,
        timezone: users.timezone,
        publicId: users.publicId,
        isDisabled: users.isDisabled,
      },
      impersonatorId: impersonators.id,
      impersonatorName: impersonators.name,
      isImpersonatorDisabled: impersonators.isDisabled,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.companyId, sessions.companyId), eq(users.id, sessions.userId)))
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .leftJoin(
      impersonators,
      and(eq(impersonators.companyId, sessions.companyId), eq(impersonators.id, sessions.impersonatorUserId)),
    )
    .where(and(eq(sessions.companyId, companyId), eq(sessions.idHash, idHash)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;

  const now = times.now.getTime();
  const isExpired = row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + times.idleMs <= now;
  // A "login as" session ends with its impersonator's access too (disabled, or its sessions ended).
  if (isExpired || row.user.isDisabled || row.isImpersonatorDisabled === true) {
    await db.delete(sessions).where(and(eq(sessions.companyId, companyId), eq(sessions.idHash, idHash)));
    return null;
  }

  if (now - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: times.now })
      .where(and(eq(sessions.companyId, companyId), eq(sessions.idHash, idHash)));
  }
  const { isDisabled: _isDisabled, ...user } = row.user;
  const impersonator =
    row.impersonatorId !== null && row.impersonatorName !== null
      ? { id: row.impersonatorId, name: row.impersonatorName }
      : null;
  return { ...user, impersonator };
}

/** When the session of a token ends at the latest (its absolute expiry), or null when it has none. */
export async function findSessionExpiry(db: Db, companyId: number, token: string): Promise<Date | null> {
  const rows = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.companyId, companyId), eq(sessions.idHash, hashToken(token))))
    .limit(1);
  return rows[0]?.expiresAt ?? null;
}

/** Writes one row of the login-as log (docs/decisions/016-login-as.md, addendum). */
export async function insertLoginAsAction(db: Db, row: Omit<LoginAsActionRow, 'id'>): Promise<void> {
  await db.insert(loginAsActions).values(row);
}

/** Ends the session of a token (sign-out, rotation). */
export async function deleteSession(db: Db, companyId: number, token: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.companyId, companyId), eq(sessions.idHash, hashToken(token))));
}

/** Ends every session of a user (password change, account disabled). */
export async function deleteUserSessions(db: Db, companyId: number, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId)));
}

/**
 * A secret of the server's own (32 random bytes), made by whichever process asks first and the same
 * for every process after. Infrastructure: it belongs to no company.
 */
export async function loadServerSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: createRandomToken(32) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const rows = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
    .limit(1);
  const value = rows[0]?.value;
  if (!value) throw new Error(`server secret ${name} could not be stored`);
  return Buffer.from(value, 'base64url');
}

/** Removes expired sessions, spent or expired reset links, stale throttle rows and forgotten devices. */
export async function deleteExpiredAuthRows(db: Db, times: SessionTimes & { throttleWindowMs: number }) {
  const idleCutoff = new Date(times.now.getTime() - times.idleMs);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, times.now), lt(sessions.lastSeenAt, idleCutoff)));
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, times.now), isNotNull(passwordResetTokens.usedAt)));
  // Expiry sweep across companies: no company's request, so no company filter (decision 008).
  await db.delete(signInDevices).where(lt(signInDevices.expiresAt, times.now));
  const windowCutoff = new Date(times.now.getTime() - times.throttleWindowMs);
  await db
    .delete(signInThrottles)
    .where(
      and(
        lt(signInThrottles.windowStartedAt, windowCutoff),
        or(isNull(signInThrottles.lockedUntil), lt(signInThrottles.lockedUntil, times.now)),
      ),
    );
}
