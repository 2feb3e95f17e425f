import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createFileKey, isFileKey } from './file-key';
import type { FileStore } from './file-store';
import { FileNotFoundError, FileTooLargeError, InvalidFileKeyError } from './file-store';

/** An in-memory FileStore for tests of code that stores files but never parses them (localPath is null). */
export function createMemoryStore(): FileStore {
  const files = new Map<string, { data: Buffer; storedAt: Date }>();

  function checkKey(key: string): void {
    if (!isFileKey(key)) throw new InvalidFileKeyError(key);
  }

  return {
    async put(source, opts) {
      const chunks: Buffer[] = [];
      let size = 0;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > opts.maxBytes) {
            callback(new FileTooLargeError(opts.maxBytes));
            return;
          }
          chunks.push(chunk);
          callback();
        },
      });
      await pipeline(source, sink, opts.signal ? { signal: opts.signal } : {});
      const data = Buffer.concat(chunks);
      const key = createFileKey();
      files.set(key, { data, storedAt: new Date() });
      return { key, size, sha256: createHash('sha256').update(data).digest('hex') };
    },
    async get(key) {
      checkKey(key);
      const file = files.get(key);
      if (!file) throw new FileNotFoundError(key);
      return Readable.from([file.data]);
    },
    async delete(key) {
      checkKey(key);
      files.delete(key);
    },
    async *listOlderThan(olderThan) {
      for (const [key, file] of files) if (file.storedAt < olderThan) yield key;
    },
    localPath(key) {
      checkKey(key);
      return null;
    },
  };
}
