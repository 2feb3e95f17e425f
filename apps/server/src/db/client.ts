import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { syncGlobalDictionaries } from './dictionaries';
import { acquireDataDirLock } from './pglite-lock';
import { type QueryObserver, timePgliteQueries, timePoolQueries } from './query-timing';
import { type Db, schema } from './tables';

/**
 * A PGlite instance with the extensions the schema uses (pg_trgm for the employee search; on
 * PostgreSQL the migrations create it). Every PGlite of the server and its tests comes from here.
 */
export function createPglite(options: PGliteOptions = {}): PGlite {
  return new PGlite({ ...options, extensions: { ...options.extensions, pg_trgm } });
}

/** An open database. `close()` releases it (and, for PGlite, the data directory lock). */
export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers `select 1` within a few seconds; rejects otherwise. */
  ping(): Promise<void>;
  /** PostgreSQL only: the pool's connections right now (for the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Embedded database only: a tarball of the data directory, taken while no statement runs, so it is
   * crash-consistent (what a backup stores; docs/decisions/019-backup.md).
   */
  dumpDataDir?(): Promise<Blob>;
  /** Hears the duration of every statement from now on (the metrics' query time); answers the unsubscribe. */
  observeQueries(observer: QueryObserver): () => void;
  /**
   * PostgreSQL only: hears NOTIFY on `channel` through a connection of its own, reconnecting when it
   * drops (`onReconnect` then: notifications sent meanwhile are lost). Resolves once listening;
   * the answer stops it. Absent on PGlite, whose data directory one process holds.
   */
  listen?(
    channel: string,
    handlers: { onMessage(payload: string): void; onReconnect(): void },
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  /** Embedded PGlite persisted in `<dataDir>/pglite`; the directory is locked to this process. */
  | { dataDir: string }
  /** PostgreSQL through a pg.Pool; `onPoolError` hears errors of idle connections (default: stderr). */
  | { databaseUrl: string; onPoolError?: (error: Error) => void }
  /** An existing PGlite instance (tests); the handle takes ownership and closes it. */
  | { pglite: PGlite };

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const PING_TIMEOUT_MS = 3_000;
/** Arbitrary constant shared by every Kadry process migrating the same PostgreSQL database. */
const MIGRATION_LOCK_KEY = 7_141_942_001;

type Migrator = () => Promise<void>;
/** How to migrate each open handle; kept out of the public handle type. */
const migrators = new WeakMap<DatabaseHandle, Migrator>();

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in opts) return openPostgres(opts.databaseUrl, opts.onPoolError);
  if ('pglite' in opts) return wrapPglite(opts.pglite, async () => {});

  const directory = path.join(path.resolve(opts.dataDir), 'pglite');
  await mkdir(path.dirname(directory), { recursive: true });
  const releaseLock = await acquireDataDirLock(directory);
  try {
    const client = createPglite({ dataDir: directory });
    await client.waitReady;
    return wrapPglite(client, releaseLock);
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/**
 * Applies the committed migrations (src/db/migrations), then brings the global dictionaries up to
 * date. Safe to run on every start and from several processes at once on PostgreSQL.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrate = migrators.get(handle);
  if (!migrate) throw new Error('migrateDatabase: handle was not created by openDatabase');
  await migrate();
}

/** How often the server looks for PGlite tables whose statistics are stale (refreshPlannerStatistics). */
export const PLANNER_STATISTICS_INTERVAL_MS = 60_000;

/**
 * PGlite runs no autovacuum: without this its planner never learns how big the tables are (a
 * 10,000-employee company planned as if it were empty: sequential scans, nested loops over thousands
 * of rows), and a GIN index's pending list (the trigram and full-text searches) is never merged, so
 * the planner stops using it after a bulk load. This is autovacuum's rule, done on call: every table
 * changed by more than 50 rows + 10 % since its last ANALYZE, or with more than 50 rows + 20 %
 * inserted or dead since its last VACUUM, gets `VACUUM (ANALYZE)`; so does a table never measured or
 * grown past twice the size last measured (the counters do not survive a reopen). Answers the tables refreshed
 * (none when nothing changed: one catalogue query). On PostgreSQL autovacuum does it: answers [].
 */
export async function refreshPlannerStatistics(handle: DatabaseHandle): Promise<string[]> {
  if (handle.kind !== 'pglite') return [];
  // The counters of this (only) backend reach the view when it flushes them, at most once a second
  // between statements; this makes the flush happen before the next statement.
  await handle.db.execute(sql`select pg_stat_force_next_flush()`);
  const stale = await handle.db.execute<{ name: string }>(sql`
    select relname as name from pg_stat_user_tables
    where schemaname = 'public' and (
      n_mod_since_analyze > 50 + 0.1 * n_live_tup
      or n_ins_since_vacuum > 50 + 0.2 * n_live_tup
      or n_dead_tup > 50 + 0.2 * n_live_tup
    )
    union
    -- The counters live in memory and start from zero when the database is opened again: a table
    -- filled by an earlier process (a restore, a bulk load, the previous run) is found by its size
    -- instead — never measured, or more than twice the pages the planner last recorded.
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and pg_relation_size(c.oid) > 0 and (
      c.reltuples < 0
      or pg_relation_size(c.oid) / current_setting('block_size')::int > 2 * c.relpages + 8
    )
    order by name`);
  const names = stale.rows.map((row) => row.name);
  for (const name of names) {
    await handle.db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  }
  return names;
}

/** Timing every statement costs two clock reads; the observers are added later (by the metrics). */
function createQueryObservers(): { notify: QueryObserver; add(observer: QueryObserver): () => void } {
  const observers = new Set<QueryObserver>();
  return {
    notify: (seconds, isOk) => {
      for (const observer of observers) observer(seconds, isOk);
    },
    add(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}

function wrapPglite(client: PGlite, releaseLock: () => Promise<void>): DatabaseHandle {
  const queryObservers = createQueryObservers();
  timePgliteQueries(client, queryObservers.notify);
  const db = drizzlePglite({ client, schema });
  let closed = false;
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    ping: () => withTimeout(client.query('select 1').then(noop), PING_TIMEOUT_MS, 'database ping'),
    dumpDataDir: () => client.dumpDataDir('none'),
    observeQueries: queryObservers.add,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await releaseLock();
      }
    },
  };
  migrators.set(handle, async () => {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await syncGlobalDictionaries(db);
  });
  return handle;
}

