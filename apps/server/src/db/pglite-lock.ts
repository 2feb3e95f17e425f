import { readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * PGlite has no postmaster: two processes opening one data directory both succeed and then corrupt
 * it. This lock file (`<directory>.lock`) makes the second one fail with a clear message instead.
 *
 * The holder touches the file every HEARTBEAT_MS. A lock is stale, and taken over, when its process
 * is gone (same host) or its heartbeat is older than STALE_MS (any host, e.g. a recreated container
 * on a shared volume).
 */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 35_000;

/** The data directory is in use by another live process. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

type LockOwner = { pid: number; host: string; since: string; token: string };

/** Directories locked by this process, so opening one twice in-process is refused too. */
const heldHere = new Set<string>();

/** Locks `directory` for this process; resolves to the release function. */
export async function acquireDataDirLock(
  directory: string,
  options: { heartbeatMs?: number; staleMs?: number } = {},
): Promise<() => Promise<void>> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleMs = options.staleMs ?? STALE_MS;
  const lockPath = `${directory}.lock`;
  if (heldHere.has(lockPath)) {
    throw new DataDirLockedError(`The database in ${directory} is already open in this process.`);
  }
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    token: `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  };

  // Two attempts: the second follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockPath, JSON.stringify(owner), { flag: 'wx' });
      heldHere.add(lockPath);
      return startHolding(lockPath, owner, heartbeatMs);
    } catch (error) {
      if (!isErrnoError(error, 'EEXIST')) throw error;
    }
    const existing = await readLock(lockPath);
    if (existing && !(await isStale(lockPath, existing, staleMs))) {
      throw new DataDirLockedError(
        `The database in ${directory} is in use by process ${existing.owner.pid} on ${existing.owner.host} ` +
          `(since ${existing.owner.since}). Stop that Kadry server first, or run this through it. ` +
          `If no other process uses it, delete ${lockPath}.`,
      );
    }
    // Only remove the lock we judged stale, not one another process has just written.
    const current = await readLock(lockPath);
    if (!current || current.raw === existing?.raw) await unlink(lockPath).catch(ignoreMissing);
  }
  throw new DataDirLockedError(`Could not lock ${directory}: another process keeps taking the lock.`);
}

function startHolding(lockPath: string, owner: LockOwner, heartbeatMs: number): () => Promise<void> {
  const timer = setInterval(() => {
    const now = new Date();
    utimes(lockPath, now, now).catch(() => {
      // A failed touch only risks the lock looking stale later; nothing to do now.
    });
  }, heartbeatMs);
  timer.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(timer);
    heldHere.delete(lockPath);
    const current = await readLock(lockPath);
    if (current?.owner.token === owner.token) await unlink(lockPath).catch(ignoreMissing);
  };
}

async function readLock(lockPath: string): Promise<{ raw: string; owner: LockOwner } | null> {
  let raw: string;
  try {
    raw = await readFile(lockPath, 'utf8');
  } catch (error) {
    if (isErrnoError(error, 'ENOENT')) return null;
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isLockOwner(parsed)) return { raw, owner: parsed };
  } catch {
    // Unparsable: a writer died mid-write. Treated as stale below.
  }
  return { raw, owner: { pid: 0, host: '', since: '?', token: '' } };
}

async function isStale(lockPath: string, lock: { owner: LockOwner }, staleMs: number): Promise<boolean> {
  const { owner } = lock;
  if (owner.pid <= 0) return true;
  if (owner.host === hostname()) {
    // Our own pid from an earlier run (e.g. pid 1 in a restarted container), or a dead process.
    if (owner.pid === process.pid) return true;
    return !isProcessAlive(owner.pid);
  }
  const info = await stat(lockPath).catch(() => null);
  return !info || Date.now() - info.mtimeMs > staleMs;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return isErrnoError(error, 'EPERM');
  }
}

function isLockOwner(value: unknown): value is LockOwner {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.pid === 'number' &&
    typeof record.host === 'string' &&
    typeof record.since === 'string' &&
    typeof record.token === 'string'
  );
}

function isErrnoError(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

function ignoreMissing(error: unknown): void {
  if (!isErrnoError(error, 'ENOENT')) throw error;
}
