import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import { createUploadMeter, HEAD_BYTES } from './temp-upload';

describe('createUploadMeter', () => {
  it('passes bytes through, keeps the head and counts the size', async () => {
    const meter = createUploadMeter(1_000_000);
    const data = Buffer.alloc(HEAD_BYTES + 10, 7);
    const out: Buffer[] = [];
    await pipeline(Readable.from([data]), meter, async (source) => {
      for await (const chunk of source) out.push(chunk as Buffer);
    });
    expect(Buffer.concat(out)).toEqual(data);
    expect(meter.head()).toHaveLength(HEAD_BYTES);
    expect(meter.size()).toBe(data.length);
  });

  it('fails with 413 as soon as more than maxBytes arrive', async () => {
    const meter = createUploadMeter(10);
    const error = await pipeline(Readable.from([Buffer.alloc(11)]), meter, new PassThrough()).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
  });

  it('cuts off an upload that trickles in below the minimum rate after the grace period', async () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const source = new PassThrough();
      const meter = createUploadMeter(1_000_000, { minBytesPerSec: 1000, now: () => clock });
      const done = pipeline(source, meter, new PassThrough().resume()).catch((e) => e);
      source.write(Buffer.alloc(5_000)); // 5 KB in 30 s is far below 1 KB/s
      clock = 30_000;
      await vi.advanceTimersByTimeAsync(2_000);
      const error = await done;
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(408);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a slow start through while the rate is fine overall', async () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const source = new PassThrough();
      const meter = createUploadMeter(1_000_000, { minBytesPerSec: 1000, now: () => clock });
      const sink = new PassThrough().resume();
      const done = pipeline(source, meter, sink);
      clock = 10_000;
      await vi.advanceTimersByTimeAsync(2_000); // nothing yet, but still within the grace period
      source.write(Buffer.alloc(40_000));
      clock = 30_000;
      await vi.advanceTimersByTimeAsync(2_000);
      source.end();
      await expect(done).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
