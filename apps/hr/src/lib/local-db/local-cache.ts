import { type CacheEntry, type CacheStamp, type LocalDb, openLocalDb } from './local-db';

/**
 * Cached answers in the `cache` store of the local database, by name. An entry is current while
 * the locale, releaseVersion, rolesUpdatedAt and its dictionary's dictionaryUpdatedAt are those it
 * was saved with (spec §9); a stale one is dropped when read. Every storage error reads as "nothing
 * cached" and a failed write is ignored (spec §8): the caller then uses the network.
 */
export type LocalCache = {
  read<T>(name: string, stamp: CacheStamp, parse: (data: unknown) => T | null): Promise<T | null>;
  write(name: string, stamp: CacheStamp, data: unknown): Promise<void>;
  /** Drops one entry (after a change made in this tab, before the page data knows of it). */
  remove(name: string): Promise<void>;
};

/** Whether a saved entry still belongs to the current stamp. */
export function isEntryCurrent(entry: CacheStamp, stamp: CacheStamp): boolean {
  return (
    entry.locale === stamp.locale &&
    entry.releaseVersion === stamp.releaseVersion &&
    entry.rolesUpdatedAt === stamp.rolesUpdatedAt &&
    entry.dictionaryUpdatedAt === stamp.dictionaryUpdatedAt
  );
}

export function createLocalCache(
  deps: { openDb?: () => Promise<LocalDb | null>; now?: () => number } = {},
): LocalCache {
  const open = deps.openDb ?? openLocalDb;
  const now = deps.now ?? Date.now;
  // Opened once, on first use; a failed open is tried again next time.
  let db: Promise<LocalDb | null> | null = null;
  const getDb = async (): Promise<LocalDb | null> => {
    db ??= open().catch(() => null);
    const opened = await db;
    if (!opened) db = null;
    return opened;
  };

  return {
    async read(name, stamp, parse) {
      try {
        const database = await getDb();
        const entry = await database?.get('cache', name);
        if (!database || !entry) return null;
        if (!isEntryCurrent(entry, stamp)) {
          await database.delete('cache', name);
          return null;
        }
        return parse(entry.data);
      } catch {
        return null;
      }
    },
    async write(name, stamp, data) {
      try {
        const entry: CacheEntry = {
          name,
          locale: stamp.locale,
          releaseVersion: stamp.releaseVersion,
          rolesUpdatedAt: stamp.rolesUpdatedAt,
          dictionaryUpdatedAt: stamp.dictionaryUpdatedAt,
          data,
          savedAt: now(),
        };
        await (await getDb())?.put('cache', entry);
      } catch {
        // A full or unavailable storage only costs a request next time.
      }
    },
    async remove(name) {
      try {
        await (await getDb())?.delete('cache', name);
      } catch {
        // Nothing cached is the same as nothing to drop.
      }
    },
  };
}

/** The app's cache. Creating it opens nothing. */
export const localCache = createLocalCache();
