import type { IncomingMessage } from 'node:http';
import type { Multipart } from '@fastify/multipart';
import { AppError } from './app-error';
import { MIN_RATE_CHECK_MS, MIN_RATE_GRACE_MS } from './temp-upload';

/** 413 for a body over `limitBytes`, naming the limit (in KB) in the message. */
export function bodyTooLargeError(limitBytes: number, cause?: unknown): AppError {
  return new AppError('body_too_large', {
    params: { size: Math.max(1, Math.floor(limitBytes / 1024)) },
    cause,
  });
}

/** The multipart parser's limit errors (too many parts, fields or files): 413, said as such. */
const PART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT']);

export function isPartLimitError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && PART_LIMIT_CODES.has(code);
}

export function tooManyPartsError(cause?: unknown): AppError {
  return new AppError('body_too_large', { key: 'errors.too_many_parts', cause });
}

export type MultipartBodyLimits = {
  /** Names and values of the text parts together, in bytes: the largest legitimate body's need. */
  maxTextBytes: number;
  /** The whole body (every part, text or file) must average at least this after a grace period; 0 = off. */
  minBytesPerSec: number;
  now?: () => number;
};

/**
 * Stops reading a request's body: the multipart parser is detached and the socket left unread. The
 * answer that follows says `Connection: close` (the error handler does), so the rest never arrives.
 */
function stopReadingBody(raw: IncomingMessage): void {
  raw.unpipe();
  raw.pause();
}

type RateWatch = { race<T>(step: Promise<T>): Promise<T>; stop(): void };

/**
 * Judges the body's average rate from the socket's byte count (every part counts, text or file),
 * until the body is complete. A too slow body rejects the step being awaited with 408 (and
 * `onTooSlow` fails whatever the reader is busy with).
 */
function watchBodyRate(
  raw: IncomingMessage,
  minBytesPerSec: number,
  now: () => number,
  onTooSlow: (error: AppError) => void,
): RateWatch {
  const socket = raw.socket as { bytesRead?: unknown } | null;
  if (minBytesPerSec <= 0 || typeof socket?.bytesRead !== 'number') {
    return { race: (step) => step, stop() {} };
  }
  const bytesRead = () => (typeof socket.bytesRead === 'number' ? socket.bytesRead : 0);
  const startBytes = bytesRead();
  const startedAt = now();
  let reject: (error: AppError) => void = () => undefined;
  const tooSlow = new Promise<never>((_resolve, fail) => {
    reject = fail;
  });
  tooSlow.catch(() => undefined);
  const timer = setInterval(() => {
    if (raw.complete || raw.destroyed) {
      clearInterval(timer);
      return;
    }
    const elapsedMs = now() - startedAt;
    if (elapsedMs > MIN_RATE_GRACE_MS && (bytesRead() - startBytes) / (elapsedMs / 1000) < minBytesPerSec) {
      clearInterval(timer);
      const error = new AppError('request_timeout');
      onTooSlow(error);
      reject(error);
    }
  }, MIN_RATE_CHECK_MS);
  timer.unref();
  raw.once('close', () => clearInterval(timer));
  return { race: (step) => Promise.race([step, tooSlow]), stop: () => clearInterval(timer) };
}

/**
 * The parts of a multipart body, read with the limits every multipart route needs on top of the
 * parser's per-part ones (pass those to `request.parts({ limits })`: fields, files, parts, fieldSize):
 * - the text parts' names and values may hold `maxTextBytes` together; the parser buffers each text
 *   part whole, so without this a body of many large text parts is held in memory;
 * - the body must arrive at `minBytesPerSec` on average, text parts included (a file part's own
 *   meter, lib/temp-upload.ts, also judges the file alone).
 * Over a limit (a value cut off at the parser's fieldSize too, or too many parts) it stops reading the
 * body and throws 413; too slow, 408.
 */
export async function* readLimitedParts(
  raw: IncomingMessage,
  parts: AsyncIterableIterator<Multipart>,
  limits: MultipartBodyLimits,
): AsyncGenerator<Multipart, void, undefined> {
  let current: Multipart | undefined;
  const watch = watchBodyRate(raw, limits.minBytesPerSec, limits.now ?? Date.now, (error) => {
    // A reader busy with a file part (storing it, buffering a logo) hears of it through the file.
    if (current?.type === 'file' && !current.file.readableEnded) current.file.destroy(error);
  });
  let textBytes = 0;
  try {
    while (true) {
      const next = await watch.race(parts.next());
      if (next.done) return;
      const part = next.value;
      current = part;
      if (part.type === 'field') {
        // A part without a name has none (`undefined`): the reader refuses it, after this count.
        const name = typeof part.fieldname === 'string' ? part.fieldname : '';
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
        if (part.valueTruncated || part.fieldnameTruncated || textBytes > limits.maxTextBytes) {
          throw bodyTooLargeError(limits.maxTextBytes);
        }
      }
      yield part;
    }
  } catch (error) {
    stopReadingBody(raw);
    throw isPartLimitError(error) ? tooManyPartsError(error) : error;
  } finally {
    watch.stop();
  }
}
