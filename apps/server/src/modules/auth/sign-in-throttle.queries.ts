import { inArray, sql } from 'drizzle-orm';
import { signInThrottles } from '../../db/schema/sessions';
import type { Db } from '../../db/tables';
import { normalizeEmail } from './users.service';

/** Limits on failed sign-ins: per account and per client IP, counted over one window. */
export type SignInLimits = {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  /** Both the counting window and how long a key stays locked once it reaches its limit. */
  lockoutMs: number;
};

type ThrottleKey = { key: string; max: number };

/**
 * The account key is built from the email as typed (normalised), whether or not such an account
 * exists, so lockouts behave the same for unknown emails and reveal nothing.
 */
function buildKeys(companyId: number, email: string, ip: string, limits: SignInLimits): ThrottleKey[] {
  return [
    { key: `account:${companyId}:${normalizeEmail(email)}`, max: limits.maxFailuresPerAccount },
    { key: `ip:${ip}`, max: limits.maxFailuresPerIp },
  ];
}

/** Seconds until sign-in is allowed again for this account or IP, or 0 when it is allowed now. */
export async function findSignInLockout(
  db: Db,
  input: { companyId: number; email: string; ip: string; now: Date; limits: SignInLimits },
): Promise<number> {
  const keys = buildKeys(input.companyId, input.email, input.ip, input.limits).map((entry) => entry.key);
  const rows = await db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(inArray(signInThrottles.key, keys));
  const now = input.now.getTime();
  const until = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/**
 * Counts a failed sign-in against the account and the IP. A key whose window has passed starts
 * counting again; a key reaching its limit is locked for the lockout time.
 */
export async function recordSignInFailure(
  db: Db,
  input: { companyId: number; email: string; ip: string; now: Date; limits: SignInLimits },
): Promise<void> {
  const windowStart = new Date(input.now.getTime() - input.limits.lockoutMs);
  const lockedUntil = new Date(input.now.getTime() + input.limits.lockoutMs);
  for (const { key, max } of buildKeys(input.companyId, input.email, input.ip, input.limits)) {
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

/** A successful sign-in clears the account's count (the IP's keeps counting until its window ends). */
export async function clearAccountFailures(
  db: Pick<Db, 'delete'>,
  companyId: number,
  email: string,
): Promise<void> {
  await db
    .delete(signInThrottles)
    .where(inArray(signInThrottles.key, [`account:${companyId}:${normalizeEmail(email)}`]));
}
