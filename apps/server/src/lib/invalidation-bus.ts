import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

/**
 * The in-memory caches that other processes must drop when this one changes what they hold. A
 * message names the company; `all` (after a lost connection) drops everything of that cache.
 */
export type InvalidationTopic = 'public-answers' | 'companies';
type Message = { origin: string; topic: InvalidationTopic; companyId: number | 'all' };
export type InvalidationHandler = (companyId: number | 'all') => void;

/**
 * Cross-process cache invalidation (docs/decisions/020-job-queue.md): `publish` runs this process's
 * handlers at once and, on PostgreSQL, tells every other process through NOTIFY; they run theirs on
 * LISTEN. On the embedded PGlite only one process exists, so the bus stays in process.
 */
export type InvalidationBus = {
  on(topic: InvalidationTopic, handler: InvalidationHandler): void;
  publish(topic: InvalidationTopic, companyId: number): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export const INVALIDATION_CHANNEL = 'kadry_invalidate';

export function createInvalidationBus(opts: {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): InvalidationBus {
  const { database, log } = opts;
  // Each process hears its own NOTIFY too; its handlers already ran, so it skips those.
  const origin = randomUUID();
  const handlers = new Map<InvalidationTopic, InvalidationHandler[]>();
  let unlisten: (() => Promise<void>) | null = null;

  function runLocal(topic: InvalidationTopic, companyId: number | 'all'): void {
    for (const handler of handlers.get(topic) ?? []) handler(companyId);
  }

  return {
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    publish(topic, companyId) {
      runLocal(topic, companyId);
      if (!unlisten) return;
      const message: Message = { origin, topic, companyId };
      // Best effort: the caches also expire within seconds (docs/decisions/003-public-answer-cache.md).
      database.db
        .execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${JSON.stringify(message)})`)
        .catch((error: unknown) => log.warn({ err: error, topic }, 'cache invalidation not sent'));
    },
    async start() {
      if (!database.listen || unlisten) return;
      unlisten = await database.listen(INVALIDATION_CHANNEL, {
        onMessage(payload) {
          let message: Partial<Message>;
          try {
            message = JSON.parse(payload) as Partial<Message>;
          } catch {
            return;
          }
          if (message.origin === origin || !message.topic || message.companyId === undefined) return;
          runLocal(message.topic, message.companyId);
        },
        onReconnect() {
          // Messages sent while the connection was down are lost: drop everything instead.
          for (const topic of handlers.keys()) runLocal(topic, 'all');
        },
      });
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },
  };
}
