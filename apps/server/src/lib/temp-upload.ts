import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './app-error';

/** How much of a file's start is kept in memory to judge its format by its bytes. */
export const HEAD_BYTES = 64 * 1024;

/**
 * Collects the first HEAD_BYTES of a stream while passing everything through, and counts bytes,
 * failing with 413 as soon as more than `maxBytes` arrive (so a huge upload is never written whole).
 */
export function createUploadMeter(maxBytes: number): Transform & { head(): Buffer; size(): number } {
  const chunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
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
  return Object.assign(meter, { head: () => Buffer.concat(chunks), size: () => size });
}

/** Streams an upload into a private temporary file; the caller deletes it with `remove()`. */
export async function writeUploadToTempFile(
  source: Readable,
  dir: string,
  maxBytes: number,
): Promise<{ path: string; size: number; head: Buffer; remove(): Promise<void> }> {
  await mkdir(dir, { recursive: true });
  const filePath = path.join(dir, `${randomUUID()}.upload`);
  const remove = () => unlink(filePath).catch(() => undefined);
  const meter = createUploadMeter(maxBytes);
  try {
    await pipeline(source, meter, createWriteStream(filePath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path: filePath, size: meter.size(), head: meter.head(), remove };
}
