import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type OutboxEvent, outboxEvents } from '../db/schema/events';
import type { Db } from '../db/tables';
import { keepRenewing, LEASE_MS, renewalIntervalOf } from './lease-renewal';

/**
 * The events one module announces and others react to (docs/decisions/008-module-contract.md). A
 * payload names what changed by id; a subscriber reads the rest itself, so it sees committed state.
 */
export type DomainEvents = {
  /**
   * A candidate's application was stored (never for a replayed submission). `linkOrigin`: the trusted
   * origin of the request (request.linkOrigin), for links in mail about it; null when there is none.
   */
  'application.created': { applicationId: number; linkOrigin: string | null };
  /** Staff moved an application to another stage of its vacancy's pipeline. */
  'application.stage_changed': {
    applicationId: number;
    vacancyId: number;
    fromStageId: number | null;
    toStageId: number;
  };
  /** A vacancy went on the careers site (not sent again for a re-publish of a published one). */
  'vacancy.published': { vacancyId: number };
  /**
   * Absences (docs/decisions/018-absence-ledger.md): a request awaits its first decision. Every
   * absence event carries `linkOrigin` as application.created does (for the links in its mail).
   */
  'absence.requested': AbsenceEventPayload;
  /** A step of a request's chain was approved and the next step awaits its decision. */
  'absence.step_approved': AbsenceEventPayload;
  /** A request was approved (its last step, or on creation when no approval is needed). */
  'absence.approved': AbsenceEventPayload;
  'absence.rejected': AbsenceEventPayload;
  /** The requester withdrew a pending request. */
  'absence.cancelled': AbsenceEventPayload;
  /** An approved absence was revoked; its days went back to the balance. */
  'absence.revoked': AbsenceEventPayload;
  /**
   * People whose teams changed: they joined or left a team, or a team of theirs moved in the tree or
   * was deleted (what their work calendar and team policies follow, decision 018).
   */
  'teams.members_changed': { employeeIds: number[] };
};
export type EventName = keyof DomainEvents;

/**
 * What an absence event names: the request, and the trusted origin of the HTTP request that caused
 * it (request.linkOrigin; null when there is none, and absent from events recorded before it was).
 */
export type AbsenceEventPayload = { requestId: number; linkOrigin: string | null };

export type DeliveredEvent<N extends EventName> = {
  /** The outbox row: stable across retries, so a subscriber can use it to stay idempotent. */
  id: number;
  name: N;
  companyId: number;
  payload: DomainEvents[N];
  createdAt: Date;
  /** 1 on the first delivery. */
  attempt: number;
};

export type EventHandler<N extends EventName> = (event: DeliveredEvent<N>) => Promise<void>;

/** Anything that can insert: the database or an open transaction. */
type Writer = Pick<Db, 'insert'>;

type NewOutboxRow = typeof outboxEvents.$inferInsert;

export type EventBus = {
  /**
   * Adds a subscriber under a stable name. Every process of a deployment must subscribe the same
   * handlers (they do: subscriptions are made while the app is built).
   */
  subscribe<N extends EventName>(name: N, handlerName: string, handler: EventHandler<N>): void;
  /**
   * Records an event in the caller's transaction: one outbox row per subscriber, delivered after
   * the transaction commits, and never when it rolls back. Call `dispatchSoon()` after the commit.
   */
  publish<N extends EventName>(
    writer: Writer,
    companyId: number,
    name: N,
    payload: DomainEvents[N],
  ): Promise<void>;
  /**
   * `publish` for many events of one name at once, in the order given (as many `publish` calls
   * would record them): the outbox rows go in multi-row inserts of at most OUTBOX_INSERT_ROWS rows.
   */
  publishMany<N extends EventName>(
    writer: Writer,
    companyId: number,
    name: N,
    payloads: readonly DomainEvents[N][],
  ): Promise<void>;
  /** Delivers due events now rather than at the next poll (call after a commit that published). */
  dispatchSoon(): void;
  /** Starts polling for due events (deliveries left by other processes, retries). */
  start(): void;
  /** Stops polling and waits for the delivery in progress. */
  stop(): Promise<void>;
  /** Resolves once no event is due or being delivered (tests, graceful stops). */
  settled(timeoutMs?: number): Promise<void>;
};

