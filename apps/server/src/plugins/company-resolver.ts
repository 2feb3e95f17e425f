import { desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { type Company, companies } from '../db/schema/companies';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets cached company rows, so a settings change shows on the next request. */
    forgetCachedCompanies(): void;
  }
  interface FastifyRequest {
    /** The company whose site or API this request addresses (from Host, else the default company). */
    company: Company | null;
  }
}

/** Company rows change rarely; a short cache keeps host resolution off the hot path. */
const CACHE_TTL_MS = 5_000;
const SKIP_PREFIXES = ['/health', '/ready', '/api/docs', '/static/', '/assets/'];

export function hostWithoutPort(host: string | undefined): string {
  if (!host) return '';
  const trimmed = host.trim().toLowerCase();
  // [::1]:3000 → [::1]; example.com:3000 → example.com
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0] ?? '';
}

export async function findCompanyForHost(db: Db, host: string): Promise<Company | null> {
  const rows = await db
    .select()
    .from(companies)
    .where(or(sql`${companies.hosts} @> array[${host}]::text[]`, eq(companies.isDefault, true)))
    // A host match beats the default company.
    .orderBy(desc(sql`${companies.hosts} @> array[${host}]::text[]`))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Resolves `request.company` before every request. Requests for which no company exists (an empty
 * database) get null; routes that need a company answer 404 then.
 */
export const companyResolver = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const cache = new Map<string, { company: Company | null; expires: number }>();
  app.decorateRequest('company', null);
  app.decorate('forgetCachedCompanies', () => cache.clear());
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // Liveness, docs and static files must answer without the database.
    if (SKIP_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const host = hostWithoutPort(request.host);
    const cached = cache.get(host);
    if (cached && cached.expires > Date.now()) {
      request.company = cached.company;
      return;
    }
    const company = await findCompanyForHost(opts.db, host);
    if (cache.size > 1_000) cache.clear();
    cache.set(host, { company, expires: Date.now() + CACHE_TTL_MS });
    request.company = company;
  });
});
