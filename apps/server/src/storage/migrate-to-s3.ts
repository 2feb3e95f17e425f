import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { LocalDirStore } from './local-dir';
import type { S3FileStore } from './s3';

/** What one run of the migration did; a second run over the same files copies nothing. */
export type MigrationReport = {
  /** Files copied in this run, and their bytes. */
  copied: number;
  copiedBytes: number;
  /** Files already in the bucket with the same size (copied by an earlier, perhaps interrupted, run). */
  alreadyThere: number;
  /** Files that could not be copied; each was reported through onError. Run again to retry them. */
  failed: number;
};

const CONCURRENCY = 4;

/**
 * Copies every complete file of the local store into the bucket under the same key, so the database
 * rows that name the keys stay valid. Idempotent and resumable: a key already in the bucket with the
 * local file's size is skipped (an S3 object is never partly written, so the size says it is whole).
 * Local files are left in place.
 */
export async function migrateLocalFilesToS3(opts: {
  source: LocalDirStore;
  target: S3FileStore;
  onProgress?: (report: MigrationReport) => void;
  onError?: (key: string, error: unknown) => void;
}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, copiedBytes: 0, alreadyThere: 0, failed: 0 };
  const keys = opts.source.listOlderThan(new Date(8.64e15))[Symbol.asyncIterator]();
  let done = 0;

  async function copyOne(key: string): Promise<void> {
    const path = opts.source.localPath(key);
    if (!path) throw new Error('the source store has no local files');
    const { size } = await stat(path);
    if ((await opts.target.sizeOf(key)) === size) {
      report.alreadyThere += 1;
      return;
    }
    const stored = await opts.target.putAt(key, createReadStream(path));
    if (stored.size !== size) throw new Error(`copied ${stored.size} bytes of ${size}`);
    report.copied += 1;
    report.copiedBytes += size;
  }

  // A few copies at a time: each waits mostly on the network.
  async function worker(): Promise<void> {
    for (let next = await keys.next(); !next.done; next = await keys.next()) {
      try {
        await copyOne(next.value);
      } catch (error) {
        report.failed += 1;
        opts.onError?.(next.value, error);
      }
      done += 1;
      if (done % 100 === 0) opts.onProgress?.({ ...report });
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return report;
}