export type EventBusOptions = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** How often to look for due events when nothing asked (ms). */
  pollIntervalMs?: number;
  /**
   * How long a claim lasts without renewal (default 15 s): renewed while the batch is delivered, so a
   * process that dies mid-delivery leaves its events to the others this soon after it.
   */
  claimMs?: number;
  /** Attempts before a delivery is dead (failed_at set). */
  maxAttempts?: number;
  /** Delay before retry n (1-based) in ms. */
  retryDelayMs?: (attempt: number) => number;
};

const BATCH = 20;
/** Outbox rows one insert statement carries at the most (publishMany), well under the bind-parameter limit. */
export const OUTBOX_INSERT_ROWS = 500;
/** Delivered rows are kept this long (inspection), then removed. */
const KEEP_DELIVERED_MS = 7 * 24 * 3_600_000;
const CLEANUP_EVERY_MS = 3_600_000;

export function createEventBus(opts: EventBusOptions): EventBus {
  const { db, log } = opts;
  const pollIntervalMs = opts.pollIntervalMs ?? 1_000;
  const claimMs = opts.claimMs ?? LEASE_MS;
  const maxAttempts = opts.maxAttempts ?? 8;
  const retryDelayMs =
    opts.retryDelayMs ?? ((attempt: number) => Math.min(3_600_000, 1_000 * 4 ** (attempt - 1)));
  const handlers = new Map<string, { name: EventName; handler: EventHandler<EventName> }>();

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let isRequested = false;
  let isStopped = false;
  let lastCleanup = 0;

  /** Claims a batch of due deliveries for this process. */
  async function claimDue(): Promise<OutboxEvent[]> {
    const due = db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(
        and(
          isNull(outboxEvents.deliveredAt),
          isNull(outboxEvents.failedAt),
          sql`${outboxEvents.availableAt} <= now()`,
          sql`(${outboxEvents.lockedUntil} is null or ${outboxEvents.lockedUntil} < now())`,
          // Only what this process can deliver (during a rolling deploy, old processes lack new subscribers).
          inArray(outboxEvents.handler, [...handlers.keys()]),
        ),
      )
      .orderBy(asc(outboxEvents.availableAt), asc(outboxEvents.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(outboxEvents)
      .set({
        lockedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval`,
        attempts: sql`${outboxEvents.attempts} + 1`,
      })
      .where(inArray(outboxEvents.id, due))
      .returning();
  }

  /**
   * Hands one row to its subscriber: true when it was handled (the caller marks it delivered, with
   * the others of its run, in markDelivered); a failure is recorded here, for a retry or for good.
   */
  async function deliver(row: OutboxEvent): Promise<boolean> {
    const subscriber = handlers.get(row.handler);
    try {
      if (!subscriber) throw new Error(`no subscriber named ${row.handler} in this process`);
      await subscriber.handler({
        id: row.id,
        name: subscriber.name,
        companyId: row.companyId,
        payload: row.payload as DomainEvents[EventName],
        createdAt: row.createdAt,
        attempt: row.attempts,
      });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isDead = row.attempts >= maxAttempts;
      log[isDead ? 'error' : 'warn'](
        { err: error, event: row.name, handler: row.handler, outboxId: row.id, attempt: row.attempts },
        isDead ? 'event delivery failed for good' : 'event delivery failed; it will be retried',
      );
      await db
        .update(outboxEvents)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 2_000),
          ...(isDead
            ? { failedAt: sql`now()` }
            : { availableAt: sql`now() + ${`${retryDelayMs(row.attempts)} milliseconds`}::interval` }),
        })
        .where(and(eq(outboxEvents.companyId, row.companyId), eq(outboxEvents.id, row.id)));
      return false;
    }
  }

  /**
   * Marks handled rows delivered, one statement per company: a run of a subscriber's rows (a bulk
   * action publishes a thousand) costs one write, not one per event. A process that dies before it
   * leaves them to be delivered again when their claims lapse: at least once, as before.
   */
  async function markDelivered(rows: readonly OutboxEvent[]): Promise<void> {
    const byCompany = new Map<number, number[]>();
    for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.id]);
    for (const [companyId, ids] of byCompany) {
      await db
        .update(outboxEvents)
        .set({ deliveredAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(and(eq(outboxEvents.companyId, companyId), inArray(outboxEvents.id, ids)));
    }
  }

  async function cleanUp(): Promise<void> {
    if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = Date.now();
    await db
      .delete(outboxEvents)
      .where(lt(outboxEvents.deliveredAt, new Date(Date.now() - KEEP_DELIVERED_MS)));
  }

  async function runOnce(): Promise<void> {
    if (handlers.size === 0) return;
    do {
      isRequested = false;
      // UPDATE … RETURNING answers in no set order: put the claimed rows back in the order claimed.
      const batch = (await claimDue()).sort(
        (a, b) => a.availableAt.getTime() - b.availableAt.getTime() || a.id - b.id,
      );
      // Each subscriber's deliveries one at a time, in the order of ids; different subscribers side by
      // side (a handler that sends mail waits on SMTP, and the others need not wait behind it). The
      // claims of those not delivered yet are renewed meanwhile.
      const held = new Set(batch.map((row) => row.id));
      const stopRenewing = keepRenewing(
        async () => {
          if (held.size === 0) return;
          await db
            .update(outboxEvents)
            .set({ lockedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval` })
            .where(
              and(
                inArray(outboxEvents.id, [...held]),
                isNull(outboxEvents.deliveredAt),
                sql`${outboxEvents.lockedUntil} is not null`,
              ),
            );
        },
        renewalIntervalOf(claimMs),
        (error) => log.warn({ err: error }, 'renewing event claims failed'),
      );
      const bySubscriber = new Map<string, OutboxEvent[]>();
      for (const row of batch) bySubscriber.set(row.handler, [...(bySubscriber.get(row.handler) ?? []), row]);
      try {
        await Promise.all(
          [...bySubscriber.values()].map(async (rows) => {
            // Handled rows stay held (their claims renewed) until marked delivered together.
            const handled: OutboxEvent[] = [];
            try {
              for (const row of rows) {
                if (await deliver(row)) handled.push(row);
                else held.delete(row.id);
                // PGlite answers in microtasks: without a turn of the event loop here, a thousand
                // deliveries would run back to back before any waiting request was even read.
                await setImmediatePromise();
              }
            } finally {
              await markDelivered(handled);
              for (const row of handled) held.delete(row.id);
            }
          }),
        );
      } finally {
        stopRenewing();
      }
      if (batch.length === BATCH) isRequested = true;
    } while (isRequested && !isStopped);
    await cleanUp();
  }

  /** One outbox row per subscriber of `name` for each payload, payload by payload (the ids keep that order). */
  function outboxRowsOf<N extends EventName>(
    companyId: number,
    name: N,
    payloads: readonly DomainEvents[N][],
  ): NewOutboxRow[] {
    const subscribers = [...handlers.entries()]
      .filter(([, subscriber]) => subscriber.name === name)
      .map(([handler]) => handler);
    return payloads.flatMap((payload) =>
      subscribers.map((handler) => ({ companyId, name, handler, payload })),
    );
  }

  function dispatch(): Promise<void> {
    if (running) {
      isRequested = true;
      return running;
    }
    running = runOnce()
      .catch((error: unknown) =>
        log.error({ err: error }, 'event dispatch failed; retrying at the next poll'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    subscribe(name, handlerName, handler) {
      if (handlers.has(handlerName)) throw new Error(`event subscriber ${handlerName} is registered twice`);
      handlers.set(handlerName, { name, handler: handler as EventHandler<EventName> });
    },
    async publish(writer, companyId, name, payload) {
      const rows = outboxRowsOf(companyId, name, [payload]);
      if (rows.length > 0) await writer.insert(outboxEvents).values(rows);
    },
    async publishMany(writer, companyId, name, payloads) {
      const rows = outboxRowsOf(companyId, name, payloads);
      for (let start = 0; start < rows.length; start += OUTBOX_INSERT_ROWS) {
        await writer.insert(outboxEvents).values(rows.slice(start, start + OUTBOX_INSERT_ROWS));
      }
    },
    dispatchSoon() {
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
    },
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        await dispatch();
        const [pending] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(outboxEvents)
          .where(
            and(
              isNull(outboxEvents.deliveredAt),
              isNull(outboxEvents.failedAt),
              sql`${outboxEvents.availableAt} <= now()`,
            ),
          );
        if ((pending?.count ?? 0) === 0 && !running) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('events still pending after the timeout');
    },
  };
}
