import path from 'node:path';
import type { Env } from '../config/env';
import type { FileStore } from './file-store';
import { createLocalDirStore } from './local-dir';
import { createS3FileStoreFromEnv } from './s3';

/** The FileStore that STORAGE chooses, with its start-up housekeeping. */
export type ConfiguredFileStore = {
  fileStore: FileStore;
  /**
   * Checks the store is usable (an S3 bucket that is missing or refuses the credentials stops the
   * start) and removes what uploads interrupted before `olderThan` left behind: temp files on disk,
   * incomplete multipart uploads in a bucket. Answers how many went (null: the service cannot tell).
   */
  prepare(olderThan: Date): Promise<number | null>;
};

/** Files in `<dataDir>/files` (STORAGE=local) or in the S3 bucket (STORAGE=s3). */
export function createConfiguredFileStore(env: Env, dataDir: string): ConfiguredFileStore {
  if (env.STORAGE === 's3') {
    const store = createS3FileStoreFromEnv(env);
    return {
      fileStore: store,
      async prepare(olderThan) {
        await store.checkBucket();
        return store.abortStaleUploads(olderThan);
      },
    };
  }
  const store = createLocalDirStore(localFilesDir(dataDir));
  return { fileStore: store, prepare: (olderThan) => store.removeStaleTempFiles(olderThan) };
}

/** Where STORAGE=local keeps files (and where `storage:migrate-to-s3` reads them). */
export function localFilesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}
