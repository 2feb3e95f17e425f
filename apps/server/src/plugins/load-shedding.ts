import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export type LoadSheddingOptions = {
  /** Event-loop delay (ms) above which new requests are refused; 0 disables. */
  maxEventLoopDelayMs: number;
  /** Resident memory (bytes) above which new requests are refused; 0 disables. */
  maxRssBytes: number;
  /** Hears each refused request, with the limit that was exceeded (the metrics count them). */
  onShed?: (reason: string) => void;
};

/**
 * Sheds load instead of falling over: while the event loop lags or memory runs high, new requests get
 * 503 with Retry-After (clients and load balancers back off), and memory stays bounded. Liveness
 * (`/health`) and static files are always answered.
 */
export const loadShedding = fp(async (app: FastifyInstance, opts: LoadSheddingOptions) => {
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    maxRssBytes: opts.maxRssBytes,
    sampleInterval: 250,
    pressureHandler: (request, _reply, type) => {
      // Liveness must answer, and a page whose HTML was served must get its scripts and styles.
      if (
        request.url === '/health' ||
        // Scrapes show the overload as it happens.
        request.url === '/metrics' ||
        request.url.startsWith('/static/') ||
        request.url.startsWith('/assets/')
      ) {
        return undefined;
      }
      opts.onShed?.(String(type ?? 'unknown'));
      throw new AppError('service_unavailable', { retryAfter: 10 });
    },
  });
});
