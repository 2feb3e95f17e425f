import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { Metrics } from '../lib/metrics';

/** Where Prometheus scrapes, on the main port (with METRICS_TOKEN) or on METRICS_PORT. */
export const METRICS_PATH = '/metrics';
/** The route label of requests that matched no route: raw URLs would let anybody mint series. */
const UNMATCHED_ROUTE = 'unmatched';

export type MetricsPluginOptions = {
  metrics: Metrics;
  /** Serve METRICS_PATH on this app to `Authorization: Bearer <token>`; without a token it is not served. */
  token?: string | undefined;
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** True when the header carries exactly `Bearer <token>` (compared in constant time). */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Counts and times every answered request by its route's URL pattern (`/careers/:id`, never the raw
 * URL) and status, and serves the series behind a bearer token when one is configured.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsPluginOptions) => {
  const { metrics, token } = opts;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return;
  app.get(
    METRICS_PATH,
    // Not part of the API: Prometheus text, read by a scraper; no session, no CSRF.
    { schema: { hide: true }, logLevel: 'warn', config: { rateLimit: false } },
    async (request, reply) => {
      if (!hasBearerToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthenticated');
      }
      reply.header('content-type', metrics.registry.contentType);
      reply.header('cache-control', 'no-store');
      return metrics.registry.metrics();
    },
  );
});
