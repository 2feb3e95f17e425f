import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

/** A child process the bench started and must end. */
export type RunningProcess = {
  pid: number;
  origin: string;
  child: ChildProcess;
  /** The last lines the process printed, to explain a failure. */
  readOutput(): string;
  stop(): Promise<void>;
};

/**
 * `--import` value that loads tsx wherever the child's working directory is (a bare 'tsx' is resolved
 * from the cwd, which need not see this repository's node_modules).
 */
export const TSX_IMPORT = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const trackedChildren = new Set<ChildProcess>();

/** Registers a child so that `killTrackedChildren` ends it whatever happens to the bench. */
export function trackChild(child: ChildProcess): ChildProcess {
  trackedChildren.add(child);
  child.once('exit', () => trackedChildren.delete(child));
  return child;
}

/** Synchronous on purpose: it also runs from `process.on('exit')`, where nothing async completes. */
export function killTrackedChildren(): void {
  for (const child of trackedChildren) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (hasExited(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** A port free on `host` right now (the OS picks it; a tiny race with other programs is accepted). */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

/** Keeps the last `maxLines` lines of a child's stdout and stderr (and drains them so it never blocks). */
function collectOutput(child: ChildProcess, maxLines = 60): () => string {
  const lines: string[] = [];
  const add = (chunk: Buffer): void => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => lines.join('\n');
}

/** Polls `url` until it answers 2xx; fails at once if the child exits, or after `timeoutMs`. */
export async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(
        `the process exited (code ${child.exitCode ?? child.signalCode}) before ${url} was ready`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms (${lastProblem})`);
}

export type KadryServerOptions = {
  repoRoot: string;
  /** A fresh directory: the embedded database, uploaded files. */
  dataDir: string;
  /** The environment to start from (PATH and the like); bench settings override it. */
  baseEnv: NodeJS.ProcessEnv;
  /** When set, the run uses PostgreSQL (seeded with demo data if empty) instead of PGlite. */
  databaseUrl?: string;
  /** The script to run, relative to repoRoot; tests pass a stand-in. */
  entry?: string;
  readyTimeoutMs?: number;
};

/** The environment the server runs with in a bench: local only, quiet, and no rate limiter in the way. */
export function buildServerEnv(options: KadryServerOptions, port: number): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DEMO_DATA: _demo, ...inherited } = options.baseEnv;
  return {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    // The bench measures the endpoints, not the per-IP limiter that would answer 429 after a few posts.
    RATE_LIMIT_SUBMISSIONS: '1000000',
    RATE_LIMIT_CV_PARSES: '1000000',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, DEMO_DATA: '1' } : {}),
  };
}

/**
 * How `npm start` loads TypeScript: the repository's tsx register hook (it also points tsx at the
 * tsconfig that covers the careers app's TSX for server rendering), else plain tsx.
 */
export function findTypeScriptHook(repoRoot: string): string {
  const register = path.join(repoRoot, 'tooling', 'tsx-register.mjs');
  return existsSync(register) ? pathToFileURL(register).href : TSX_IMPORT;
}

/** Starts the real server as a child, the way `npm start` runs it, and waits for /ready. */
export async function startKadryServer(options: KadryServerOptions): Promise<RunningProcess> {
  const port = await findFreePort();
  const hook = findTypeScriptHook(options.repoRoot);
  const child = trackChild(
    spawn(process.execPath, ['--import', hook, options.entry ?? 'apps/server/src/server.ts'], {
      cwd: options.repoRoot,
      env: buildServerEnv(options, port),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const readOutput = collectOutput(child);
  // A spawn failure surfaces as the child never becoming ready; without a listener it would crash the bench.
  child.on('error', () => undefined);
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(`${origin}/ready`, child, options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await stopChild(child, 2_000);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the server did not start: ${reason}\n--- its last output ---\n${readOutput()}`);
  }
  if (child.pid === undefined) throw new Error('the server process has no pid');
  return { pid: child.pid, origin, child, readOutput, stop: () => stopChild(child) };
}
