import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FileNotFoundError, FileTooLargeError } from './file-store';
import { createMemoryStore } from './memory-store';

describe('createMemoryStore', () => {
  it('stores and returns the bytes with their sha256, and has no local path', async () => {
    const store = createMemoryStore();
    const stored = await store.put(Readable.from([Buffer.from('abc')]), { maxBytes: 10 });
    expect(stored).toMatchObject({
      size: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(stored.key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('abc');
    expect(store.localPath(stored.key)).toBeNull();
  });

  it('rejects more than maxBytes and keeps nothing', async () => {
    const store = createMemoryStore();
    await expect(
      store.put(Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), { maxBytes: 10 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    const keys: string[] = [];
    for await (const key of store.listOlderThan(new Date(Date.now() + 1000))) keys.push(key);
    expect(keys).toEqual([]);
  });

  it('deletes idempotently and then reports the key as missing', async () => {
    const store = createMemoryStore();
    const stored = await store.put(Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await store.delete(stored.key);
    await store.delete(stored.key);
    await expect(store.get(stored.key)).rejects.toBeInstanceOf(FileNotFoundError);
  });
});
