import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { dropPostgresDatabase, runAdminQuery, withDatabaseName } from '../../test/global-setup';
import {
  createPglite,
  type DatabaseHandle,
  migrateDatabase,
  openDatabase,
  refreshPlannerStatistics,
} from './client';
import { DataDirLockedError } from './pglite-lock';
import { companies } from './schema/companies';
import { dictionaryItems } from './schema/dictionaries';

const context = inject('kadryTestDatabase');

describe('openDatabase with a data directory (embedded PGlite)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-data-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('persists in <dataDir>/pglite, locks it while open and reopens it', async () => {
    const first = await openDatabase({ dataDir });
    try {
      expect(first.kind).toBe('pglite');
      await migrateDatabase(first);
      await first.db.insert(companies).values({ name: 'Persisted', slug: 'persisted' });
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
      expect((await stat(path.join(dataDir, 'pglite'))).isDirectory()).toBe(true);
    } finally {
      await first.close();
    }
    await expect(stat(path.join(dataDir, 'pglite.lock'))).rejects.toThrow(/ENOENT/);

    const reopened = await openDatabase({ dataDir });
    try {
      // Migrating an up-to-date database is a no-op.
      await migrateDatabase(reopened);
      const rows = await reopened.db.select({ name: companies.name }).from(companies);
      expect(rows).toEqual([{ name: 'Persisted' }]);
    } finally {
      await reopened.close();
    }
    // Every migration from nothing on a file-backed PGlite: ~10 s alone, three times that on a loaded machine.
  }, 120_000);
});

describe('a database handle', () => {
  it('pings while open and fails to ping after close', async () => {
    const handle = await createTestDatabase();
    await expect(handle.ping()).resolves.toBeUndefined();
    await handle.close();
    await expect(handle.ping()).rejects.toThrow();
    // Closing twice is harmless (shutdown paths may race).
    await expect(handle.close()).resolves.toBeUndefined();
  });

  it('refuses to migrate a handle it did not open', async () => {
    const handle = await createTestDatabase();
    try {
      const copy: DatabaseHandle = { ...handle };
      await expect(migrateDatabase(copy)).rejects.toThrow(/not created by openDatabase/);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(context.kind === 'postgres')('PostgreSQL', () => {
  it('lets several processes migrate one empty database at the same time', async () => {
    if (context.kind !== 'postgres') return;
    const name = `kadry_test_${randomBytes(6).toString('hex')}`;
    await runAdminQuery(context.adminUrl, `create database ${name}`);
    const url = withDatabaseName(context.adminUrl, name);
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
    try {
      await Promise.all(handles.map((handle) => migrateDatabase(handle)));
      const [handle] = handles;
      expect(handle?.kind).toBe('postgres');
      expect(await handle?.db.$count(dictionaryItems)).toBeGreaterThan(40);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await dropPostgresDatabase(context.adminUrl, name);
    }
  });

  it('reports an idle connection killed by the server instead of crashing, and recovers', async () => {
    if (context.kind !== 'postgres') return;
    const name = `kadry_test_${randomBytes(6).toString('hex')}`;
    await runAdminQuery(context.adminUrl, `create database ${name}`);
    const errors: Error[] = [];
    const handle = await openDatabase({
      databaseUrl: withDatabaseName(context.adminUrl, name),
      onPoolError: (error) => errors.push(error),
    });
    try {
      // Two connections in the pool; then one kills the other while it sits idle.
      await Promise.all([handle.ping(), handle.ping()]);
      await handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      await expect(handle.ping()).resolves.toBeUndefined();
    } finally {
      await handle.close();
      await dropPostgresDatabase(context.adminUrl, name);
    }
  });
});

describe('refreshPlannerStatistics', () => {
  it('gives PGlite the table sizes its planner would otherwise never learn', async () => {
    const handle = await openDatabase({ pglite: createPglite() });
    try {
      await migrateDatabase(handle);
      await handle.db.execute(
        sql`insert into companies (name, slug, hosts) select 'C' || g, 'c-' || g, array['c' || g || '.test'] from generate_series(1, 200) g`,
      );
      expect(await refreshPlannerStatistics(handle)).toContain('companies');
      const [row] = (
        await handle.db.execute<{ analysed: string | null; vacuumed: string | null }>(
          sql`select last_analyze as analysed, last_vacuum as vacuumed from pg_stat_user_tables where relname = 'companies'`,
        )
      ).rows;
      expect(row?.analysed).not.toBeNull();
      expect(row?.vacuumed).not.toBeNull();
      // Nothing changed since: nothing to do.
      expect(await refreshPlannerStatistics(handle)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('finds tables filled before the database was opened again, whose change counters are gone', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-stats-'));
    try {
      const first = await openDatabase({ dataDir });
      try {
        await migrateDatabase(first);
        await refreshPlannerStatistics(first);
        await first.db.execute(
          sql`insert into companies (name, slug, hosts) select 'C' || g, 'c-' || g, array['c' || g || '.test'] from generate_series(1, 3000) g`,
        );
      } finally {
        await first.close();
      }
      const reopened = await openDatabase({ dataDir });
      try {
        const [counters] = (
          await reopened.db.execute<{ changed: number }>(
            sql`select coalesce(sum(n_mod_since_analyze), 0)::int as changed from pg_stat_user_tables where relname = 'companies'`,
          )
        ).rows;
        expect(counters?.changed).toBe(0);
        expect(await refreshPlannerStatistics(reopened)).toContain('companies');
        const [row] = (
          await reopened.db.execute<{ tuples: number }>(
            sql`select reltuples::int as tuples from pg_class where relname = 'companies'`,
          )
        ).rows;
        expect(row?.tuples).toBeGreaterThanOrEqual(3000);
        expect(await refreshPlannerStatistics(reopened)).toEqual([]);
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
