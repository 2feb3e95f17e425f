import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root: the server runs from here, the way `npm start` runs it. */
export const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const TSX_REGISTER = fileURLToPath(new URL('../../../../tooling/tsx-register.mjs', import.meta.url));
const SERVER_ENTRY = 'apps/server/src/server.ts';

/** How a server process ended: an exit code, or the signal that killed it. */
export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null };

/** One started server process. */
export type KadryProcess = {
  pid: number;
  origin: string;
  child: ChildProcess;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<ProcessExit>;
  /** The last lines it printed, to explain a failure. */
  readOutput(): string;
};

export type KadryServerOptions = {
  dataDir: string;
  port: number;
  /** Settings on top of the test defaults (local only, quiet, test routes on, no rate limit or shedding). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
};

/** Every process started here, so `killAllServers` can end them whatever a test did. */
const running = new Set<ChildProcess>();

/** The environment of a reliability run; the caller's `env` wins. */
export function buildServerEnv(options: KadryServerOptions): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DEMO_DATA: _demo, ...inherited } = process.env;
  return {
    ...inherited,
    // Not production: the test routes (KADRY_TEST_ROUTES) are refused there.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    KADRY_TEST_ROUTES: '1',
    RATE_LIMIT_SUBMISSIONS: '1000000',
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_RSS_MB: '0',
    ...options.env,
  };
}

/** A port that is free on 127.0.0.1 right now (the OS picks it). */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Starts `apps/server/src/server.ts` as a child and resolves once `/ready` answers 200. */
export async function startServer(options: KadryServerOptions): Promise<KadryProcess> {
  const child = spawn(process.execPath, ['--import', TSX_REGISTER, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: buildServerEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  // A failed spawn shows up as a server that never gets ready; unheard, it would crash the test run.
  child.on('error', () => undefined);
  const readOutput = collectOutput(child);
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilReady(origin, child, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    killProcess(child);
    await exited;
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${readOutput()}`,
    );
  }
  if (child.pid === undefined) throw new Error('the server process has no pid');
  return { pid: child.pid, origin, child, exited, readOutput };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitUntilReady(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited(child))
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      const response = await fetch(`${origin}/ready`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms (${lastProblem})`);
}

/** Keeps the last lines of a child's output and drains its pipes so it never blocks on them. */
function collectOutput(child: ChildProcess, maxLines = 80): () => string {
  const lines: string[] = [];
  const add = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => lines.join('\n');
}

function killProcess(child: ChildProcess): void {
  if (!hasExited(child)) child.kill('SIGKILL');
}

/** SIGKILL: the process gets no chance to finish anything (a crash, an OOM kill, a pulled plug). */
export async function crashServer(server: KadryProcess): Promise<ProcessExit> {
  killProcess(server.child);
  return server.exited;
}

/** SIGTERM, then SIGKILL after `graceMs` if it is still there. */
export async function stopServer(server: KadryProcess, graceMs = 15_000): Promise<ProcessExit> {
  if (hasExited(server.child)) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => killProcess(server.child), graceMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Ends every server this module started and waits for them to go (for afterAll). */
export async function killAllServers(): Promise<void> {
  const children = [...running];
  for (const child of children) killProcess(child);
  await Promise.all(children.map((child) => (hasExited(child) ? undefined : once(child, 'exit'))));
}

/** Resident memory of a process in bytes (VmRSS from /proc), or null when it is gone. */
export function readRssBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; `stop()` returns the peak seen. */
export function sampleRss(pid: number, intervalMs = 100): { stop(): { peakBytes: number; samples: number } } {
  let peakBytes = 0;
  let samples = 0;
  const take = () => {
    const rss = readRssBytes(pid);
    if (rss === null) return;
    samples += 1;
    peakBytes = Math.max(peakBytes, rss);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peakBytes, samples };
    },
  };
}
