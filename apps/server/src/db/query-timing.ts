import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** Hears how long each database round trip took (seconds) and whether it succeeded. */
export type QueryObserver = (seconds: number, isOk: boolean) => void;

function timed<T>(observe: QueryObserver, run: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  return run().then(
    (result) => {
      observe(seconds(), true);
      return result;
    },
    (error: unknown) => {
      observe(seconds(), false);
      throw error;
    },
  );
}

function timeQueriesOf(target: Pick<PGlite | Transaction, 'query' | 'exec'>, observe: QueryObserver): void {
  // Overloaded methods: called through a plain signature, handed back under their own types.
  const query = target.query.bind(target) as (...args: unknown[]) => Promise<unknown>;
  const exec = target.exec.bind(target) as (...args: unknown[]) => Promise<unknown>;
  // Own properties shadow the prototype's methods: drizzle calls `client.query` / `tx.query`.
  target.query = ((...args: unknown[]) => timed(observe, () => query(...args))) as typeof target.query;
  target.exec = ((...args: unknown[]) => timed(observe, () => exec(...args))) as typeof target.exec;
}

/** Times every statement sent to an embedded database, inside transactions too. */
export function timePgliteQueries(client: PGlite, observe: QueryObserver): void {
  timeQueriesOf(client, observe);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      timeQueriesOf(tx, observe);
      return callback(tx);
    })) as typeof client.transaction;
}

/**
 * Times every statement sent through a pool. Wrapped on each connection (pool.query runs through one
 * too), in both of pg's call styles: promise and callback.
 */
export function timePoolQueries(pool: pg.Pool, observe: QueryObserver): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const started = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
      const last = args.at(-1);
      if (typeof last === 'function') {
        return query(...args.slice(0, -1), (error: unknown, ...rest: unknown[]) => {
          observe(seconds(), !error);
          return (last as (...a: unknown[]) => unknown)(error, ...rest);
        });
      }
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(
          () => observe(seconds(), true),
          () => observe(seconds(), false),
        );
      }
      return result;
    };
  });
}
