import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { DatabaseHandle } from '../db/client';
import { countRateLimitHit, createDatabaseRateLimitStore } from './rate-limit-store';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('rate limit counters in the database', () => {
  it('counts hits of a key in its window and starts again once the window is over', async () => {
    expect(await countRateLimitHit(database.db, 'window', 300)).toMatchObject({ current: 1 });
    const second = await countRateLimitHit(database.db, 'window', 300);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await countRateLimitHit(database.db, 'window', 300)).toMatchObject({ current: 1 });
  });

  it('gives concurrent hits distinct counts (as two processes would see them)', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => countRateLimitHit(database.db, 'concurrent', 60_000)),
    );
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('keeps one count per route in the store @fastify/rate-limit uses', async () => {
    const Store = createDatabaseRateLimitStore(database.db);
    const root = new Store({});
    type ChildOptions = Parameters<InstanceType<typeof Store>['child']>[0];
    const signIn = root.child({ routeInfo: { method: 'POST', url: '/sign-in' } } as unknown as ChildOptions);
    const apply = root.child({ routeInfo: { method: 'POST', url: '/apply' } } as unknown as ChildOptions);
    const incr = (store: typeof root) =>
      new Promise<number>((resolve, reject) =>
        store.incr(
          '203.0.113.9',
          (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)),
          60_000,
          5,
        ),
      );
    expect(await incr(signIn)).toBe(1);
    expect(await incr(signIn)).toBe(2);
    expect(await incr(apply)).toBe(1);
  });
});
