import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createFileKey, isFileKey } from './file-key';
import type { FileStore } from './file-store';
import { FileNotFoundError, FileTooLargeError, InvalidFileKeyError } from './file-store';

/** The local-directory store, plus housekeeping that only makes sense on disk. */
export type LocalDirStore = FileStore & {
  /** Removes temp files of uploads interrupted by a crash; returns how many were removed. */
  removeStaleTempFiles(olderThan: Date): Promise<number>;
};

const TMP_DIR = 'tmp';
const HEX2 = /^[0-9a-f]{2}$/;

/**
 * A FileStore in `root`: files at `<root>/ab/cd/<uuid>`, written to `<root>/tmp/<uuid>` first and renamed
 * into place only when complete and flushed, so a crash never leaves a partial file under a real key.
 */
export function createLocalDirStore(root: string): LocalDirStore {
  const rootDir = resolve(root);
  const tmpDir = join(rootDir, TMP_DIR);

  function pathOf(key: string): string {
    if (!isFileKey(key)) throw new InvalidFileKeyError(key);
    return join(rootDir, key);
  }

  async function put(
    source: Readable,
    opts: { maxBytes: number; signal?: AbortSignal },
  ): Promise<{ key: string; size: number; sha256: string }> {
    const key = createFileKey();
    const finalPath = join(rootDir, key);
    const tmpPath = join(tmpDir, key.slice(key.lastIndexOf('/') + 1));
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > opts.maxBytes) {
          callback(new FileTooLargeError(opts.maxBytes));
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    let isRenamed = false;
    let sink: WriteStream | undefined;
    try {
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      // 'wx': never overwrite; flush: fsync before close, so the rename publishes data that is on disk.
      sink = createWriteStream(tmpPath, { flags: 'wx', mode: 0o600, flush: true });
      await pipeline(source, meter, sink, opts.signal ? { signal: opts.signal } : {});
      await mkdir(dirname(finalPath), { recursive: true, mode: 0o700 });
      await rename(tmpPath, finalPath);
      isRenamed = true;
      await syncDirectory(dirname(finalPath));
    } catch (error) {
      // A destroyed write stream may still be opening its file: wait for it to close, or the file
      // would appear after the rm below and be left behind.
      if (sink && !sink.closed) await new Promise<void>((resolve) => sink?.once('close', () => resolve()));
      await rm(isRenamed ? finalPath : tmpPath, { force: true });
      throw error;
    }
    return { key, size, sha256: hash.digest('hex') };
  }

  async function get(key: string): Promise<Readable> {
    const path = pathOf(key);
    try {
      // Opening first turns a missing file into a rejection here rather than a stream 'error' later.
      const handle = await open(path, 'r');
      return handle.createReadStream();
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    await rm(pathOf(key), { force: true });
  }

  async function* listOlderThan(olderThan: Date): AsyncIterable<string> {
    for (const first of await readDirNames(rootDir)) {
      if (!HEX2.test(first)) continue;
      for (const second of await readDirNames(join(rootDir, first))) {
        if (!HEX2.test(second)) continue;
        for (const name of await readDirNames(join(rootDir, first, second))) {
          const key = `${first}/${second}/${name}`;
          if (!isFileKey(key)) continue;
          const stats = await stat(join(rootDir, key)).catch(() => null);
          if (stats?.isFile() && stats.mtime < olderThan) yield key;
        }
      }
    }
  }

  async function removeStaleTempFiles(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const name of await readDirNames(tmpDir)) {
      const path = join(tmpDir, name);
      const stats = await stat(path).catch(() => null);
      if (stats?.isFile() && stats.mtime < olderThan) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  return {
    put,
    get,
    delete: remove,
    listOlderThan,
    localPath: pathOf,
    removeStaleTempFiles,
  };
}

async function readDirNames(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return [];
    throw error;
  }
}

// After a rename the new directory entry is only durable once the directory itself is synced.
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
