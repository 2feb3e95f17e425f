import { desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env';
import { type Company, companies } from '../db/schema/companies';
import type { Db } from '../db/tables';
import { AppError } from '../lib/app-error';
import type { InvalidationBus } from '../lib/invalidation-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets cached company rows, so a settings change shows on the next request. */
    forgetCachedCompanies(): void;
  }
  interface FastifyRequest {
    /** The company whose site or API this request addresses (from Host, else the default company). */
    company: Company | null;
    /** The origin (`https://host[:port]`) that links sent by mail may point at, or null when none is trusted. */
    linkOrigin: string | null;
  }
}

/** Company rows change rarely; a short cache keeps host resolution off the hot path. */
const CACHE_TTL_MS = 5_000;
const SKIP_PREFIXES = ['/health', '/ready', '/metrics', '/api/docs', '/static/', '/assets/'];
/** Loopback names: a link to them cannot lead anybody else's browser to an attacker. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export function hostWithoutPort(host: string | undefined): string {
  if (!host) return '';
  const trimmed = host.trim().toLowerCase();
  // [::1]:3000 → [::1]; example.com:3000 → example.com
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0] ?? '';
}

/** The request's company, or 404 (routes that need one). */
export function requireCompany(request: FastifyRequest): Company {
  if (!request.company) throw new AppError('not_found');
  return request.company;
}

/**
 * The origin the request came through (`https://host[:port]`), for links in answers to that same
 * client (canonical URLs, the sitemap). Never for links sent by mail: use `request.linkOrigin`.
 */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Which Host values reach the default company beside each company's configured hosts (TRUSTED_HOSTS). */
export type HostPolicy = {
  /** `*`: any host reaches the default company (development); links still need a trusted host. */
  isOpen: boolean;
  trustedHosts: ReadonlySet<string>;
  /** APP_URL: where links point when the request's own host is not a trusted one. */
  appUrl: string | null;
};

export function buildHostPolicy(env: Pick<Env, 'NODE_ENV' | 'TRUSTED_HOSTS' | 'APP_URL'>): HostPolicy {
  const listed = env.TRUSTED_HOSTS ?? [];
  const trustedHosts = new Set(LOOPBACK_HOSTS);
  if (env.APP_URL) trustedHosts.add(hostWithoutPort(new URL(env.APP_URL).host));
  for (const host of listed) {
    if (host === '*') continue;
    // IPv6 literals arrive bracketed in Host headers.
    trustedHosts.add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  }
  const isOpen = env.TRUSTED_HOSTS ? listed.includes('*') : env.NODE_ENV !== 'production';
  return { isOpen, trustedHosts, appUrl: env.APP_URL ?? null };
}

/** The careers site and its API: served for the default company on any host (they mail no links). */
export function isPublicCareersPath(url: string): boolean {
  return (
    url === '/' ||
    url.startsWith('/?') ||
    url.startsWith('/careers') ||
    url.startsWith('/api/v1/public-vacancies') ||
    url.startsWith('/sitemap.xml') ||
    url.startsWith('/robots.txt')
  );
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
 * The origin links in mail may use (password reset, invitations, notifications): the request's own
 * origin when its host is one the company or the operator configured, else APP_URL, else none. Never
 * a Host header that an attacker chose (issue 12: reset-link poisoning).
 */
function findLinkOrigin(request: FastifyRequest, host: string, company: Company | null, policy: HostPolicy) {
  const ownOrigin = `${request.protocol}://${request.host}`;
  if (company?.hosts.includes(host)) return ownOrigin;
  if (policy.appUrl) return policy.appUrl;
  return policy.trustedHosts.has(host) ? ownOrigin : null;
}

/**
 * Resolves `request.company` before every request. Requests for which no company exists (an empty
 * database) get null; routes that need a company answer 404 then. Unless TRUSTED_HOSTS is open, a
 * Host that is neither a company's nor a trusted one reaches only the public careers site: the
 * default company's sign-in pages, HR app and staff API answer 404 to it.
 */
export const companyResolver = fp(
  async (app: FastifyInstance, opts: { db: Db; env: Env; invalidations?: InvalidationBus }) => {
    const cache = new Map<string, { company: Company | null; expires: number }>();
    const policy = buildHostPolicy(opts.env);
    const warnedHosts = new Set<string>();
    app.decorateRequest('company', null);
    app.decorateRequest('linkOrigin', null);
    // Other processes forget theirs too (a changed host or setting shows on every process at once).
    opts.invalidations?.on('companies', () => cache.clear());
    app.decorate('forgetCachedCompanies', () =>
      opts.invalidations ? opts.invalidations.publish('companies', 0) : cache.clear(),
    );
    app.addHook('onRequest', async (request: FastifyRequest) => {
      // Liveness, docs and static files must answer without the database.
      if (SKIP_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
      const host = hostWithoutPort(request.host);
      const cached = cache.get(host);
      let company: Company | null;
      if (cached && cached.expires > Date.now()) company = cached.company;
      else {
        company = await findCompanyForHost(opts.db, host);
        if (cache.size > 1_000) cache.clear();
        cache.set(host, { company, expires: Date.now() + CACHE_TTL_MS });
      }
      const isReachable =
        !company ||
        company.hosts.includes(host) ||
        policy.isOpen ||
        policy.trustedHosts.has(host) ||
        isPublicCareersPath(request.url);
      if (!isReachable) {
        if (warnedHosts.size < 100 && !warnedHosts.has(host)) {
          warnedHosts.add(host);
          request.log.warn(
            { host },
            'a staff page was asked for under a host that is neither a company host nor in TRUSTED_HOSTS: answered 404 (set APP_URL or TRUSTED_HOSTS if this host is yours)',
          );
        }
        return;
      }
      request.company = company;
      request.linkOrigin = findLinkOrigin(request, host, company, policy);
    });
  },
);
