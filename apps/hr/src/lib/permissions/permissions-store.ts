import { permissionsResponseSchema, type UserPermissions } from '@kadry/shared/permissions/schemas';
import { route } from '@kadry/shared/routes';
import { z } from 'zod';
import { type ApiClient, api } from '../api-client';
import { type LocalCache, localCache } from '../local-db/local-cache';

/**
 * What the cached permissions belong to: the user and the page data's rolesUpdatedAt (and release,
 * whose vocabulary may differ). A different key means the cache is stale.
 */
export type PermissionsKey = { userId: number; rolesUpdatedAt: string | null; releaseVersion: string };

export type PermissionsState =
  | { status: 'idle'; permissions: null; error: null }
  | { status: 'loading'; permissions: UserPermissions | null; error: null }
  | { status: 'ready'; permissions: UserPermissions; error: null }
  | { status: 'error'; permissions: null; error: unknown };

/** The slice of Web Storage the store uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type PermissionsStore = {
  /**
   * Permissions for the key: the same request (in flight or answered) while the key is unchanged,
   * so the permissions request is sent once and reused (spec §4); a new key (rolesUpdatedAt moved
   * on) fetches again. A failed request is forgotten, so the next load tries again.
   */
  load(key: PermissionsKey): Promise<UserPermissions>;
  subscribe(listener: () => void): () => void;
  /** The current state; a new object after every change (for useSyncExternalStore). */
  getSnapshot(): PermissionsState;
};

/** Where the answer is kept across page loads. */
export const PERMISSIONS_STORAGE_KEY = 'permissions';

const storedSchema = z.object({ key: z.string(), data: permissionsResponseSchema.shape.data });

function serializeKey(key: PermissionsKey): string {
  return JSON.stringify([key.userId, key.rolesUpdatedAt, key.releaseVersion]);
}

/** Storage failures (private mode, quota, corrupt JSON) read as "nothing stored" (spec §8: storage errors → null). */
function readStored(storage: StorageLike | null, key: string): UserPermissions | null {
  try {
    const raw = storage?.getItem(PERMISSIONS_STORAGE_KEY);
    if (!raw) return null;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.key === key ? parsed.data.data : null;
  } catch {
    return null;
  }
}

function writeStored(storage: StorageLike | null, key: string, data: UserPermissions): void {
  try {
    storage?.setItem(PERMISSIONS_STORAGE_KEY, JSON.stringify({ key, data }));
  } catch {
    // A full or unavailable storage only costs a request on the next page load.
  }
}

/**
 * A second, asynchronous cache behind Web Storage: the local database's `cache` store
 * (lib/local-db), which survives a cleared or full Web Storage. Its read answers null for nothing
 * current and never throws.
 */
export type PermissionsCache = {
  read(key: PermissionsKey): Promise<UserPermissions | null>;
  write(key: PermissionsKey, data: UserPermissions): Promise<void>;
};

export function createPermissionsStore(deps: {
  fetchPermissions: () => Promise<UserPermissions>;
  /** A function so nothing touches the browser's storage until the first load; null: memory only. */
  getStorage?: () => StorageLike | null;
  cache?: PermissionsCache;
}): PermissionsStore {
  let state: PermissionsState = { status: 'idle', permissions: null, error: null };
  let current: { key: string; promise: Promise<UserPermissions> } | null = null;
  const listeners = new Set<() => void>();
  const setState = (next: PermissionsState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const getStorage = () => {
    try {
      return deps.getStorage?.() ?? null;
    } catch {
      return null;
    }
  };

  return {
    load(key) {
      const serialized = serializeKey(key);
      if (current?.key === serialized) return current.promise;
      const storage = getStorage();
      const stored = readStored(storage, serialized);
      if (stored) {
        current = { key: serialized, promise: Promise.resolve(stored) };
        setState({ status: 'ready', permissions: stored, error: null });
        return current.promise;
      }
      // Web Storage answers at once (no loading flash on a page load); the local database behind it
      // only asynchronously, so it comes before the network, not before the first render.
      const cache = deps.cache;
      const promise = cache
        ? cache
            .read(key)
            .catch(() => null)
            .then(async (cached) => {
              if (cached) return cached;
              const fetched = await deps.fetchPermissions();
              await cache.write(key, fetched).catch(() => {});
              return fetched;
            })
        : deps.fetchPermissions();
      const entry = { key: serialized, promise };
      current = entry;
      // Keep showing the previous permissions while the new ones load.
      setState({ status: 'loading', permissions: state.permissions, error: null });
      promise.then(
        (permissions) => {
          if (current !== entry) return; // a newer key took over
          writeStored(storage, serialized, permissions);
          setState({ status: 'ready', permissions, error: null });
        },
        (error: unknown) => {
          if (current !== entry) return;
          current = null;
          setState({ status: 'error', permissions: null, error });
        },
      );
      return promise;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
  };
}

/** `GET /vue-global/permissions` through the app's API client, checked against the shared schema. */
export function createPermissionsFetcher(client: ApiClient = api): () => Promise<UserPermissions> {
  return async () => {
    const response = await client.get(route('vueGlobal.permissions'), { schema: permissionsResponseSchema });
    return response.data.data;
  };
}

/**
 * Permissions in the local database under `permissions:<user id>`, stamped with rolesUpdatedAt and
 * the release (they do not depend on the locale).
 */
export function createLocalPermissionsCache(cache: LocalCache): PermissionsCache {
  const stampOf = (key: PermissionsKey) => ({
    locale: '',
    releaseVersion: key.releaseVersion,
    rolesUpdatedAt: key.rolesUpdatedAt,
    dictionaryUpdatedAt: null,
  });
  const parse = (data: unknown) => {
    const parsed = permissionsResponseSchema.shape.data.safeParse(data);
    return parsed.success ? parsed.data : null;
  };
  return {
    read: (key) => cache.read(`permissions:${key.userId}`, stampOf(key), parse),
    write: (key, data) => cache.write(`permissions:${key.userId}`, stampOf(key), data),
  };
}

/** The app's permissions. Creating it reads nothing and sends nothing. */
export const permissionsStore = createPermissionsStore({
  fetchPermissions: createPermissionsFetcher(),
  getStorage: () => window.localStorage,
  cache: createLocalPermissionsCache(localCache),
});
