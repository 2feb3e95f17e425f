import { INDEXED_DB_VERSION } from '@kadry/shared/schemas/auth';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** The HR app's local database (spec §3.2): named hrm, with stores cache and commentDrafts. */
export const LOCAL_DB_NAME = 'hrm';

/** What a cached answer belongs to (spec §9): a change of any of these drops it. */
export type CacheStamp = {
  locale: string;
  releaseVersion: string;
  rolesUpdatedAt: string | null;
  /** settings.dictionaryUpdatedAt of the cached dictionary; null for what no dictionary version covers. */
  dictionaryUpdatedAt: string | null;
};

export type CacheEntry = CacheStamp & { name: string; data: unknown; savedAt: number };

export type CommentDraft = { key: string; text: string; savedAt: number };

export interface HrmSchema extends DBSchema {
  cache: { key: string; value: CacheEntry };
  commentDrafts: { key: string; value: CommentDraft };
}

export type LocalDb = IDBPDatabase<HrmSchema>;

/**
 * Opens the local database, creating its stores on first use; null when the browser has no
 * IndexedDB or refuses it (private mode, a blocked upgrade): callers then go to the network
 * (spec §8: storage errors return null).
 */
export async function openLocalDb(): Promise<LocalDb | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    return await openDB<HrmSchema>(LOCAL_DB_NAME, INDEXED_DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains('cache')) db.createObjectStore('cache', { keyPath: 'name' });
        if (!db.objectStoreNames.contains('commentDrafts')) {
          db.createObjectStore('commentDrafts', { keyPath: 'key' });
        }
      },
    });
  } catch {
    return null;
  }
}
