import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileNotFoundError, type FileStore } from '../storage/file-store';
import { AppError } from './app-error';
import { createUploadMeter } from './temp-upload';

// Files routes take in (multipart file parts into the FileStore) and hand out (a stored file as the
// answer): the parts every module with documents repeats.

/** Reads a file part nobody wants to its end (the parser moves on to the next part only then). */
export async function skipFilePart(part: Pick<MultipartFile, 'file'>): Promise<void> {
  part.file.resume();
  await finished(part.file);
}

/**
 * A file part as storing it went: `stored` (with the first bytes, to judge its type by content);
 * `too_large` (over `maxBytes`: the parser cut it off) and `empty` keep nothing.
 */
export type StoredFilePart =
  | { outcome: 'stored'; key: string; size: number; sha256: string; head: Buffer }
  | { outcome: 'too_large' }
  | { outcome: 'empty' };

/**
 * Streams a file part into the FileStore as it arrives, metered (at most `maxBytes`; 408 below
 * `minBytesPerSec`, 0 = off). A part cut off at the limit or without a byte is removed again.
 */
export async function storeFilePart(
  fileStore: FileStore,
  part: Pick<MultipartFile, 'file'>,
  limits: { maxBytes: number; minBytesPerSec: number },
): Promise<StoredFilePart> {
  const meter = createUploadMeter(limits.maxBytes, { minBytesPerSec: limits.minBytesPerSec });
  const [, stored] = await Promise.all([
    pipeline(part.file, meter),
    fileStore.put(meter, { maxBytes: limits.maxBytes }),
  ]);
  if (part.file.truncated) {
    await fileStore.delete(stored.key);
    return { outcome: 'too_large' };
  }
  if (stored.size === 0) {
    await fileStore.delete(stored.key);
    return { outcome: 'empty' };
  }
  return { outcome: 'stored', ...stored, head: meter.head() };
}

export type RequestUploads<U extends { key: string }> = {
  /** The list a request's stored files go in while its body is read (a new one per request). */
  start(request: FastifyRequest): U[];
  /** The files the request's body carried (none for JSON); `keep()` once the service recorded them. */
  take(request: FastifyRequest): { files: U[]; keep(): void };
};

/**
 * Files stored while reading a request's body, per request: once the answer is sent, those the
 * request did not keep (the service refused it, or failed) are removed from the FileStore.
 */
export function trackRequestUploads<U extends { key: string }>(
  app: Pick<FastifyInstance, 'addHook'>,
  fileStore: FileStore,
): RequestUploads<U> {
  const uploadsOf = new WeakMap<FastifyRequest, { files: U[]; kept: boolean }>();
  app.addHook('onResponse', async (request) => {
    const uploads = uploadsOf.get(request);
    if (!uploads || uploads.kept) return;
    await Promise.allSettled(uploads.files.map((file) => fileStore.delete(file.key)));
  });
  return {
    start(request) {
      const uploads = { files: [] as U[], kept: false };
      uploadsOf.set(request, uploads);
      return uploads.files;
    },
    take(request) {
      const uploads = uploadsOf.get(request);
      return {
        files: uploads?.files ?? [],
        keep: () => {
          if (uploads) uploads.kept = true;
        },
      };
    },
  };
}

/** A stored file as the answer names it: `disposition` (e.g. an attachment's) when it has one. */
export type StoredFileAnswer = {
  storageKey: string;
  contentType: string;
  size: number;
  disposition?: string;
};

/**
 * Answers with a stored file, never kept by the browser or a proxy (private data) nor sniffed; 404
 * when the FileStore no longer has it.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  fileStore: FileStore,
  file: StoredFileAnswer,
): Promise<FastifyReply> {
  let stream: Readable;
  try {
    stream = await fileStore.get(file.storageKey);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw new AppError('not_found', { cause: error });
    throw error;
  }
  reply.header('content-type', file.contentType).header('content-length', String(file.size));
  if (file.disposition !== undefined) reply.header('content-disposition', file.disposition);
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);
}
