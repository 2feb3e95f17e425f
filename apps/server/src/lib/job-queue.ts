import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type JobRow, type JobState, jobs } from '../db/schema/jobs';
import type { Db } from '../db/tables';
import type { EmailMessage } from './email-sender';
import { keepRenewing, LEASE_MS, renewalIntervalOf } from './lease-renewal';

/** The jobs Kadry runs, by kind, with their payloads (docs/decisions/020-job-queue.md). */
export type JobPayloads = {
  /** One e-mail to hand to the mail server. */
  'mail.send': EmailMessage;
  /** A mail to a candidate (application_mails row): its state follows the delivery. */
  'candidate-mail.send': { mailId: number };
  /** One webhook delivery (modules/webhooks): POST the stored payload, signed, to the webhook's URL. */
  'webhook.deliver': { deliveryId: number };
  /**
   * An interview's reminder (modules/applications, issue 17): mail to its candidate and interviewers,
   * unless the interview was moved (`sequence` is no longer its own) or cancelled since.
   */
  'interview.remind': { interviewId: number; sequence: number; linkOrigin: string | null };
};
export type JobKind = keyof JobPayloads;

export type RunningJob<K extends JobKind> = {
  id: number;
  kind: K;
  companyId: number;
  payload: JobPayloads[K];
  /** 1 on the first attempt. */
  attempt: number;
};
export type JobHandler<K extends JobKind> = (job: RunningJob<K>) => Promise<void>;

/** Anything that can insert and delete: the database or the caller's open transaction. */
type Writer = Pick<Db, 'insert' | 'delete'>;

/** A job as owners see it (GET /api/v1/admin/jobs). */
export type JobSummary = Pick<
  JobRow,
  | 'id'
  | 'kind'
  | 'state'
  | 'attempts'
  | 'maxAttempts'
  | 'lastError'
  | 'createdAt'
  | 'finishedAt'
  | 'availableAt'
> & { summary: string };

export type JobQueue = {
  /** Adds the handler of a kind. Every process must register the same ones (they do: at build time). */
  register<K extends JobKind>(kind: K, handler: JobHandler<K>): void;
  /**
   * Records a job in the caller's transaction: it exists exactly when the caller's change commits.
   * `replaceKey`: a pending job of the company with the same key is dropped (it is out of date).
   * `availableAt`: not run before then. Answers the job's id; call `runNow` or `runSoon` after the commit.
   */
  enqueue<K extends JobKind>(
    writer: Writer,
    companyId: number,
    kind: K,
    payload: JobPayloads[K],
    opts?: { replaceKey?: string; maxAttempts?: number; availableAt?: Date },
  ): Promise<number>;
  /**
   * Runs these jobs in this process now (a first attempt, under a lease like any other). Rejects with
   * the error of the first job that failed; a failed job stays queued and is retried with backoff.
   * A job this process's poller leased first is waited for too.
   */
  runNow(ids: readonly number[]): Promise<void>;
  /** Runs due jobs soon rather than at the next poll. */
  runSoon(): void;
  start(): void;
  stop(): Promise<void>;
  /** Resolves once no job is due or running (tests, graceful stops). */
  settled(timeoutMs?: number): Promise<void>;
  /** A company's jobs in a state, newest first (owners' dead-letter view). */
  list(companyId: number, state: JobState, limit?: number): Promise<JobSummary[]>;
  /** Makes a dead job pending again with a fresh set of attempts; false when there is no such dead job. */
  retry(companyId: number, id: number): Promise<boolean>;
};

export type JobQueueOptions = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  pollIntervalMs?: number;
  /**
   * How long a lease lasts without renewal (default 15 s): the holder renews it while the job runs, so
   * a process that dies mid-job leaves it to others this soon after it.
   */
  leaseMs?: number;
  /**
   * A job still running after this long (default 10 minutes: a hung SMTP connection) stops renewing
   * its lease, so another process may try it again once the lease runs out.
   */
  maxRunMs?: number;
  maxAttempts?: number;
  /** Delay before retry n (1-based) in ms. */
  retryDelayMs?: (attempt: number) => number;
};

