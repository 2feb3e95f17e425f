import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../test/db';
import type { DatabaseHandle } from '../db/client';
import type { Db } from '../db/tables';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyScope,
  keepClaimAlive,
  releaseAbandonedClaims,
  releaseIdempotencyKey,
} from './idempotency';

let handle: DatabaseHandle;
let companyId: number;
beforeAll(async () => {
  handle = await createTestDatabase();
  companyId = (await seedCompany(handle.db)).id;
});
afterAll(async () => handle.close());

function scopeOf(key: string): IdempotencyScope {
  return { companyId, route: 'POST /test', key, requestHash: 'h' };
}

/** The database as seen while it is down: its next `count` deletes fail as an unreachable server does. */
function withFailingDeletes(db: Db, count: number): Db {
  let failures = count;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'delete' || failures <= 0) return Reflect.get(target, property, receiver);
      failures -= 1;
      const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return () => ({ where: () => Promise.reject(error) });
    },
  });
}

describe('releaseIdempotencyKey', () => {
  it('keeps trying to give a key back while the database is unreachable, so the retry is not held up', async () => {
    const now = new Date();
    const scope = scopeOf('outage');
    await claimIdempotencyKey(handle.db, scope, now);

    await expect(releaseIdempotencyKey(withFailingDeletes(handle.db, 2), scope)).rejects.toThrow(
      'ECONNREFUSED',
    );
    // Still claimed: a retry now is told the work is in progress…
    await expect(claimIdempotencyKey(handle.db, scopeOf('outage'), now)).rejects.toMatchObject({
      status: 409,
    });

    // …until the background release gets through (one more failure, then success, 1 s apart).
    const deadline = Date.now() + 5_000;
    let claim: unknown;
    while (Date.now() < deadline) {
      claim = await claimIdempotencyKey(handle.db, scopeOf('outage'), new Date()).catch(() => null);
      if (claim) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(claim).toEqual({ state: 'claimed' });
  });

  it('never gives back a claim that a later request has taken over', async () => {
    const start = new Date(Date.now() - 10 * 60 * 1000);
    const first = scopeOf('taken-over');
    await claimIdempotencyKey(handle.db, first, start);
    // Minutes later the first request looks dead and a retry takes the key over…
    const second = scopeOf('taken-over');
    expect(await claimIdempotencyKey(handle.db, second, new Date())).toEqual({ state: 'claimed' });
    // …then the first one fails after all and gives back what it thinks is its claim.
    await releaseIdempotencyKey(handle.db, first);

    await expect(claimIdempotencyKey(handle.db, scopeOf('taken-over'), new Date())).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe('releaseAbandonedClaims', () => {
  it('frees the keys of requests that died mid-way and keeps the answers of completed ones', async () => {
    const scope = scopeOf;
    await releaseAbandonedClaims(handle.db); // claims other tests in this file left behind
    const now = new Date();
    await claimIdempotencyKey(handle.db, scope('died'), now);
    await claimIdempotencyKey(handle.db, scope('done'), now);
    await completeIdempotencyKey(handle.db, scope('done'), 201, { data: { id: 7 } });
    // Before: the dead request's retry is told the work is still in progress.
    await expect(claimIdempotencyKey(handle.db, scope('died'), now)).rejects.toMatchObject({ status: 409 });

    expect(await releaseAbandonedClaims(handle.db)).toBe(1);

    expect(await claimIdempotencyKey(handle.db, scope('died'), now)).toEqual({ state: 'claimed' });
    expect(await claimIdempotencyKey(handle.db, scope('done'), now)).toEqual({
      state: 'replay',
      statusCode: 201,
      body: { data: { id: 7 } },
    });
  });
});

describe('claimIdempotencyKey under concurrency (two processes, one submission)', () => {
  it('lets exactly one of two simultaneous requests with a key work; the other is told to retry, then replays', async () => {
    const scope = scopeOf('concurrent-first');
    const now = new Date();
    const outcomes = await Promise.allSettled([
      claimIdempotencyKey(handle.db, { ...scope }, now),
      claimIdempotencyKey(handle.db, { ...scope }, now),
    ]);
    const claimed = outcomes.filter((o) => o.status === 'fulfilled' && o.value.state === 'claimed');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(claimed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });

    await handle.db.transaction((tx) => completeIdempotencyKey(tx, scope, 201, { data: { id: 1 } }));
    expect(await claimIdempotencyKey(handle.db, { ...scope }, new Date())).toEqual({
      state: 'replay',
      statusCode: 201,
      body: { data: { id: 1 } },
    });
  });

  it('hands a crashed request’s expired claim to exactly one of two simultaneous retries', async () => {
    const scope = scopeOf('concurrent-takeover');
    const crashedAt = new Date(Date.now() - 10 * 60 * 1000);
    expect(await claimIdempotencyKey(handle.db, { ...scope }, crashedAt)).toEqual({ state: 'claimed' });
    const now = new Date();
    const outcomes = await Promise.allSettled([
      claimIdempotencyKey(handle.db, { ...scope }, now),
      claimIdempotencyKey(handle.db, { ...scope }, now),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value.state === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
  });

  it('keeps a running request’s claim from going stale, and lets it go stale once the request is gone', async () => {
    const scope = scopeOf('renewed');
    // Claimed almost 15 s ago (a slow upload): without renewal a retry would take it over now.
    const claimedAt = new Date(Date.now() - 14_900);
    expect(await claimIdempotencyKey(handle.db, scope, claimedAt)).toEqual({ state: 'claimed' });
    const stop = keepClaimAlive(handle.db, scope, 50);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(claimIdempotencyKey(handle.db, scopeOf('renewed'), new Date())).rejects.toMatchObject({
      status: 409,
    });
    // The process dies: no more renewals, and 15 s later a retry takes the key over.
    stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = new Date(Date.now() + 15_500);
    expect(await claimIdempotencyKey(handle.db, scopeOf('renewed'), later)).toEqual({ state: 'claimed' });
    // The request that held it is not given back its claim by a late renewal, nor can it release it.
    await releaseIdempotencyKey(handle.db, scope);
    await expect(claimIdempotencyKey(handle.db, scopeOf('renewed'), later)).rejects.toMatchObject({
      status: 409,
    });
  });
});
