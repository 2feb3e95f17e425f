import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCachedSource, selectSource, stampFor } from './data-sources';
import { createLocalCache } from './local-cache';
import { type CacheStamp, LOCAL_DB_NAME, openLocalDb } from './local-db';

// The local database and its cache (spec §3.2, §9): entries dropped when the locale, the release,
// rolesUpdatedAt or their dictionary's dictionaryUpdatedAt change; storage errors read as nothing
// cached (spec §8) and the live source answers.

const stamp: CacheStamp = {
  locale: 'en',
  releaseVersion: '1.0.0',
  rolesUpdatedAt: '2031-03-01T00:00:00.000Z',
  dictionaryUpdatedAt: null,
};
const asStrings = (data: unknown) => (Array.isArray(data) ? (data as string[]) : null);

beforeEach(() => {
  // A fresh, empty browser database for every test.
  vi.stubGlobal('indexedDB', new IDBFactory());
});

describe('the local database', () => {
  it('is named hrm and has the stores cache and commentDrafts', async () => {
    const db = await openLocalDb();
    expect(db?.name).toBe(LOCAL_DB_NAME);
    expect([...(db?.objectStoreNames ?? [])].sort()).toEqual(['cache', 'commentDrafts']);
    db?.close();
  });

  it('is null when the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(await openLocalDb()).toBeNull();
  });
});

describe('the local cache', () => {
  it('gives back what was written under the same stamp', async () => {
    const cache = createLocalCache();
    await cache.write('dictionary:gender', stamp, ['Male', 'Female']);
    expect(await cache.read('dictionary:gender', stamp, asStrings)).toEqual(['Male', 'Female']);
    // Another cache over the same database (the next page load) sees it too.
    expect(await createLocalCache().read('dictionary:gender', stamp, asStrings)).toEqual(['Male', 'Female']);
  });

  it.each([
    ['the locale', { locale: 'uk' }],
    ['the release', { releaseVersion: '1.0.1' }],
    ['rolesUpdatedAt', { rolesUpdatedAt: '2031-03-02T00:00:00.000Z' }],
    ["the dictionary's dictionaryUpdatedAt", { dictionaryUpdatedAt: '2031-03-02T00:00:00.000Z' }],
  ])('drops an entry when %s changes', async (_what, change) => {
    const cache = createLocalCache();
    await cache.write('dictionary:gender', stamp, ['Male']);
    expect(await cache.read('dictionary:gender', { ...stamp, ...change }, asStrings)).toBeNull();
    // Dropped, not just skipped: going back to the old stamp finds nothing either.
    expect(await cache.read('dictionary:gender', stamp, asStrings)).toBeNull();
  });

  it("keeps an entry when another dictionary's version moves", async () => {
    const cache = createLocalCache();
    const page = {
      locale: 'en',
      releaseVersion: '1.0.0',
      rolesUpdatedAt: null,
      dictionaryUpdatedAt: { sex: '2031-03-01T00:00:00.000Z' },
    };
    await cache.write('dictionary:gender', stampFor('gender', page), ['Male']);
    const later = {
      ...page,
      dictionaryUpdatedAt: { ...page.dictionaryUpdatedAt, grade: '2031-03-05T00:00:00.000Z' },
    };
    expect(await cache.read('dictionary:gender', stampFor('gender', later), asStrings)).toEqual(['Male']);
    const renamed = { ...page, dictionaryUpdatedAt: { sex: '2031-03-05T00:00:00.000Z' } };
    expect(await cache.read('dictionary:gender', stampFor('gender', renamed), asStrings)).toBeNull();
  });

  it('reads null when what is stored does not parse', async () => {
    const cache = createLocalCache();
    await cache.write('dictionary:gender', stamp, { not: 'a list' });
    expect(await cache.read('dictionary:gender', stamp, asStrings)).toBeNull();
  });

  it('reads null and writes nothing, without throwing, when storage fails', async () => {
    const broken = createLocalCache({ openDb: () => Promise.reject(new Error('quota')) });
    await expect(broken.write('dictionary:gender', stamp, ['Male'])).resolves.toBeUndefined();
    expect(await broken.read('dictionary:gender', stamp, asStrings)).toBeNull();
    const closed = await openLocalDb();
    closed?.close();
    const failing = createLocalCache({ openDb: async () => closed });
    expect(await failing.read('dictionary:gender', stamp, asStrings)).toBeNull();
    await expect(failing.write('dictionary:gender', stamp, ['Male'])).resolves.toBeUndefined();
  });
});

describe('the live-or-cached selector', () => {
  it('serves the cached variant while it is current and the live source otherwise', async () => {
    const live = vi.fn(async () => ['Male', 'Female']);
    const cached = createCachedSource('dictionary:gender', live, asStrings, createLocalCache());
    const source = selectSource({ live, cached });
    expect(await source(stamp)).toEqual(['Male', 'Female']);
    expect(await source(stamp)).toEqual(['Male', 'Female']);
    expect(live).toHaveBeenCalledTimes(1);
    await source({ ...stamp, locale: 'ru' });
    expect(live).toHaveBeenCalledTimes(2);
  });

  it('reads live when the build flag is off or the area has no cached variant', async () => {
    const live = vi.fn(async () => ['Male']);
    const cached = createCachedSource('dictionary:gender', live, asStrings, createLocalCache());
    const off = selectSource({ live, cached }, false);
    await off(stamp);
    await off(stamp);
    await selectSource({ live })(stamp);
    expect(live).toHaveBeenCalledTimes(3);
  });

  it('falls back to the network when storage fails', async () => {
    const live = vi.fn(async () => ['Male']);
    const broken = createLocalCache({ openDb: () => Promise.reject(new Error('blocked')) });
    const source = selectSource({
      live,
      cached: createCachedSource('dictionary:gender', live, asStrings, broken),
    });
    expect(await source(stamp)).toEqual(['Male']);
    expect(await source(stamp)).toEqual(['Male']);
    expect(live).toHaveBeenCalledTimes(2);
  });
});
