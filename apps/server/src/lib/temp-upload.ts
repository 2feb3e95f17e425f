import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './app-error';

/** How much of a file's start is kept in memory to judge its format by its bytes. */
export const HEAD_BYTES = 64 * 1024;

/** A slow start (TLS, a phone waking its radio) is forgiven for this long before the rate counts. */
export const MIN_RATE_GRACE_MS = 20_000;
/** How often an upload's average rate is judged. */
export const MIN_RATE_CHECK_MS = 2_000;

export type UploadMeterOptions = {
  /** Cut the upload off (408) when it averages fewer bytes per second than this; 0 = never. */
  minBytesPerSec?: number;
  now?: () => number;
};

/**
 * Collects the first HEAD_BYTES of a stream while passing everything through, and counts bytes,
 * failing with 413 as soon as more than `maxBytes` arrive (so a huge upload is never written whole),
 * and with 408 when the upload trickles in slower than the minimum rate (a slow-loris upload would
 * otherwise hold a connection and a temporary file for as long as it likes).
 */
export function createUploadMeter(
  maxBytes: number,
  opts: UploadMeterOptions = {},
): Transform & { head(): Buffer; size(): number } {
  const chunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const now = opts.now ?? Date.now;
  const startedAt = now();
  const minRate = opts.minBytesPerSec ?? 0;
  const rateTimer =
    minRate > 0
      ? setInterval(() => {
          const elapsedMs = now() - startedAt;
          if (elapsedMs > MIN_RATE_GRACE_MS && size / (elapsedMs / 1000) < minRate) {
            meter.destroy(new AppError('request_timeout'));
          }
        }, MIN_RATE_CHECK_MS)
      : undefined;
  rateTimer?.unref();
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new AppError('file_too_large'));
        return;
      }
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        chunks.push(part);
        headLength += part.length;
      }
      callback(null, chunk);
    },
  });
  meter.once('close', () => clearInterval(rateTimer));
  return Object.assign(meter, { head: () => Buffer.concat(chunks), size: () => size });
}

/** Streams an upload into a private temporary file; the caller deletes it with `remove()`. */
export async function writeUploadToTempFile(
  source: Readable,
  dir: string,
  maxBytes: number,
  meterOptions: UploadMeterOptions = {},
): Promise<{ path: string; size: number; head: Buffer; remove(): Promise<void> }> {
  await mkdir(dir, { recursive: true });
  const filePath = path.join(dir, `${randomUUID()}.upload`);
  const remove = () => unlink(filePath).catch(() => undefined);
  const meter = createUploadMeter(maxBytes, meterOptions);
  const sink = createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, meter, sink);
  } catch (error) {
    // A body that breaks off while the file is still being opened fails the pipeline first: unlinking
    // at once would come before the open creates the file, which would then stay, empty, for good.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await remove();
    throw error;
  }
  return { path: filePath, size: meter.size(), head: meter.head(), remove };
}
