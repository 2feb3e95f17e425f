import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../test/db';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema/jobs';
import type { EmailMessage } from './email-sender';
import { createJobQueue, type JobQueue, type JobQueueOptions, releaseAbandonedJobLeases } from './job-queue';

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

/** A queue as one server process has it; `queues` are stopped after each test that made them. */
function newQueue(overrides: Partial<JobQueueOptions> = {}): JobQueue {
  return createJobQueue({ db: database.db, log: quietLog, pollIntervalMs: 30, ...overrides });
}

function mail(to: string): EmailMessage {
  return { to, subject: `Hello ${to}`, text: 'A link: https://example.test/secret' };
}

async function stateOf(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

describe('job queue', () => {
  it('lets the event loop turn between jobs, so a long batch does not hold waiting requests', async () => {
    const queue = newQueue();
    let ran = 0;
    queue.register('mail.send', async () => {
      ran += 1;
    });
    const total = 30;
    const ids = await database.db.transaction(async (tx) => {
      const made: number[] = [];
      for (let index = 0; index < total; index += 1) {
        made.push(await queue.enqueue(tx, companyId, 'mail.send', mail(`loop${index}@example.test`)));
      }
      return made;
    });
    const seenByMacrotask = new Promise<number>((resolve) => {
      const check = () => (ran > 0 ? resolve(ran) : setImmediate(check));
      setImmediate(check);
    });
    const running = queue.runNow(ids);
    expect(await seenByMacrotask).toBeLessThan(total);
    await running;
    await queue.settled();
    expect(ran).toBe(total);
    await queue.stop();
  });

  it('runs a job enqueued in a committed transaction once, and never one whose transaction rolled back', async () => {
    const queue = newQueue();
    const sent: string[] = [];
    queue.register('mail.send', async (job) => {
      sent.push(job.payload.to);
    });
    const id = await database.db.transaction((tx) =>
      queue.enqueue(tx, companyId, 'mail.send', mail('committed@example.test')),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, companyId, 'mail.send', mail('rolled-back@example.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await queue.runNow([id]);
    await queue.settled();
    expect(sent).toEqual(['committed@example.test']);
    const row = await stateOf(id);
    expect(row?.state).toBe('done');
    // A delivered mail's body (it may hold a password link) is not kept.
    expect(row?.payload).toEqual({});
    await queue.stop();
  });

  it("answers runNow after the job ran when this process's poller leased it first", async () => {
    const queue = newQueue({ pollIntervalMs: 60_000 });
    let release: () => void = () => {};
    const isHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hasStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      hasStarted = resolve;
    });
    const sent: string[] = [];
    queue.register('mail.send', async (job) => {
      hasStarted();
      await isHeld;
      sent.push(job.payload.to);
    });
    const id = await database.db.transaction((tx) =>
      queue.enqueue(tx, companyId, 'mail.send', mail('polled@example.test')),
    );
    // The poller's first pass leases the job and holds it in its handler.
    queue.start();
    try {
      await started;
      let isAnswered = false;
      const answered = queue.runNow([id]).then(() => {
        isAnswered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(isAnswered).toBe(false);
      release();
      await answered;
      expect(sent).toEqual(['polled@example.test']);
      expect((await stateOf(id))?.state).toBe('done');
    } finally {
      release();
      await queue.stop();
    }
  });

  it('retries a failing job with growing delays, then dead-letters it for owners, who can send it again', async () => {
    const delays: number[] = [];
    const queue = newQueue({
      maxAttempts: 3,
      retryDelayMs: (attempt) => {
        delays.push(attempt);
        return 1;
      },
    });
    let isServerDown = true;
    let attempts = 0;
    queue.register('mail.send', async () => {
      attempts += 1;
      if (isServerDown) throw new Error('550 mailbox unavailable');
    });
    const id = await queue.enqueue(database.db, companyId, 'mail.send', mail('dead@example.test'));
    await expect(queue.runNow([id])).rejects.toThrow('550 mailbox unavailable');
    queue.start();
    await queue.settled();
    expect(attempts).toBe(3);
    expect(delays).toEqual([1, 2]);
    const dead = await queue.list(companyId, 'dead');
    expect(dead.map((job) => job.id)).toContain(id);
    const listed = dead.find((job) => job.id === id);
    expect(listed).toMatchObject({ attempts: 3, maxAttempts: 3, lastError: '550 mailbox unavailable' });
    expect(listed?.summary).toBe('dead@example.test: Hello dead@example.test');

    isServerDown = false;
    expect(await queue.retry(companyId, id)).toBe(true);
    await queue.settled();
    expect((await stateOf(id))?.state).toBe('done');
    expect(attempts).toBe(4);
    // Only a dead job can be retried, and only by its company.
    expect(await queue.retry(companyId, id)).toBe(false);
    await queue.stop();
  });

  it('runs again a job whose lease is no longer renewed, once the lease has expired', async () => {
    // Process A takes the job and never finishes: its handler never settles, and past its longest run
    // it stops renewing the lease, as a process killed mid-send stops renewing it.
    const processA = newQueue({ leaseMs: 300, maxRunMs: 1 });
    let startedInA = 0;
    processA.register('mail.send', () => {
      startedInA += 1;
      return new Promise<void>(() => {});
    });
    const id = await processA.enqueue(database.db, companyId, 'mail.send', mail('crash@example.test'));
    void processA.runNow([id]);
    await expect.poll(() => startedInA, { timeout: 5_000 }).toBe(1);
    expect((await stateOf(id))?.lockedUntil).not.toBeNull();

    // Process B polls: nothing to do while the lease holds, then it takes the job over.
    const sentByB: number[] = [];
    const processB = newQueue();
    processB.register('mail.send', async (job) => {
      sentByB.push(job.attempt);
    });
    processB.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sentByB).toEqual([]);
    await expect.poll(() => sentByB, { timeout: 10_000 }).toEqual([2]);
    await expect.poll(async () => (await stateOf(id))?.state).toBe('done');
    await processB.stop();
  });

  it('keeps the lease of a job that runs longer than the lease while its process lives', async () => {
    // A lease of 1.5 s renewed every 0.5 s (slack for a busy machine), a job of 4.5 s: three leases
    // long, so only the renewals keep it from B.
    const processA = newQueue({ leaseMs: 1_500 });
    const runs: string[] = [];
    processA.register('mail.send', async () => {
      runs.push('A');
      await new Promise((resolve) => setTimeout(resolve, 4_500));
    });
    const processB = newQueue({ leaseMs: 1_500 });
    processB.register('mail.send', async () => {
      runs.push('B');
    });
    const id = await processA.enqueue(database.db, companyId, 'mail.send', mail('slow@example.test'));
    const running = processA.runNow([id]);
    await expect.poll(() => runs, { timeout: 5_000 }).toEqual(['A']);
    processB.start();
    await running;
    await processB.settled();
    expect(runs).toEqual(['A']);
    expect(await stateOf(id)).toMatchObject({ state: 'done', attempts: 1 });
    await processB.stop();
    await processA.stop();
  });

  it('releases at start the lease a dead process left on the embedded database, so the job runs at once', async () => {
    // The previous process took the job (lease for a minute) and was killed before it finished.
    const previous = newQueue({ leaseMs: 60_000 });
    let startedBefore = 0;
    previous.register('mail.send', () => {
      startedBefore += 1;
      return new Promise<void>(() => {});
    });
    const id = await previous.enqueue(database.db, companyId, 'mail.send', mail('restart@example.test'));
    void previous.runNow([id]);
    await expect.poll(() => startedBefore, { timeout: 5_000 }).toBe(1);
    expect((await stateOf(id))?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // The next start: on PGlite nobody else can hold a lease, so every lease left is released.
    expect(await releaseAbandonedJobLeases(database.db)).toBeGreaterThanOrEqual(1);
    expect((await stateOf(id))?.lockedUntil).toBeNull();
    const sent: number[] = [];
    const next = newQueue();
    next.register('mail.send', async (job) => {
      sent.push(job.attempt);
    });
    next.start();
    // Well within the minute the lease would have lasted; the interrupted attempt stays counted.
    await expect.poll(() => sent, { timeout: 2_000 }).toEqual([2]);
    await expect.poll(async () => (await stateOf(id))?.state).toBe('done');
    // Finished jobs and jobs nobody holds are left alone.
    expect(await releaseAbandonedJobLeases(database.db)).toBe(0);
    await next.stop();
  });

  it('never runs one job in two processes at once', async () => {
    const runs = new Map<number, number>();
    const first = newQueue();
    const queues = [first, newQueue(), newQueue()];
    for (const queue of queues) {
      queue.register('mail.send', async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
    }
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(await first.enqueue(database.db, companyId, 'mail.send', mail(`many${i}@example.test`)));
    }
    for (const queue of queues) queue.start();
    await Promise.all(queues.map((queue) => queue.settled()));
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    await Promise.all(queues.map((queue) => queue.stop()));
  });

  it('drops a pending job replaced by a newer one with the same key', async () => {
    const queue = newQueue();
    const sent: string[] = [];
    queue.register('mail.send', async (job) => {
      sent.push(job.payload.text);
    });
    const older = await queue.enqueue(
      database.db,
      companyId,
      'mail.send',
      { ...mail('link@example.test'), text: 'old link' },
      { replaceKey: 'password-link:1' },
    );
    const newer = await queue.enqueue(
      database.db,
      companyId,
      'mail.send',
      { ...mail('link@example.test'), text: 'new link' },
      { replaceKey: 'password-link:1' },
    );
    await queue.runNow([older, newer]);
    expect(sent).toEqual(['new link']);
    expect(await stateOf(older)).toBeUndefined();
    await queue.stop();
  });

  it('leaves jobs of kinds this process cannot run to the processes that can', async () => {
    const queue = newQueue();
    queue.register('mail.send', async () => {});
    const [row] = await database.db
      .insert(jobs)
      .values({ companyId, kind: 'webhook.deliver', payload: {}, maxAttempts: 3 })
      .returning({ id: jobs.id });
    queue.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!row) throw new Error('no job');
    expect((await stateOf(row.id))?.attempts).toBe(0);
    await queue.stop();
    await database.db.execute(sql`delete from jobs where kind = 'webhook.deliver'`);
  });
});