const BATCH = 10;
/** Finished jobs are kept this long (inspection), then removed; dead ones stay until retried or the company goes. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;
const CLEANUP_EVERY_MS = 3_600_000;

/** Exponential backoff: 10 s, 40 s, 160 s … capped at an hour. */
export function defaultRetryDelayMs(attempt: number): number {
  return Math.min(3_600_000, 10_000 * 4 ** (attempt - 1));
}

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { db, log } = opts;
  const pollIntervalMs = opts.pollIntervalMs ?? 2_000;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const maxRunMs = opts.maxRunMs ?? 10 * 60_000;
  const defaultMaxAttempts = opts.maxAttempts ?? 8;
  const retryDelayMs = opts.retryDelayMs ?? defaultRetryDelayMs;
  const handlers = new Map<string, JobHandler<JobKind>>();

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let isRequested = false;
  let isStopped = false;
  let lastCleanup = 0;
  /** Jobs being run by runNow, so `settled` waits for them too. */
  const inFlight = new Set<Promise<unknown>>();

  /** Leases due jobs (all, or the given ids): FOR UPDATE SKIP LOCKED, so two processes never share one. */
  async function claim(ids?: readonly number[]): Promise<JobRow[]> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, 'pending'),
          ids ? inArray(jobs.id, [...ids]) : sql`${jobs.availableAt} <= now()`,
          sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())`,
          inArray(jobs.kind, [...handlers.keys()]),
        ),
      )
      .orderBy(asc(jobs.availableAt), asc(jobs.id))
      .limit(ids ? ids.length : BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /**
   * Runs leased jobs one after the other, renewing the leases of those not finished yet, so a long
   * job (or a long batch) keeps them while a dead process's leases run out. Answers each one's error.
   */
  async function executeAll(rows: readonly JobRow[]): Promise<unknown[]> {
    const held = new Set(rows.map((row) => row.id));
    let current: { id: number; startedAt: number } | null = null;
    const stopRenewing = keepRenewing(
      async () => {
        if (current && Date.now() - current.startedAt >= maxRunMs) held.delete(current.id);
        if (held.size === 0) return;
        await db
          .update(jobs)
          .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
          .where(
            and(inArray(jobs.id, [...held]), eq(jobs.state, 'pending'), sql`${jobs.lockedUntil} is not null`),
          );
      },
      renewalIntervalOf(leaseMs),
      (error) => log.warn({ err: error }, 'renewing job leases failed'),
    );
    const errors: unknown[] = [];
    try {
      for (const row of rows) {
        current = { id: row.id, startedAt: Date.now() };
        errors.push(await execute(row));
        held.delete(row.id);
        // A job that only touches PGlite answers in microtasks: a turn of the event loop between jobs
        // lets waiting requests in (as the event bus does between deliveries).
        await setImmediatePromise();
      }
    } finally {
      stopRenewing();
    }
    return errors;
  }

  /** Runs one leased job and records the outcome; answers the error when it failed. */
  async function execute(row: JobRow): Promise<unknown> {
    const handler = handlers.get(row.kind);
    const where = and(eq(jobs.companyId, row.companyId), eq(jobs.id, row.id));
    try {
      if (!handler) throw new Error(`no handler for job kind ${row.kind} in this process`);
      await handler({
        id: row.id,
        kind: row.kind as JobKind,
        companyId: row.companyId,
        payload: row.payload as JobPayloads[JobKind],
        attempt: row.attempts,
      });
      // The payload may hold a secret (a password link): not kept once delivered.
      await db
        .update(jobs)
        .set({ state: 'done', payload: {}, lockedUntil: null, lastError: null, finishedAt: sql`now()` })
        .where(where);
      return undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isDead = row.attempts >= row.maxAttempts;
      log[isDead ? 'error' : 'warn'](
        { err: error, job: row.kind, jobId: row.id, attempt: row.attempts },
        isDead ? 'job failed for good (dead letter)' : 'job failed; it will be retried',
      );
      await db
        .update(jobs)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 2_000),
          ...(isDead
            ? { state: 'dead' as const, finishedAt: sql`now()` }
            : { availableAt: sql`now() + ${`${retryDelayMs(row.attempts)} milliseconds`}::interval` }),
        })
        .where(where);
      return error ?? new Error('job failed');
    }
  }

  async function cleanUp(): Promise<void> {
    if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = Date.now();
    await db
      .delete(jobs)
      .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(Date.now() - KEEP_DONE_MS))));
  }

  async function runDue(): Promise<void> {
    if (handlers.size === 0) return;
    do {
      isRequested = false;
      const batch = await claim();
      await executeAll(batch);
      if (batch.length === BATCH) isRequested = true;
    } while (isRequested && !isStopped);
    await cleanUp();
  }

  function dispatch(): Promise<void> {
    if (running) {
      isRequested = true;
      return running;
    }
    running = runDue()
      .catch((error: unknown) => log.error({ err: error }, 'running jobs failed; retrying at the next poll'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
      handlers.set(kind, handler as JobHandler<JobKind>);
    },
    async enqueue(writer, companyId, kind, payload, options = {}) {
      if (options.replaceKey !== undefined) {
        // A leased one is being sent right now: it is left alone.
        await writer
          .delete(jobs)
          .where(
            and(
              eq(jobs.companyId, companyId),
              eq(jobs.replaceKey, options.replaceKey),
              eq(jobs.state, 'pending'),
              sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())`,
            ),
          );
      }
      const [row] = await writer
        .insert(jobs)
        .values({
          companyId,
          kind,
          payload,
          replaceKey: options.replaceKey ?? null,
          maxAttempts: options.maxAttempts ?? defaultMaxAttempts,
          // Not before then (a delayed mail); otherwise due at once.
          ...(options.availableAt ? { availableAt: options.availableAt } : {}),
        })
        .returning({ id: jobs.id });
      if (!row) throw new Error('enqueue: insert returned no row');
      return row.id;
    },
    async runNow(ids) {
      if (ids.length === 0) return;
      const work = (async () => {
        const rows = await claim(ids);
        const errors = await executeAll(rows);
        // Those not leased here may be in this process's poller batch (it polls on its own): it is
        // waited for, so that a request answers after its mail went whoever ran it. Another
        // process's lease is not waited for.
        if (rows.length < ids.length && running) await running;
        const firstError = errors.find((error) => error !== undefined);
        if (firstError !== undefined) throw firstError;
      })();
      inFlight.add(work);
      try {
        await work;
      } finally {
        inFlight.delete(work);
      }
    },
    runSoon() {
      if (!isStopped) setImmediate(() => void dispatch());
    },
    start() {
      if (timer) return;
      isStopped = false;
      timer = setInterval(() => void dispatch(), pollIntervalMs);
      timer.unref();
      void dispatch();
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      await Promise.allSettled([...inFlight]);
    },
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        await Promise.allSettled([...inFlight]);
        await dispatch();
        const [pending] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(eq(jobs.state, 'pending'), sql`${jobs.availableAt} <= now()`));
        if ((pending?.count ?? 0) === 0 && !running && inFlight.size === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('jobs still pending after the timeout');
    },
    async list(companyId, state, limit = 100) {
      const rows = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.companyId, companyId), eq(jobs.state, state)))
        .orderBy(desc(jobs.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        state: row.state,
        attempts: row.attempts,
        maxAttempts: row.maxAttempts,
        lastError: row.lastError,
        createdAt: row.createdAt,
        finishedAt: row.finishedAt,
        availableAt: row.availableAt,
        summary: summarise(row),
      }));
    },
    async retry(companyId, id) {
      const updated = await db
        .update(jobs)
        .set({
          state: 'pending',
          attempts: 0,
          availableAt: sql`now()`,
          lockedUntil: null,
          finishedAt: null,
        })
        .where(and(eq(jobs.companyId, companyId), eq(jobs.id, id), eq(jobs.state, 'dead')))
        .returning({ id: jobs.id });
      if (updated.length === 0) return false;
      setImmediate(() => void dispatch());
      return true;
    },
  };
}

/**
 * Releases every job lease still held; returns how many. Only for a database no other process uses
 * (the embedded PGlite, whose data directory this process has locked): at start-up a lease there
 * belongs to a process that died mid-job, and no other process can be running the job, so it is due
 * again at once instead of after the lease. Its attempt stays counted.
 */
export async function releaseAbandonedJobLeases(db: Db): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ lockedUntil: null })
    .where(and(eq(jobs.state, 'pending'), sql`${jobs.lockedUntil} > now()`))
    .returning({ id: jobs.id });
  return released.length;
}

/** What an owner needs to recognise a job, never its secrets (a mail's body holds links). */
function summarise(row: JobRow): string {
  if (row.kind === 'mail.send') {
    const mail = row.payload as Partial<EmailMessage>;
    return mail.to && mail.subject ? `${mail.to}: ${mail.subject}` : '';
  }
  if (row.kind === 'webhook.deliver') {
    const delivery = row.payload as Partial<JobPayloads['webhook.deliver']>;
    return delivery.deliveryId ? `webhook delivery ${delivery.deliveryId}` : '';
  }
  return '';
}
