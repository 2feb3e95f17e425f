import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import { readLimitedParts } from './multipart-body';

/** A request as the reader sees it: a socket that counts bytes, and a body that can be stopped. */
function createRaw() {
  const raw = Object.assign(new EventEmitter(), {
    socket: { bytesRead: 0 },
    complete: false,
    destroyed: false,
    unpipe: vi.fn(),
    pause: vi.fn(),
  });
  return raw;
}

function field(fieldname: string, value: string, valueTruncated = false): Multipart {
  return {
    type: 'field',
    fieldname,
    value,
    valueTruncated,
    fieldnameTruncated: false,
  } as unknown as Multipart;
}

/** Parts handed out one by one when `release` is called; `next()` waits until then. */
function createParts() {
  const queue: (Multipart | Error | null)[] = [];
  let waiting: ((value: Multipart | Error | null) => void) | null = null;
  const iterator: AsyncIterableIterator<Multipart> = {
    async next() {
      const item =
        queue.length > 0
          ? queue.shift()
          : await new Promise<Multipart | Error | null>((resolve) => {
              waiting = resolve;
            });
      if (item instanceof Error) throw item;
      return item ? { done: false, value: item } : { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return {
    iterator,
    release(item: Multipart | Error | null) {
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        resolve(item);
      } else queue.push(item);
    },
  };
}

async function collect(parts: AsyncIterable<Multipart>): Promise<Multipart[]> {
  const seen: Multipart[] = [];
  for await (const part of parts) seen.push(part);
  return seen;
}

describe('readLimitedParts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops reading and answers 413, naming the budget, once the text parts’ names and values pass it', async () => {
    const raw = createRaw();
    const parts = createParts();
    const reading = collect(
      readLimitedParts(raw as unknown as IncomingMessage, parts.iterator, {
        maxTextBytes: 2_048,
        minBytesPerSec: 0,
      }),
    );
    parts.release(field('a', 'x'.repeat(1_000)));
    parts.release(field('b', 'x'.repeat(1_000)));
    parts.release(field('c', 'x'.repeat(100)));
    const error = await reading.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413, code: 'body_too_large', params: { size: 2 } });
    expect(raw.unpipe).toHaveBeenCalled();
    expect(raw.pause).toHaveBeenCalled();
  });

  it('answers 413 to a value the parser cut off at its per-part size, and to too many parts', async () => {
    const limits = { maxTextBytes: 10_000, minBytesPerSec: 0 };
    const cut = createParts();
    cut.release(field('a', 'x'.repeat(10), true));
    await expect(
      collect(readLimitedParts(createRaw() as unknown as IncomingMessage, cut.iterator, limits)),
    ).rejects.toMatchObject({ status: 413, code: 'body_too_large' });

    const many = createParts();
    many.release(Object.assign(new Error('reach parts limit'), { code: 'FST_PARTS_LIMIT' }));
    await expect(
      collect(readLimitedParts(createRaw() as unknown as IncomingMessage, many.iterator, limits)),
    ).rejects.toMatchObject({ status: 413, key: 'errors.too_many_parts' });
  });

  it('cuts off a body trickling in below the minimum rate with 408, while a text part is arriving (every part is metered, not only files)', async () => {
    const raw = createRaw();
    const parts = createParts();
    const reading = collect(
      readLimitedParts(raw as unknown as IncomingMessage, parts.iterator, {
        maxTextBytes: 100_000,
        minBytesPerSec: 4_096,
      }),
    ).catch((caught: unknown) => caught);
    parts.release(field('source', 'careers'));
    // 1 KB/s: the next text part never completes in time.
    for (let second = 0; second < 24; second += 1) {
      raw.socket.bytesRead += 1_024;
      await vi.advanceTimersByTimeAsync(1_000);
    }
    const error = await reading;
    expect(error).toMatchObject({ status: 408, code: 'request_timeout' });
    expect(raw.unpipe).toHaveBeenCalled();
  });

  it('fails the file part a reader is busy with when the body is too slow', async () => {
    const raw = createRaw();
    const parts = createParts();
    const file = new PassThrough();
    const reading = (async () => {
      for await (const part of readLimitedParts(raw as unknown as IncomingMessage, parts.iterator, {
        maxTextBytes: 100_000,
        minBytesPerSec: 4_096,
      })) {
        // Busy with the file, as a reader storing it would be, until the file fails.
        if (part.type === 'file') await new Promise((_resolve, reject) => part.file.on('error', reject));
      }
    })().catch((caught: unknown) => caught);
    parts.release({ type: 'file', fieldname: 'cv', file } as unknown as Multipart);
    await vi.advanceTimersByTimeAsync(24_000);
    expect(await reading).toMatchObject({ status: 408 });
    expect(file.destroyed).toBe(true);
  });

  it('leaves a body alone that keeps the minimum rate, and stops judging once it is complete', async () => {
    const raw = createRaw();
    const parts = createParts();
    const reading = collect(
      readLimitedParts(raw as unknown as IncomingMessage, parts.iterator, {
        maxTextBytes: 100_000,
        minBytesPerSec: 4_096,
      }),
    );
    for (let second = 0; second < 30; second += 1) {
      raw.socket.bytesRead += 8_192;
      await vi.advanceTimersByTimeAsync(1_000);
    }
    // Complete: whatever the handler does next (parse, store) takes as long as it takes.
    raw.complete = true;
    await vi.advanceTimersByTimeAsync(60_000);
    parts.release(field('source', 'careers'));
    parts.release(null);
    expect(await reading).toHaveLength(1);
  });
});
