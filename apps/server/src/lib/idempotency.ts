import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/idempotency';
import type { Db } from '../db/tables';
import { AppError } from './app-error';
import { isDatabaseUnavailable } from './database-unavailable';
import { keepRenewing, LEASE_MS, renewalIntervalOf } from './lease-renewal';

/**
 * A claim not renewed for this long belongs to a request that died (a crash, a kill, a lost machine);
 * a retry may take it over. The request holding it renews it while it runs (`keepClaimAlive`), however
 * long its upload takes.
 */
const STALE_CLAIM_MS = LEASE_MS;
/** While the database is unreachable, giving a key back is retried this often. */
const RELEASE_RETRY_MS = 1_000;

export type IdempotencyScope = { companyId: number; route: string; key: string; requestHash: string };

export type IdempotencyClaim = { state: 'claimed' } | { state: 'replay'; statusCode: number; body: unknown };

/** When this process claimed each scope, so a release removes its own claim and never a later one's. */
const claimedAt = new WeakMap<IdempotencyScope, Date>();

/** Reads and checks an `Idempotency-Key` header: printable ASCII, at most 255 characters. */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return null;
  if (value.length > 255 || !/^[\x21-\x7e]+$/.test(value)) {
    throw new AppError('invalid_request', { key: 'errors.invalid_idempotency_key' });
  }
  return value;
}

/**
 * Claims a key before the work starts. Answers 'replay' with the stored answer when an earlier
 * request with this key completed; throws 409 while another request with it is still running.
 */
export async function claimIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  now: Date,
): Promise<IdempotencyClaim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...scope, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) {
    claimedAt.set(scope, now);
    return { state: 'claimed' };
  }

  const where = and(
    eq(idempotencyKeys.companyId, scope.companyId),
    eq(idempotencyKeys.route, scope.route),
    eq(idempotencyKeys.key, scope.key),
  );
  const [existing] = await db.select().from(idempotencyKeys).where(where).limit(1);
  if (!existing) return claimIdempotencyKey(db, scope, now); // released meanwhile: try again
  if (existing.requestHash !== scope.requestHash) {
    throw new AppError('invalid_request', { key: 'errors.idempotency_key_reused' });
  }
  if (existing.completed && existing.statusCode !== null) {
    return { state: 'replay', statusCode: existing.statusCode, body: existing.body };
  }
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        where,
        eq(idempotencyKeys.completed, false),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_CLAIM_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (takenOver.length > 0) {
    claimedAt.set(scope, now);
    return { state: 'claimed' };
  }
  throw new AppError('conflict', { key: 'errors.request_in_progress', retryAfter: 2 });
}

/**
 * Renews a claim while its request runs (the upload may take minutes), so only the claim of a request
 * that died goes stale. Call the answered function when the request ends, whatever the outcome.
 */
export function keepClaimAlive(
  db: Db,
  scope: IdempotencyScope,
  everyMs = renewalIntervalOf(STALE_CLAIM_MS),
): () => void {
  return keepRenewing(async () => {
    const since = claimedAt.get(scope);
    if (!since) return;
    const renewedAt = new Date(Math.max(Date.now(), since.getTime() + 1));
    const renewed = await db
      .update(idempotencyKeys)
      .set({ createdAt: renewedAt })
      .where(
        and(
          eq(idempotencyKeys.companyId, scope.companyId),
          eq(idempotencyKeys.route, scope.route),
          eq(idempotencyKeys.key, scope.key),
          eq(idempotencyKeys.completed, false),
          eq(idempotencyKeys.createdAt, since),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    // Not renewed: completed, released, or (after a long stall) taken over by a retry; it is not ours.
    if (renewed.length > 0) claimedAt.set(scope, renewedAt);
  }, everyMs);
}

/** Stores the answer with the work, in the same transaction, so a retry sees both or neither. */
export async function completeIdempotencyKey(
  tx: Db,
  scope: IdempotencyScope,
  statusCode: number,
  body: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ completed: true, statusCode, body })
    .where(
      and(
        eq(idempotencyKeys.companyId, scope.companyId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
      ),
    );
}

/**
 * Gives a key back after a failure, so a corrected retry with the same key is processed anew. When the
 * failure was the database going away, giving the key back fails too: it is then retried in the
 * background until it succeeds (or the claim would be stale anyway), so the client's retry once the
 * database is back is not told 'in progress' for minutes.
 */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<void> {
  try {
    await deleteClaim(db, scope);
  } catch (error) {
    if (isDatabaseUnavailable(error)) retryReleaseLater(db, scope, Date.now() + STALE_CLAIM_MS);
    throw error;
  }
}

function retryReleaseLater(db: Db, scope: IdempotencyScope, giveUpAt: number): void {
  const timer = setTimeout(() => {
    deleteClaim(db, scope).catch((error: unknown) => {
      if (isDatabaseUnavailable(error) && Date.now() < giveUpAt) retryReleaseLater(db, scope, giveUpAt);
    });
  }, RELEASE_RETRY_MS);
  // Never the reason a shutting-down process stays alive.
  timer.unref();
}

async function deleteClaim(db: Db, scope: IdempotencyScope): Promise<void> {
  const since = claimedAt.get(scope);
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.companyId, scope.companyId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
        eq(idempotencyKeys.completed, false),
        since ? eq(idempotencyKeys.createdAt, since) : undefined,
      ),
    );
}

/**
 * Deletes every unfinished claim; returns how many. Only for a database no other process uses (the
 * embedded PGlite, whose data directory this process has locked): at start-up an unfinished claim
 * there belongs to a request that died with the previous process (a crash, a kill), and keeping it
 * would answer that request's retries 409 until the claim went stale minutes later.
 */
export async function releaseAbandonedClaims(db: Db): Promise<number> {
  const released = await db
    .delete(idempotencyKeys)
    .where(eq(idempotencyKeys.completed, false))
    .returning({ key: idempotencyKeys.key });
  return released.length;
}
