import { CSRF_FORM_FIELD, CSRF_HEADER } from '@kadry/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { deriveCsrfToken, isSameToken } from '../lib/tokens';
import { isAppPagePath, isStaffApiPath, routePathOf } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF token of the request's session (or pre-session); null when it has none. */
export function csrfTokenOf(request: FastifyRequest): string | null {
  return request.sessionToken ? deriveCsrfToken(request.sessionToken) : null;
}

function readSubmittedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const body = request.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const field = (body as Record<string, unknown>)[CSRF_FORM_FIELD];
    if (typeof field === 'string') return field;
  }
  return undefined;
}

/**
 * Every unsafe request (POST, PUT, PATCH, DELETE) to the HR app's pages and staff API must carry the
 * CSRF token of its own session, in the X-CSRF-TOKEN header or a `_token` form field; otherwise 419.
 * Runs after body parsing (the form field) and before validation (a forged request learns nothing
 * about the body it should have sent). The public careers API is exempt: it has no session to ride.
 */
export const csrfProtection = fp(
  async (app: FastifyInstance) => {
    // Callback style: it runs on every request, and a synchronous hook costs no promise.
    app.addHook('preValidation', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      const path = routePathOf(request);
      if (!isStaffApiPath(path) && !isAppPagePath(path)) return done();
      const expected = csrfTokenOf(request);
      const submitted = readSubmittedToken(request);
      if (!expected || !submitted || !isSameToken(submitted, expected)) return done(new AppError('csrf'));
      done();
    });
  },
  { name: 'kadry-csrf', dependencies: ['kadry-session'] },
);
