import { PassThrough, Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { FileStore } from '../storage/file-store';
import { createMemoryStore } from '../storage/memory-store';
import { AppError } from './app-error';
import { sendStoredFile, skipFilePart, storeFilePart, trackRequestUploads } from './stored-files';

/** A file part whose stream gives `chunks`; `truncated` as the parser sets it for a part cut off at its limit. */
function filePart(chunks: Buffer[], truncated = false): Pick<MultipartFile, 'file'> {
  const file = Object.assign(Readable.from(chunks), { truncated, bytesRead: 0 });
  return { file } as unknown as Pick<MultipartFile, 'file'>;
}

async function keysOf(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.listOlderThan(new Date(Date.now() + 60_000))) keys.push(key);
  return keys;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('storeFilePart', () => {
  it('stores the part as it arrives, with its size, digest and first bytes', async () => {
    const store = createMemoryStore();
    const stored = await storeFilePart(store, filePart([Buffer.from('%PDF-1.7 '), Buffer.from('rest')]), {
      maxBytes: 1_000,
      minBytesPerSec: 0,
    });
    if (stored.outcome !== 'stored') throw new Error(`not stored: ${stored.outcome}`);
    expect(stored.size).toBe(13);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.head.toString()).toBe('%PDF-1.7 rest');
    expect((await readAll(await store.get(stored.key))).toString()).toBe('%PDF-1.7 rest');
    expect(await keysOf(store)).toEqual([stored.key]);
  });

  it('keeps nothing of a part the parser cut off at its limit, nor of an empty one', async () => {
    const store = createMemoryStore();
    const limits = { maxBytes: 1_000, minBytesPerSec: 0 };
    expect(await storeFilePart(store, filePart([Buffer.from('cut off')], true), limits)).toEqual({
      outcome: 'too_large',
    });
    expect(await storeFilePart(store, filePart([]), limits)).toEqual({ outcome: 'empty' });
    expect(await keysOf(store)).toEqual([]);
  });
});

describe('skipFilePart', () => {
  it('reads an unwanted part to its end', async () => {
    const file = new PassThrough();
    file.end(Buffer.alloc(100_000));
    await skipFilePart({ file } as unknown as Pick<MultipartFile, 'file'>);
    expect(file.readableEnded).toBe(true);
  });
});

describe('trackRequestUploads', () => {
  function setUp() {
    const store = createMemoryStore();
    let onResponse: ((request: FastifyRequest) => Promise<void>) | undefined;
    const app = {
      addHook: (name: string, hook: (request: FastifyRequest) => Promise<void>) => {
        if (name === 'onResponse') onResponse = hook;
      },
    };
    const uploads = trackRequestUploads<{ key: string }>(app as never, store);
    const respond = async (request: FastifyRequest) => {
      if (!onResponse) throw new Error('no onResponse hook');
      await onResponse(request);
    };
    return { store, uploads, respond };
  }

  async function put(store: FileStore, text: string): Promise<string> {
    return (await store.put(Readable.from([Buffer.from(text)]), { maxBytes: 100 })).key;
  }

  it('removes a request’s stored files once answered unless the request kept them', async () => {
    const { store, uploads, respond } = setUp();
    const refused = {} as FastifyRequest;
    const kept = {} as FastifyRequest;
    const refusedKey = await put(store, 'a');
    const keptKey = await put(store, 'b');
    uploads.start(refused).push({ key: refusedKey });
    uploads.start(kept).push({ key: keptKey });

    const taken = uploads.take(kept);
    expect(taken.files).toEqual([{ key: keptKey }]);
    taken.keep();
    await respond(refused);
    await respond(kept);
    expect(await keysOf(store)).toEqual([keptKey]);
  });

  it('gives a request without a multipart body no files', async () => {
    const { store, uploads, respond } = setUp();
    const json = {} as FastifyRequest;
    const taken = uploads.take(json);
    expect(taken.files).toEqual([]);
    taken.keep();
    await respond(json);
    expect(await keysOf(store)).toEqual([]);
  });
});

describe('sendStoredFile', () => {
  function fakeReply() {
    const headers: Record<string, string> = {};
    let sent: unknown;
    const reply = {
      header(name: string, value: string) {
        headers[name] = value;
        return reply;
      },
      send(payload: unknown) {
        sent = payload;
        return reply;
      },
    };
    return { reply: reply as unknown as FastifyReply, headers, sent: () => sent };
  }

  it('answers with the stored file, not cached nor sniffed, as an attachment when it names one', async () => {
    const store = createMemoryStore();
    const { key } = await store.put(Readable.from([Buffer.from('hello')]), { maxBytes: 100 });
    const download = fakeReply();
    await sendStoredFile(download.reply, store, {
      storageKey: key,
      contentType: 'text/plain',
      size: 5,
      disposition: 'attachment; filename="a.txt"',
    });
    expect(download.headers).toEqual({
      'content-type': 'text/plain',
      'content-length': '5',
      'content-disposition': 'attachment; filename="a.txt"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect((await readAll(download.sent() as Readable)).toString()).toBe('hello');

    const photo = fakeReply();
    await sendStoredFile(photo.reply, store, { storageKey: key, contentType: 'image/png', size: 5 });
    expect(photo.headers['content-disposition']).toBeUndefined();
    expect(photo.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 when the store no longer has the file', async () => {
    const store = createMemoryStore();
    const { key } = await store.put(Readable.from([Buffer.from('gone')]), { maxBytes: 100 });
    await store.delete(key);
    const error = await sendStoredFile(fakeReply().reply, store, {
      storageKey: key,
      contentType: 'text/plain',
      size: 4,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('not_found');
  });
});