function openPostgres(databaseUrl: string, onPoolError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Server-side limits so a stuck query or an abandoned transaction cannot hold a connection forever.
    statement_timeout: 30_000,
    idle_in_transaction_session_timeout: 60_000,
    application_name: 'kadry',
  });
  // An idle client losing its connection (database restart, network) emits 'error' on the pool;
  // without a listener that would crash the process. The pool replaces the client on next use.
  pool.on('error', (error) => {
    if (onPoolError) onPoolError(error);
    else console.error('PostgreSQL pool: idle connection failed:', error.message);
  });
  const queryObservers = createQueryObservers();
  timePoolQueries(pool, queryObservers.notify);

  const db = drizzleNodePostgres({ client: pool, schema });
  let closed = false;
  const handle: DatabaseHandle = {
    db,
    kind: 'postgres',
    ping: () => withTimeout(pool.query('select 1').then(noop), PING_TIMEOUT_MS, 'database ping'),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    observeQueries: queryObservers.add,
    listen: (channel, handlers) => listenPostgres(databaseUrl, channel, handlers),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
  migrators.set(handle, async () => {
    // A dedicated connection: no statement timeout (building an index may take a while), and the
    // session advisory lock below lives as long as this connection does.
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'kadry-migrate',
      connectionTimeoutMillis: 10_000,
    });
    // A dropped connection also rejects the pending query, which is what reports it; this listener
    // only keeps the 'error' event from crashing the process.
    client.on('error', () => {});
    await client.connect();
    try {
      // drizzle's migrator reads the last applied migration before its transaction, so two processes
      // starting together could both apply it. The lock serialises them; the second finds nothing to do.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const migrationDb = drizzleNodePostgres({ client, schema });
      await migrateNodePostgres(migrationDb, { migrationsFolder: MIGRATIONS_FOLDER });
      await syncGlobalDictionaries(migrationDb);
    } finally {
      // Ending the session releases the advisory lock.
      await client.end();
    }
  });
  return handle;
}

const RELISTEN_DELAY_MS = 1_000;

async function listenPostgres(
  databaseUrl: string,
  channel: string,
  handlers: { onMessage(payload: string): void; onReconnect(): void },
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'kadry-listen' });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    // A dropped connection: listen again on a new one (the 'end' below), never crash.
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next || isStopped) return;
      client = null;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  }

  function scheduleReconnect(): void {
    retry = setTimeout(() => {
      connect().then(
        () => handlers.onReconnect(),
        () => scheduleReconnect(),
      );
    }, RELISTEN_DELAY_MS);
    retry.unref();
  }

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(noop);
  };
}

function withTimeout(promise: Promise<void>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function noop(): void {}
