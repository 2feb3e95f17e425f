import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../test/db';
import type { DatabaseHandle } from '../db/client';
import { outboxEvents } from '../db/schema/events';
import { createEventBus, type DeliveredEvent, type EventBus, OUTBOX_INSERT_ROWS } from './event-bus';

const quietLog = { error: () => {}, warn: () => {} };

let database: DatabaseHandle;
let companyId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ id: companyId } = await seedCompany(database.db));
});

afterAll(async () => {
  await database?.close();
});

function newBus(overrides: Partial<Parameters<typeof createEventBus>[0]> = {}): EventBus {
  return createEventBus({ db: database.db, log: quietLog, pollIntervalMs: 50, ...overrides });
}

describe('event bus', () => {
  it('delivers an event published in a committed transaction once to each subscriber', async () => {
    const bus = newBus();
    const seen: string[] = [];
    bus.subscribe('application.created', 'test.a', async (event) => {
      seen.push(`a:${event.payload.applicationId}`);
    });
    bus.subscribe('application.created', 'test.b', async (event) => {
      seen.push(`b:${event.payload.applicationId}`);
    });
    await database.db.transaction(async (tx) => {
      await bus.publish(tx, companyId, 'application.created', { applicationId: 41, linkOrigin: null });
    });
    bus.dispatchSoon();
    await bus.settled();
    await bus.settled();
    expect(seen.sort()).toEqual(['a:41', 'b:41']);
    await bus.stop();
  });

  it('lets the event loop turn between deliveries, and marks every one delivered', async () => {
    const bus = newBus();
    let delivered = 0;
    bus.subscribe('application.created', 'test.many', async () => {
      delivered += 1;
    });
    const total = 60;
    await database.db.transaction(async (tx) => {
      await bus.publishMany(
        tx,
        companyId,
        'application.created',
        Array.from({ length: total }, (_, index) => ({ applicationId: 10_000 + index, linkOrigin: null })),
      );
    });
    // A request arriving meanwhile (a macrotask) is served while the events are still being delivered,
    // not after all of them: PGlite answers in microtasks.
    const seenByMacrotask = new Promise<number>((resolve) => {
      const settle = () => (delivered > 0 ? resolve(delivered) : setImmediate(settle));
      setImmediate(settle);
    });
    bus.dispatchSoon();
    expect(await seenByMacrotask).toBeLessThan(total);
    await bus.settled();
    expect(delivered).toBe(total);
    const left = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(outboxEvents)
      .where(sql`${outboxEvents.handler} = 'test.many' and ${outboxEvents.deliveredAt} is null`);
    expect(left[0]?.count).toBe(0);
    await bus.stop();
  });

  it('delivers nothing for a transaction that rolled back', async () => {
    const bus = newBus();
    const seen: number[] = [];
    bus.subscribe('application.created', 'test.rollback', async (event) => {
      seen.push(event.payload.applicationId);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await bus.publish(tx, companyId, 'application.created', { applicationId: 42, linkOrigin: null });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await bus.settled();
    expect(seen).toEqual([]);
    await bus.stop();
  });

  it('retries a failed delivery with the same event id, and marks it dead after the last attempt', async () => {
    const bus = newBus({ maxAttempts: 3, retryDelayMs: () => 0 });
    const attempts: DeliveredEvent<'application.created'>[] = [];
    bus.subscribe('application.created', 'test.failing', async (event) => {
      attempts.push(event);
      throw new Error(`refused ${event.attempt}`);
    });
    await bus.publish(database.db, companyId, 'application.created', { applicationId: 43, linkOrigin: null });
    await bus.settled();
    expect(attempts.map((event) => event.attempt)).toEqual([1, 2, 3]);
    expect(new Set(attempts.map((event) => event.id)).size).toBe(1);
    const [row] = await database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.handler, 'test.failing'));
    expect(row?.failedAt).toBeInstanceOf(Date);
    expect(row?.deliveredAt).toBeNull();
    expect(row?.lastError).toBe('refused 3');
    await bus.stop();
  });

  it('takes over a delivery whose claim expired (its process died), and never runs a live claim twice', async () => {
    const bus = newBus();
    const seen: number[] = [];
    bus.subscribe('application.created', 'test.takeover', async (event) => {
      seen.push(event.payload.applicationId);
    });
    await bus.publish(database.db, companyId, 'application.created', { applicationId: 44, linkOrigin: null });
    await bus.publish(database.db, companyId, 'application.created', { applicationId: 45, linkOrigin: null });
    // 44 was claimed by a process that died a minute ago; 45 is being delivered by another one now.
    await database.db
      .update(outboxEvents)
      .set({ lockedUntil: sql`now() - interval '1 minute'`, attempts: 1 })
      .where(sql`${outboxEvents.payload} ->> 'applicationId' = '44'`);
    await database.db
      .update(outboxEvents)
      .set({ lockedUntil: sql`now() + interval '1 hour'`, attempts: 1 })
      .where(sql`${outboxEvents.payload} ->> 'applicationId' = '45'`);
    bus.dispatchSoon();
    await expect.poll(() => seen).toEqual([44]);
    await bus.stop();
  });

  it('is delivered by any process: a second bus picks up what the first left', async () => {
    const writer = newBus();
    const reader = newBus();
    const seen: string[] = [];
    // Both processes run the same code: the same subscribers.
    writer.subscribe('application.created', 'test.shared', async () => {
      seen.push('writer');
    });
    reader.subscribe('application.created', 'test.shared', async () => {
      seen.push('reader');
    });
    await writer.publish(database.db, companyId, 'application.created', {
      applicationId: 46,
      linkOrigin: null,
    });
    // The writer never dispatches (it died after the commit); the reader's poll delivers.
    reader.start();
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual(['reader']);
    await reader.stop();
    await writer.stop();
  });

  it('publishes many events of one name in chunked multi-row inserts, in the order of the payloads', async () => {
    const bus = newBus();
    const seen: string[] = [];
    bus.subscribe('application.stage_changed', 'test.many.a', async (event) => {
      seen.push(`a:${event.payload.applicationId}`);
    });
    bus.subscribe('application.stage_changed', 'test.many.b', async (event) => {
      seen.push(`b:${event.payload.applicationId}`);
    });
    // Another name's subscriber gets nothing.
    bus.subscribe('application.created', 'test.many.other', async () => {
      seen.push('other');
    });
    const count = OUTBOX_INSERT_ROWS + 3;
    const payloads = Array.from({ length: count }, (_, i) => ({
      applicationId: 10_000 + i,
      vacancyId: 7,
      fromStageId: i % 2 === 0 ? null : 1,
      toStageId: 2,
    }));
    let inserts = 0;
    await database.db.transaction(async (tx) => {
      const writer = {
        insert: ((table: Parameters<typeof tx.insert>[0]) => {
          inserts += 1;
          return tx.insert(table);
        }) as typeof tx.insert,
      };
      await bus.publishMany(writer, companyId, 'application.stage_changed', payloads);
      await bus.publishMany(writer, companyId, 'application.stage_changed', []);
    });
    // Two rows a payload (one per subscriber): 1,006 rows in inserts of at most 500.
    expect(inserts).toBe(Math.ceil((count * 2) / OUTBOX_INSERT_ROWS));
    const rows = await database.db
      .select({ handler: outboxEvents.handler, name: outboxEvents.name, payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(inArray(outboxEvents.handler, ['test.many.a', 'test.many.b', 'test.many.other']))
      .orderBy(asc(outboxEvents.id));
    // The rows as one publish call per payload would have written them.
    expect(rows).toEqual(
      payloads.flatMap((payload) => [
        { handler: 'test.many.a', name: 'application.stage_changed', payload },
        { handler: 'test.many.b', name: 'application.stage_changed', payload },
      ]),
    );
    // Not delivered here (a thousand deliveries are slow on PGlite): the next test delivers a few.
    await database.db
      .delete(outboxEvents)
      .where(inArray(outboxEvents.handler, ['test.many.a', 'test.many.b']));
    await bus.stop();
  });

  it('delivers what publishMany recorded to each subscriber in the order of the payloads', async () => {
    const bus = newBus();
    const seen: string[] = [];
    bus.subscribe('application.created', 'test.few.a', async (event) => {
      seen.push(`a:${event.payload.applicationId}`);
    });
    bus.subscribe('application.created', 'test.few.b', async (event) => {
      seen.push(`b:${event.payload.applicationId}`);
    });
    await database.db.transaction(async (tx) => {
      await bus.publishMany(tx, companyId, 'application.created', [
        { applicationId: 53, linkOrigin: null },
        { applicationId: 51, linkOrigin: null },
        { applicationId: 52, linkOrigin: null },
      ]);
    });
    // Not `settled()`: an earlier test leaves a row under a live claim.
    bus.dispatchSoon();
    await expect.poll(() => seen.length).toBe(6);
    expect(seen.filter((entry) => entry.startsWith('a:'))).toEqual(['a:53', 'a:51', 'a:52']);
    expect(seen.filter((entry) => entry.startsWith('b:'))).toEqual(['b:53', 'b:51', 'b:52']);
    await bus.stop();
  });
});
