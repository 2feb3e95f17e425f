import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileNotFoundError, FileTooLargeError, InvalidFileKeyError } from './file-store';
import type { LocalDirStore } from './local-dir';
import { createLocalDirStore } from './local-dir';

let root: string;
let store: LocalDirStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'kadry-store-'));
  store = createLocalDirStore(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.listOlderThan(new Date(Date.now() + 60_000))) keys.push(key);
  return keys;
}

async function tempFiles(): Promise<string[]> {
  return readdir(join(root, 'tmp')).catch(() => []);
}

function* endlessChunks(): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, 1);
  for (;;) yield chunk;
}

describe('createLocalDirStore', () => {
  it('stores a stream and reads back the same bytes with their size and sha256', async () => {
    const data = Buffer.from('Hello, Kadry! Привіт!'.repeat(1000));
    const stored = await store.put(Readable.from([data.subarray(0, 100), data.subarray(100)]), {
      maxBytes: 1_000_000,
    });
    expect(stored.size).toBe(data.length);
    expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(await readAll(await store.get(stored.key))).toEqual(data);
    expect(await readFile(store.localPath(stored.key) ?? '')).toEqual(data);
  });

  it('names files by random fan-out keys, never by anything the caller sends', async () => {
    const a = await store.put(Readable.from([Buffer.from('same')]), { maxBytes: 10 });
    const b = await store.put(Readable.from([Buffer.from('same')]), { maxBytes: 10 });
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(a.key.slice(6, 10)).toBe(a.key.slice(0, 2) + a.key.slice(3, 5));
  });

  it('accepts exactly maxBytes', async () => {
    const stored = await store.put(Readable.from([Buffer.alloc(1024)]), { maxBytes: 1024 });
    expect(stored.size).toBe(1024);
  });

  it('rejects an endless stream with FileTooLargeError as soon as maxBytes is passed, keeping nothing', async () => {
    const source = Readable.from(endlessChunks());
    await expect(store.put(source, { maxBytes: 1_000_000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(source.destroyed).toBe(true);
    expect(await listKeys()).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('keeps nothing when the source fails mid-upload', async () => {
    const source = new PassThrough();
    const pending = store.put(source, { maxBytes: 1_000_000 });
    source.write(Buffer.alloc(5000));
    setTimeout(() => source.destroy(new Error('client went away')), 20);
    await expect(pending).rejects.toThrow('client went away');
    expect(await listKeys()).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('keeps nothing when the upload is aborted', async () => {
    const controller = new AbortController();
    const source = new PassThrough();
    const pending = store.put(source, { maxBytes: 1_000_000, signal: controller.signal });
    source.write(Buffer.alloc(5000));
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(await listKeys()).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('never shows a partial upload under a key: it sits in tmp/ until complete', async () => {
    const source = new PassThrough();
    const pending = store.put(source, { maxBytes: 1_000_000 });
    source.write(Buffer.alloc(5000, 7));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await listKeys()).toEqual([]);
    expect(await tempFiles()).toHaveLength(1);
    source.end(Buffer.alloc(5000, 7));
    const stored = await pending;
    expect(await listKeys()).toEqual([stored.key]);
    expect(await tempFiles()).toEqual([]);
  });

  it('writes to disk while the upload is still arriving instead of buffering the whole file', async () => {
    const total = 96 * 1024 * 1024;
    const chunkSize = 256 * 1024;
    let produced = 0;
    let maxAhead = 0;
    const source = new Readable({
      read() {
        if (produced % (8 * 1024 * 1024) === 0 && produced > 0) {
          // How far production runs ahead of the bytes on disk shows whether the file is buffered.
          const [name] = readdirSync(join(root, 'tmp'));
          const onDisk = name ? statSync(join(root, 'tmp', name)).size : 0;
          maxAhead = Math.max(maxAhead, produced - onDisk);
        }
        if (produced >= total) {
          this.push(null);
          return;
        }
        produced += chunkSize;
        this.push(Buffer.alloc(chunkSize, produced & 0xff));
      },
    });
    const stored = await store.put(source, { maxBytes: total });
    expect(stored.size).toBe(total);
    expect(maxAhead).toBeGreaterThan(0);
    expect(maxAhead).toBeLessThan(8 * 1024 * 1024);
  });

  it('fails get with FileNotFoundError for a missing key', async () => {
    await expect(store.get('ab/cd/abcd0000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      FileNotFoundError,
    );
  });

  it.each([
    '../../etc/passwd',
    'ab/cd/../../../etc/passwd',
    '/etc/passwd',
    'tmp/abcd0000-0000-4000-8000-000000000000',
    'ab/cd/ef000000-0000-4000-8000-000000000000',
    '',
  ])('refuses the malformed key %j without touching the disk', async (key) => {
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(() => store.localPath(key)).toThrow(InvalidFileKeyError);
  });

  it('deletes idempotently', async () => {
    const stored = await store.put(Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await store.delete(stored.key);
    await store.delete(stored.key);
    await expect(store.get(stored.key)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('lists only files older than the given date', async () => {
    const old = await store.put(Readable.from([Buffer.from('old')]), { maxBytes: 10 });
    const fresh = await store.put(Readable.from([Buffer.from('new')]), { maxBytes: 10 });
    const dayAgo = new Date(Date.now() - 24 * 3600_000);
    await utimes(store.localPath(old.key) ?? '', dayAgo, dayAgo);
    const keys: string[] = [];
    for await (const key of store.listOlderThan(new Date(Date.now() - 3600_000))) keys.push(key);
    expect(keys).toEqual([old.key]);
    expect((await listKeys()).sort()).toEqual([old.key, fresh.key].sort());
  });

  it('removes stale temp files of interrupted uploads but not fresh ones', async () => {
    await store.put(Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    const stale = join(root, 'tmp', 'stale-upload');
    const fresh = join(root, 'tmp', 'fresh-upload');
    await writeFile(stale, 'partial');
    await writeFile(fresh, 'partial');
    const dayAgo = new Date(Date.now() - 24 * 3600_000);
    await utimes(stale, dayAgo, dayAgo);
    expect(await store.removeStaleTempFiles(new Date(Date.now() - 3600_000))).toBe(1);
    expect(await tempFiles()).toEqual(['fresh-upload']);
  });

  it('lists nothing for a store whose directory does not exist yet', async () => {
    const empty = createLocalDirStore(join(root, 'missing'));
    const keys: string[] = [];
    for await (const key of empty.listOlderThan(new Date())) keys.push(key);
    expect(keys).toEqual([]);
    expect(await empty.removeStaleTempFiles(new Date())).toBe(0);
  });
});
