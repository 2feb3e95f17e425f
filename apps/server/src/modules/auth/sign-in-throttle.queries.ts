import { inArray, sql } from 'drizzle-orm';
import { signInThrottles } from '../../db/schema/sessions';
import type { Db } from '../../db/tables';
import { normalizeEmail } from './users.service';

// Failed sign-ins, counted as docs/decisions/010-sign-in-lockout.md says: per known device, or, for a
// client without the account's device cookie, per account among untrusted clients and per IP.
// Throttle keys name no company row filter: an `untrusted:` key carries its company in the key,
// `device:` keys are unique device hashes, and `ip:` keys count across companies on purpose.

/** Limits on failed sign-ins, counted over one window. */
export type SignInLimits = {
  /** Per known device, and per account among untrusted clients. */
  maxFailuresPerAccount: number;
  /** Per client IP, for untrusted clients. */
  maxFailuresPerIp: number;
  /** Both the counting window and how long a key stays locked once it reaches its limit. */
  lockoutMs: number;
};

/**
 * Who is signing in: a browser holding a device token of the account (its hash), or any other client
 * (an untrusted one), known by its IP.
 */
export type SignInClient = { deviceHash: string } | { ip: string };

export type ThrottleInput = {
  companyId: number;
  email: string;
  client: SignInClient;
  now: Date;
  limits: SignInLimits;
};

type ThrottleKey = { key: string; max: number };

/**
 * The untrusted clients' key is built from the email as typed (normalised), whether or not such an
 * account exists, so lockouts behave the same for unknown emails and reveal nothing.
 */
function untrustedKey(companyId: number, email: string): string {
  return `untrusted:${companyId}:${normalizeEmail(email)}`;
}

function deviceKey(deviceHash: string): string {
  return `device:${deviceHash}`;
}

function buildKeys(input: Omit<ThrottleInput, 'now'>): ThrottleKey[] {
  const { client, limits } = input;
  if ('deviceHash' in client) {
    return [{ key: deviceKey(client.deviceHash), max: limits.maxFailuresPerAccount }];
  }
  return [
    { key: untrustedKey(input.companyId, input.email), max: limits.maxFailuresPerAccount },
    { key: `ip:${client.ip}`, max: limits.maxFailuresPerIp },
  ];
}

/** Seconds until this client may try again, or 0 when it may try now. */
export async function findSignInLockout(db: Db, input: ThrottleInput): Promise<number> {
  const keys = buildKeys(input).map((entry) => entry.key);
  const rows = await db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(inArray(signInThrottles.key, keys));
  const now = input.now.getTime();
  const until = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/**
 * Counts a failed sign-in against the client's keys. A key whose window has passed starts counting
 * again; a key reaching its limit is locked for the lockout time.
 */
export async function recordSignInFailure(db: Db, input: ThrottleInput): Promise<void> {
  const windowStart = new Date(input.now.getTime() - input.limits.lockoutMs);
  const lockedUntil = new Date(input.now.getTime() + input.limits.lockoutMs);
  for (const { key, max } of buildKeys(input)) {
    // One statement, so concurrent failures from several processes all count.
    const isWindowOver = sql`${signInThrottles.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
    const failures = sql`case when ${isWindowOver} then 1 else ${signInThrottles.failures} + 1 end`;
    await db
      .insert(signInThrottles)
      .values({
        key,
        failures: 1,
        windowStartedAt: input.now,
        lockedUntil: max <= 1 ? lockedUntil : null,
      })
      .onConflictDoUpdate({
        target: signInThrottles.key,
        set: {
          failures,
          windowStartedAt: sql`case when ${isWindowOver} then ${input.now.toISOString()}::timestamptz else ${signInThrottles.windowStartedAt} end`,
          lockedUntil: sql`case when ${failures} >= ${max}::integer then ${lockedUntil.toISOString()}::timestamptz else ${signInThrottles.lockedUntil} end`,
        },
      });
  }
}

/**
 * A successful sign-in clears the count it was judged by: the device's, or the untrusted clients' of
 * the account (the IP's keeps counting until its window ends).
 */
export async function clearSignInFailures(
  db: Pick<Db, 'delete'>,
  input: Pick<ThrottleInput, 'companyId' | 'email' | 'client'>,
): Promise<void> {
  const key =
    'deviceHash' in input.client
      ? deviceKey(input.client.deviceHash)
      : untrustedKey(input.companyId, input.email);
  await db.delete(signInThrottles).where(inArray(signInThrottles.key, [key]));
}

/**
 * After a password reset: the untrusted clients' lock of the account ends, and so do the locks of
 * these devices of the account (the mailbox's owner proved who they are).
 */
export async function clearAccountLocks(
  db: Pick<Db, 'delete'>,
  input: { companyId: number; email: string; deviceHashes: readonly string[] },
): Promise<void> {
  const keys = [untrustedKey(input.companyId, input.email), ...input.deviceHashes.map(deviceKey)];
  await db.delete(signInThrottles).where(inArray(signInThrottles.key, keys));
}
