import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const START_TIMEOUT_MS = 90_000;

/** The real server, started as `npm start` starts it (minus the client build), on 127.0.0.1. */
export type ServerProcess = {
  pid: number;
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Resident memory of the server process right now (VmRSS of /proc/<pid>/status). */
  readRssBytes(): Promise<number>;
  /** What the server wrote to stderr (for failure messages). */
  readErrors(): string;
  stop(): Promise<void>;
};

async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function readRssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, readErrors: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${readErrors()}`);
    const healthy = await fetch(`${baseUrl}/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer /health within ${START_TIMEOUT_MS} ms:\n${readErrors()}`);
}

/**
 * Spawns `node --import ./tooling/tsx-register.mjs apps/server/src/server.ts` with a fresh data directory
 * (embedded database with demo data, test routes on, load shedding off) and waits until it answers.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-hostile-'));
  // The embedded database always: a DATABASE_URL meant for the test run must not be seeded into.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', './tooling/tsx-register.mjs', 'apps/server/src/server.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...inherited,
        // Not production: the test routes and the test captcha provider are refused there.
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        KADRY_TEST_ROUTES: '1',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        SHED_RSS_MB: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    // The last 20 KB is enough to say why it failed.
    errors = (errors + chunk).slice(-20_000);
  });
  const readErrors = () => errors;
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, readErrors);
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error('server process has no pid');
  return { pid, baseUrl, port, dataDir, readRssBytes: () => readRssBytes(pid), readErrors, stop };
}

/** Samples a process's RSS every `intervalMs` until stopped; reports the highest value seen. */
export function sampleRssPeak(pid: number, intervalMs = 20): { stop(): Promise<number> } {
  let peak = 0;
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      peak = Math.max(peak, await readRssBytes(pid).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      isRunning = false;
      await loop;
      return Math.max(peak, await readRssBytes(pid).catch(() => 0));
    },
  };
}
