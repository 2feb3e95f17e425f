/**
 * A throwaway PostgreSQL cluster in a temporary directory on a free port, never the machine's own:
 * the database tests on PostgreSQL and the outage tests each start one and delete it afterwards.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findPostgres, postgresRunUser } from './system-tools';

const run = promisify(execFile);

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

/** Whether this machine can run a private PostgreSQL, and if not, why. */
export function checkPostgresSupport():
  | { isSupported: true; binDir: string }
  | { isSupported: false; reason: string } {
  const binaries = findPostgres();
  if (!binaries.isFound)
    return { isSupported: false, reason: `PostgreSQL server binaries: ${binaries.reason}` };
  const runAs = postgresRunUser();
  if (runAs && 'error' in runAs) return { isSupported: false, reason: runAs.error };
  return { isSupported: true, binDir: binaries.path };
}

/** Like checkPostgresSupport, but throws the reason: a test that needs PostgreSQL fails loudly, never skips. */
export function requirePostgresBin(): string {
  const support = checkPostgresSupport();
  if (!support.isSupported) {
    throw new Error(`PostgreSQL is needed here: ${support.reason} (npm test installs it when it may)`);
  }
  return support.binDir;
}

async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (PostgreSQL refuses root). */
async function runPostgresBinary(
  binDir: string,
  binary: string,
  args: string[],
  cwd: string,
): Promise<string> {
  const command = path.join(binDir, binary);
  const runAs = postgresRunUser();
  const [file, argv] =
    runAs && 'runuser' in runAs
      ? [runAs.runuser, ['-u', runAs.user, '--', command, ...args]]
      : [command, args];
  const { stdout } = await run(file, argv, { cwd, timeout: 60_000 });
  return stdout;
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const binDir = requirePostgresBin();
  const baseDir = await mkdtemp(path.join(tmpdir(), 'kadry-pg-'));
  const dataDir = path.join(baseDir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(baseDir, uid, gid);
  }
  await chmod(baseDir, 0o700);
  await runPostgresBinary(
    binDir,
    'initdb',
    ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    baseDir,
  );
  const port = await findFreePort();
  // Sockets in our own directory, TCP on 127.0.0.1 only, no fsync (the data is thrown away anyway).
  const serverOptions = `-p ${port} -k ${baseDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;

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
      await runPostgresBinary(
        binDir,
        'pg_ctl',
        ['-D', dataDir, '-l', path.join(baseDir, 'log'), '-o', serverOptions, '-w', '-t', '30', 'start'],
        baseDir,
      );
    },
    async stop(mode = 'fast') {
      await runPostgresBinary(
        binDir,
        'pg_ctl',
        ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'],
        baseDir,
      );
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
