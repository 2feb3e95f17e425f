/**
 * A small in-process cache of serialised public answers (list pages, vacancy details, forms).
 * Entries are keyed per company and dropped when that company's data changes (`invalidate`).
 * Because another process may change the data, entries also expire after `ttlMs`, which bounds
 * how stale a page can be when several server processes run behind a load balancer.
 */
export type PublicCache = {
  get(companyId: number, key: string): string | undefined;
  set(companyId: number, key: string, body: string): void;
  invalidate(companyId: number): void;
};

export function createPublicCache(
  opts: {
    ttlMs?: number;
    maxEntries?: number;
    now?: () => number;
    /** Told of every invalidation, so caches in front of this one drop the company's answers too. */
    onInvalidate?: (companyId: number) => void;
  } = {},
): PublicCache {
  const ttlMs = opts.ttlMs ?? 5_000;
  const maxEntries = opts.maxEntries ?? 2_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { body: string; expires: number }>();
  const generations = new Map<number, number>();
  const fullKey = (companyId: number, key: string) =>
    `${companyId}:${generations.get(companyId) ?? 0}:${key}`;

  return {
    get(companyId, key) {
      const k = fullKey(companyId, key);
      const entry = entries.get(k);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(k);
        return undefined;
      }
      return entry.body;
    },
    set(companyId, key, body) {
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(fullKey(companyId, key), { body, expires: now() + ttlMs });
    },
    invalidate(companyId) {
      generations.set(companyId, (generations.get(companyId) ?? 0) + 1);
      opts.onInvalidate?.(companyId);
    },
  };
}
