import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import {
  createPermissionsFetcher,
  createPermissionsStore,
  PERMISSIONS_STORAGE_KEY,
  type PermissionsKey,
  type StorageLike,
} from './permissions-store';
import { buildPermissions, recruiterPermissions } from './permissions-test-data';

const key: PermissionsKey = {
  userId: 5,
  rolesUpdatedAt: '2031-03-10T09:00:00.000Z',
  releaseVersion: '1.0.0',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function memoryStorage(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
  };
}

describe('the permissions store', () => {
  it('sends the request once and reuses it, in flight and answered', async () => {
    const fetchPermissions = vi.fn(async () => recruiterPermissions);
    const store = createPermissionsStore({ fetchPermissions });
    const [a, b] = await Promise.all([store.load(key), store.load({ ...key })]);
    await store.load(key);
    expect(fetchPermissions).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(store.getSnapshot()).toEqual({ status: 'ready', permissions: recruiterPermissions, error: null });
  });

  it('fetches again when rolesUpdatedAt changes, keeping the old answer while loading', async () => {
    const next = deferred<UserPermissions>();
    const fetchPermissions = vi
      .fn<() => Promise<UserPermissions>>()
      .mockResolvedValueOnce(recruiterPermissions)
      .mockReturnValueOnce(next.promise);
    const store = createPermissionsStore({ fetchPermissions });
    await store.load(key);
    const loading = store.load({ ...key, rolesUpdatedAt: '2031-03-11T00:00:00.000Z' });
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', permissions: recruiterPermissions });
    const updated = buildPermissions({}, '2031-03-11T00:00:00.000Z');
    next.resolve(updated);
    await loading;
    expect(fetchPermissions).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().permissions).toBe(updated);
  });

  it('never lets a late answer for an old key overwrite the newer one', async () => {
    const old = deferred<UserPermissions>();
    const newer = buildPermissions({}, 'newer');
    const fetchPermissions = vi
      .fn<() => Promise<UserPermissions>>()
      .mockReturnValueOnce(old.promise)
      .mockResolvedValueOnce(newer);
    const store = createPermissionsStore({ fetchPermissions });
    const first = store.load(key);
    await store.load({ ...key, rolesUpdatedAt: 'newer' });
    old.resolve(recruiterPermissions);
    await first;
    expect(store.getSnapshot().permissions).toBe(newer);
  });

  it('reuses what a previous page load stored for the same user and rolesUpdatedAt, without a request', async () => {
    const storage = memoryStorage();
    const first = createPermissionsStore({
      fetchPermissions: async () => recruiterPermissions,
      getStorage: () => storage,
    });
    await first.load(key);
    expect(storage.items.has(PERMISSIONS_STORAGE_KEY)).toBe(true);

    const fetchPermissions = vi.fn(async () => buildPermissions());
    const reloaded = createPermissionsStore({ fetchPermissions, getStorage: () => storage });
    expect(await reloaded.load(key)).toEqual(recruiterPermissions);
    expect(fetchPermissions).not.toHaveBeenCalled();

    // Another user, or roles changed since: the stored answer is stale.
    await reloaded.load({ ...key, userId: 6 });
    await reloaded.load({ ...key, rolesUpdatedAt: '2031-04-01T00:00:00.000Z' });
    expect(fetchPermissions).toHaveBeenCalledTimes(2);
  });

  it('works from memory when storage fails or holds garbage', async () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const fetchPermissions = vi.fn(async () => recruiterPermissions);
    const store = createPermissionsStore({ fetchPermissions, getStorage: () => broken });
    expect(await store.load(key)).toBe(recruiterPermissions);

    const garbage = memoryStorage();
    garbage.setItem(PERMISSIONS_STORAGE_KEY, '{not json');
    const other = createPermissionsStore({ fetchPermissions, getStorage: () => garbage });
    expect(await other.load(key)).toBe(recruiterPermissions);
    expect(fetchPermissions).toHaveBeenCalledTimes(2);
  });

  it('reports a failure and tries again on the next load', async () => {
    const failure = new Error('offline');
    const fetchPermissions = vi
      .fn<() => Promise<UserPermissions>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(recruiterPermissions);
    const store = createPermissionsStore({ fetchPermissions });
    await expect(store.load(key)).rejects.toBe(failure);
    expect(store.getSnapshot()).toEqual({ status: 'error', permissions: null, error: failure });
    expect(await store.load(key)).toBe(recruiterPermissions);
    expect(fetchPermissions).toHaveBeenCalledTimes(2);
  });

  it('notifies subscribers of every change until they unsubscribe', async () => {
    const store = createPermissionsStore({ fetchPermissions: async () => recruiterPermissions });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await store.load(key);
    expect(listener).toHaveBeenCalledTimes(2); // loading, ready
    unsubscribe();
    await store.load({ ...key, userId: 9 });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('createPermissionsFetcher', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="csrf-token" content="t">';
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('asks GET /vue-global/permissions and answers its data, checked against the schema', async () => {
    const urls: string[] = [];
    const respond = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    let body: unknown = { data: recruiterPermissions };
    const client = createApiClient({
      fetch: async (input) => {
        urls.push(String(input));
        return respond(body);
      },
      document,
    });
    const fetchPermissions = createPermissionsFetcher(client);
    expect(await fetchPermissions()).toEqual(recruiterPermissions);
    expect(urls).toEqual(['/vue-global/permissions']);

    body = { data: { ...recruiterPermissions, permissions: { Candidate: {} } } };
    await expect(fetchPermissions()).rejects.toThrow();
  });
});

describe('the permissions store over the local database', () => {
  function memoryCache() {
    const entries = new Map<string, UserPermissions>();
    const id = (k: PermissionsKey) => JSON.stringify(k);
    return {
      entries,
      read: vi.fn(async (k: PermissionsKey) => entries.get(id(k)) ?? null),
      write: vi.fn(async (k: PermissionsKey, data: UserPermissions) => void entries.set(id(k), data)),
    };
  }

  it('answers from the local database when Web Storage has nothing, without a request', async () => {
    const cache = memoryCache();
    const saved = buildPermissions({}, '2031-01-01T00:00:00.000Z');
    await cache.write(key, saved);
    const fetchPermissions = vi.fn(async () => recruiterPermissions);
    const store = createPermissionsStore({ fetchPermissions, cache });
    expect(await store.load(key)).toEqual(saved);
    expect(fetchPermissions).not.toHaveBeenCalled();
  });

  it('fetches for a new rolesUpdatedAt and keeps the answer in the local database', async () => {
    const cache = memoryCache();
    await cache.write(key, buildPermissions({}));
    const fetchPermissions = vi.fn(async () => recruiterPermissions);
    const store = createPermissionsStore({ fetchPermissions, cache });
    const moved = { ...key, rolesUpdatedAt: '2031-03-11T09:00:00.000Z' };
    expect(await store.load(moved)).toEqual(recruiterPermissions);
    expect(fetchPermissions).toHaveBeenCalledTimes(1);
    expect(cache.write).toHaveBeenLastCalledWith(moved, recruiterPermissions);
  });

  it('fetches when the local database fails', async () => {
    const fetchPermissions = vi.fn(async () => recruiterPermissions);
    const store = createPermissionsStore({
      fetchPermissions,
      cache: {
        read: () => Promise.reject(new Error('blocked')),
        write: () => Promise.reject(new Error('full')),
      },
    });
    expect(await store.load(key)).toEqual(recruiterPermissions);
    expect(store.getSnapshot().status).toBe('ready');
  });
});
