import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/tables';

/** Expired counters are removed about once per this many increments. */
const CLEANUP_EVERY = 1_000;

/**
 * Counts one hit of `key` in a fixed window of `timeWindowMs`, atomically, in the shared table: every
 * process sees the same count. Answers the count in the current window and the ms left of it.
 */
export async function countRateLimitHit(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const window = `${Math.max(1, Math.round(timeWindowMs))} milliseconds`;
  const result = await db.execute<{ count: number; ttl: number }>(sql`
    insert into rate_limit_hits as h (key, count, reset_at)
    values (${key}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      count = case when h.reset_at <= now() then 1 else h.count + 1 end,
      reset_at = case when h.reset_at <= now() then excluded.reset_at else h.reset_at end
    returning h.count, greatest(0, ceil(extract(epoch from (h.reset_at - now())) * 1000))::int as ttl`);
  const row = result.rows[0];
  if (!row) throw new Error('rate limit: the upsert returned no row');
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/**
 * A store for @fastify/rate-limit on the database (table rate_limit_hits), so a limit counts the
 * requests of every server process behind a load balancer (issue 16). Fixed windows, like the
 * plugin's own stores; `continueExceeding` and exponential backoff are not supported (no route uses them).
 */
export function createDatabaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let hits = 0;
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hits += 1;
      if (hits % CLEANUP_EVERY === 0) {
        db.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 minute'`).catch(
          () => {},
        );
      }
      countRateLimitHit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Typed as route options, but the plugin passes its merged limit parameters, the route under `routeInfo`.
      const { method, url } =
        (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${String(method ?? '')}${url ?? ''}:`);
    }
  }
  return DatabaseRateLimitStore;
}
