import { inArray } from 'drizzle-orm';
import { storedFiles } from '../db/schema/files';
import type { Db } from '../db/tables';
import type { FileStore } from '../storage/file-store';

/** Uploads younger than this may still be on their way into a transaction: leave them alone. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Deletes stored files that no database row references: the leftovers of uploads interrupted by a
 * crash or a deploy between storing the file and committing the application. Returns how many went.
 */
export async function sweepOrphanFiles(db: Db, fileStore: FileStore, now: Date): Promise<number> {
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const known = await db
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .where(inArray(storedFiles.storageKey, batch));
    const referenced = new Set(known.map((row) => row.key));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await fileStore.delete(key);
      deleted += 1;
    }
    batch = [];
  };
  for await (const key of fileStore.listOlderThan(new Date(now.getTime() - ORPHAN_MIN_AGE_MS))) {
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return deleted;
}
