import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './pglite-lock';

let directory: string;
let lockPath: string;
const releases: (() => Promise<void>)[] = [];

beforeEach(async () => {
  const parent = await mkdtemp(path.join(tmpdir(), 'kadry-lock-'));
  directory = path.join(parent, 'pglite');
  lockPath = `${directory}.lock`;
});

afterEach(async () => {
  await Promise.all(releases.splice(0).map((release) => release()));
  await rm(path.dirname(directory), { recursive: true, force: true });
});

async function acquire(options?: { heartbeatMs?: number; staleMs?: number }) {
  const release = await acquireDataDirLock(directory, options);
  releases.push(release);
  return release;
}

async function writeForeignLock(owner: { pid: number; host: string }, ageMs = 0) {
  await writeFile(lockPath, JSON.stringify({ ...owner, since: 'earlier', token: 'foreign' }));
  const time = new Date(Date.now() - ageMs);
  await utimes(lockPath, time, time);
}

describe('acquireDataDirLock', () => {
  it('refuses a second lock on the same directory in this process', async () => {
    await acquire();
    await expect(acquireDataDirLock(directory)).rejects.toThrow(DataDirLockedError);
  });

  it('removes the lock file on release, so the directory can be locked again', async () => {
    const release = await acquire();
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    await release();
    await expect(stat(lockPath)).rejects.toThrow(/ENOENT/);
    await expect(acquire()).resolves.toBeTypeOf('function');
  });

  it('refuses while a live process on this host holds it, naming that process', async () => {
    // The parent of this test worker is alive for as long as the test runs.
    await writeForeignLock({ pid: process.ppid, host: hostname() });
    await expect(acquire()).rejects.toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    await writeForeignLock({ pid: 99_999_999, host: hostname() });
    await acquire();
    expect(JSON.parse(await readFile(lockPath, 'utf8')).pid).toBe(process.pid);
  });

  it('refuses a lock another host refreshed recently', async () => {
    await writeForeignLock({ pid: 1234, host: 'other-host' }, 1_000);
    await expect(acquire({ staleMs: 30_000 })).rejects.toThrow(DataDirLockedError);
  });

  it('takes over a lock another host stopped refreshing', async () => {
    await writeForeignLock({ pid: 1234, host: 'other-host' }, 60_000);
    await acquire({ staleMs: 30_000 });
    expect(JSON.parse(await readFile(lockPath, 'utf8')).host).toBe(hostname());
  });

  it('takes over an unreadable (half-written) lock file', async () => {
    await writeFile(lockPath, '{"pid": 12');
    await expect(acquire()).resolves.toBeTypeOf('function');
  });

  it('keeps refreshing the lock while held', async () => {
    await acquire({ heartbeatMs: 20 });
    const old = new Date(Date.now() - 60_000);
    await utimes(lockPath, old, old);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stat(lockPath)).mtimeMs).toBeGreaterThan(Date.now() - 10_000);
  });

  it('does not remove a lock that another process took over meanwhile', async () => {
    const release = await acquire();
    await writeForeignLock({ pid: process.ppid, host: hostname() });
    await release();
    expect(JSON.parse(await readFile(lockPath, 'utf8')).token).toBe('foreign');
  });
});
