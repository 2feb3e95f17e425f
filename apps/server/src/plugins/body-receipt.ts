import { type Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { bodyTooLargeError } from '../lib/multipart-body';
import { isPublicApiPath, routePathOf } from './session';

export type BodyReceiptOptions = {
  /** JSON and form bodies must have arrived this long after the headers (BODY_TIMEOUT_MS). */
  bodyTimeoutMs: number;
};

/** Whether the request announces a body (as Node's parser sees it: a length above 0, or chunks). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isMultipartBody(request: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

/**
 * Passes a body through while counting it: fails with 413 past `limit` bytes (naming the limit) and
 * with 408 when it has not ended `timeoutMs` after it started. The source is never destroyed, so the
 * error can still be answered (with `Connection: close`, the rest is never read).
 */
function receiveWithin(source: Readable, timeoutMs: number, limit: number): Transform {
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) callback(bodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
  const timer = setTimeout(() => meter.destroy(new AppError('body_timeout')), timeoutMs);
  timer.unref();
  meter.once('close', () => clearTimeout(timer));
  source.once('error', (error) => meter.destroy(error));
  source.pipe(meter);
  return meter;
}

/**
 * How request bodies are received, before any of them is parsed:
 * - refusals that need no body are answered before a byte of it is read: a body for an address
 *   nothing answers (404), a body other than multipart for the public careers API (415: its only
 *   bodies are applications and CVs). Staff API bodies wait for authentication (plugins/csrf.ts).
 * - JSON and form bodies must arrive within BODY_TIMEOUT_MS and within the route's body limit (413
 *   naming that limit, refused at once when Content-Length already says so). Multipart bodies are
 *   read by their routes, metered by lib/multipart-body.ts (a minimum rate over every part).
 * Register after the CSRF plugin, so that a staff request hears 401/419 first.
 */
export const bodyReceipt = fp(
  async (app: FastifyInstance, opts: BodyReceiptOptions) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (!hasBody(request)) return done();
      if (request.is404) return done(new AppError('not_found'));
      if (!isMultipartBody(request) && isPublicApiPath(routePathOf(request))) {
        return done(new AppError('unsupported_media_type'));
      }
      done();
    });

    app.addHook('preParsing', (request, _reply, payload, done) => {
      if (!hasBody(request) || isMultipartBody(request)) return done(null, payload);
      const limit = request.routeOptions.bodyLimit;
      if (Number(request.headers['content-length']) > limit) return done(bodyTooLargeError(limit));
      done(null, receiveWithin(payload, opts.bodyTimeoutMs, limit));
    });
  },
  { name: 'kadry-body-receipt', dependencies: ['kadry-csrf'] },
);
