import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from './kadry-process';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((file) => existsSync(file));

/** Whether this machine can run a private PostgreSQL, and if not, why. */
export function checkPostgresSupport(): { isSupported: true } | { isSupported: false; reason: string } {
  if (!existsSync(path.join(PG_BIN, 'pg_ctl')) || !existsSync(path.join(PG_BIN, 'initdb'))) {
    return { isSupported: false, reason: `no PostgreSQL 15 binaries in ${PG_BIN}` };
  }
  const isRoot = process.getuid?.() === 0;
  if (isRoot && !RUNUSER) return { isSupported: false, reason: 'running as root but runuser is missing' };
  if (!isRoot && userInfo().username !== 'postgres') {
    return {
      isSupported: false,
      reason: 'PostgreSQL refuses to run as root; run as root (uses runuser) or as postgres',
    };
  }
  return { isSupported: true };
}

/** A throwaway PostgreSQL cluster in a temp directory on a random port; never the machine's own. */
export type PostgresCluster = {
  port: number;
  /** Connection URL of `database` (trust authentication, 127.0.0.1 only). */
  urlOf(database: string): string;
  createDatabase(name: string): Promise<void>;
  start(): Promise<void>;
  /** `immediate`: like a crash or a pulled plug — no checkpoint, every connection dropped. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it if running and deletes its directory. */
  destroy(): Promise<void>;
};

/** Runs a PostgreSQL binary as the postgres user (it refuses to run as root). */
async function runAsPostgres(binary: string, args: string[], cwd: string): Promise<string> {
  const command = path.join(PG_BIN, binary);
  const [file, argv] =
    process.getuid?.() === 0 && RUNUSER
      ? [RUNUSER, ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
  const { stdout } = await run(file, argv, { cwd, timeout: 60_000 });
  return stdout;
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const baseDir = await mkdtemp(path.join(tmpdir(), 'kadry-pg-'));
  const dataDir = path.join(baseDir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(baseDir, uid, gid);
  }
  await chmod(baseDir, 0o700);
  await runAsPostgres(
    'initdb',
    ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    baseDir,
  );
  const port = await findFreePort();
  // Sockets in our own directory, TCP on 127.0.0.1 only, no fsync (the data is thrown away anyway).
  const serverOptions = `-p ${port} -k ${baseDir} -c listen_addresses=127.0.0.1 -c fsync=off`;

  const cluster: PostgresCluster = {
    port,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: cluster.urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
    },
    async start() {
      await runAsPostgres(
        'pg_ctl',
        ['-D', dataDir, '-l', path.join(baseDir, 'log'), '-o', serverOptions, '-w', '-t', '30', 'start'],
        baseDir,
      );
    },
    async stop(mode = 'fast') {
      await runAsPostgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'], baseDir);
    },
    async destroy() {
      // postmaster.pid also covers a start that timed out half-way.
      if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
        await cluster.stop('immediate').catch(() => undefined);
      }
      await rm(baseDir, { recursive: true, force: true });
    },
  };
  return cluster;
}
