import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Successful GET answers of this route may be served from the microcache (see response-microcache.ts). */
    microcache?: boolean;
  }
}

type Entry = {
  companyId: number;
  generation: number;
  expires: number;
  body: Buffer;
  headers: Record<string, string>;
};

export type ResponseMicrocache = {
  /** Writes a cached answer for this request and returns true, or returns false to let the app handle it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  store(host: string, url: string, companyId: number, body: string, headers: Record<string, string>): void;
  invalidate(companyId: number): void;
};

/**
 * A microcache in front of the application for the hottest public answers (the vacancy list and
 * details): a hit is written straight to the socket, before routing and hooks, as a caching proxy
 * in front of the server would. Entries are the exact answers the full pipeline produced for the same
 * host and URL (security headers included), dropped when the company's data changes and after `ttlMs`
 * in any case — the same bound as the public answer cache behind it.
 */
export function createResponseMicrocache(
  opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): ResponseMicrocache {
  const ttlMs = opts.ttlMs ?? 5_000;
  const maxEntries = opts.maxEntries ?? 1_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const generations = new Map<number, number>();

  return {
    serve(request, response) {
      if (request.method !== 'GET' || entries.size === 0) return false;
      const key = `${request.headers.host ?? ''}${request.url ?? ''}`;
      const entry = entries.get(key);
      if (!entry) return false;
      if (entry.expires <= now() || entry.generation !== (generations.get(entry.companyId) ?? 0)) {
        entries.delete(key);
        return false;
      }
      response.writeHead(200, { ...entry.headers, 'x-request-id': randomUUID() });
      response.end(entry.body);
      return true;
    },
    store(host, url, companyId, body, headers) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const bytes = Buffer.from(body);
      const stored: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (name !== 'x-request-id' && name !== 'content-length') stored[name] = value;
      }
      stored['content-length'] = String(bytes.length);
      entries.set(`${host}${url}`, {
        companyId,
        generation: generations.get(companyId) ?? 0,
        expires: now() + ttlMs,
        body: bytes,
        headers: stored,
      });
    },
    invalidate(companyId) {
      generations.set(companyId, (generations.get(companyId) ?? 0) + 1);
    },
  };
}
