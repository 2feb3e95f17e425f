import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/idempotency';
import { AppError } from './app-error';

/** A claim older than this belongs to a request that died (crash, deploy); a retry may take it over. */
const STALE_CLAIM_MS = 2 * 60 * 1000;

export type IdempotencyScope = { companyId: number; route: string; key: string; requestHash: string };

export type IdempotencyClaim = { state: 'claimed' } | { state: 'replay'; statusCode: number; body: unknown };

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
  if (inserted.length > 0) return { state: 'claimed' };

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
  if (takenOver.length > 0) return { state: 'claimed' };
  throw new AppError('conflict', { key: 'errors.request_in_progress', retryAfter: 2 });
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

/** Gives a key back after a failure, so a corrected retry with the same key is processed anew. */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.companyId, scope.companyId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
        eq(idempotencyKeys.completed, false),
      ),
    );
}
