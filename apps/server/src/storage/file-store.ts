import type { Readable } from 'node:stream';

/**
 * Where uploaded files (CVs, attachments, logos) live. Keys are chosen by the store, never by the caller,
 * so no user input can reach a path or object name. Implementations: local directory (default), S3 (s3.ts).
 */
export interface FileStore {
  /**
   * Streams `source` into storage. Rejects with FileTooLargeError (and keeps nothing) once more than
   * maxBytes arrive. On any rejection the source is destroyed (stream.pipeline semantics) and nothing is kept.
   */
  put(
    source: Readable,
    opts: { maxBytes: number; signal?: AbortSignal },
  ): Promise<{ key: string; size: number; sha256: string }>;
  /** Rejects with FileNotFoundError when the key is missing. */
  get(key: string): Promise<Readable>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  /** Keys of stored files older than `olderThan` — used at start to remove orphans of interrupted uploads. */
  listOlderThan(olderThan: Date): AsyncIterable<string>;
  /** A local path for a key when the store is on disk (CV parsing reads it), else null. */
  localPath(key: string): string | null;
}

/** More than `maxBytes` arrived; maps to HTTP 413. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`File is larger than ${maxBytes} bytes`);
  }
}

/** No file is stored under the key. */
export class FileNotFoundError extends Error {
  override name = 'FileNotFoundError';
  constructor(readonly key: string) {
    super(`No stored file under key ${key}`);
  }
}

/** The key was not produced by a store (malformed); never touches the disk. */
export class InvalidFileKeyError extends Error {
  override name = 'InvalidFileKeyError';
  constructor(readonly key: string) {
    super('Malformed file key');
  }
}
