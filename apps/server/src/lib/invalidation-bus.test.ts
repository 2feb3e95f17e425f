import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { DatabaseHandle } from '../db/client';
import { createInvalidationBus, type InvalidationBus } from './invalidation-bus';

const context = inject('kadryTestDatabase');
const quietLog = { warn: () => {} };

let database: DatabaseHandle;
const buses: InvalidationBus[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.stop()));
  await database?.close();
});

/** A bus as one server process has it (each has its own LISTEN connection on PostgreSQL). */
async function newBus(): Promise<{ bus: InvalidationBus; heard: Array<number | 'all'> }> {
  const bus = createInvalidationBus({ database, log: quietLog });
  const heard: Array<number | 'all'> = [];
  bus.on('public-answers', (companyId) => heard.push(companyId));
  await bus.start();
  buses.push(bus);
  return { bus, heard };
}

describe('cache invalidation bus', () => {
  it('runs the handlers of the publishing process at once, once', async () => {
    const one = await newBus();
    one.bus.publish('public-answers', 7);
    expect(one.heard).toEqual([7]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Its own NOTIFY coming back is ignored.
    expect(one.heard).toEqual([7]);
  });

  it.runIf(context.kind === 'postgres')('tells the other processes through NOTIFY', async () => {
    const first = await newBus();
    const second = await newBus();
    first.bus.publish('public-answers', 11);
    await expect.poll(() => second.heard, { timeout: 1_000 }).toEqual([11]);
    expect(first.heard).toEqual([11]);
  });

  it.runIf(context.kind === 'pglite')('stays in process on the embedded database (one process only)', () => {
    expect(database.listen).toBeUndefined();
  });
});
