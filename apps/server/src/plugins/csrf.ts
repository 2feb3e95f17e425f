import { CSRF_FORM_FIELD, CSRF_HEADER } from '@kadry/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { deriveCsrfToken, isSameToken } from '../lib/tokens';
import { isAppPagePath, isStaffApiPath, readSessionCookieToken, routePathOf } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF token of the request's session (or pre-session); null when it has none. */
export function csrfTokenOf(request: FastifyRequest): string | null {
  return request.sessionToken ? deriveCsrfToken(request.sessionToken) : null;
}

function readHeaderToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

function readSubmittedToken(request: FastifyRequest): string | undefined {
  const header = readHeaderToken(request);
  if (header) return header;
  const body = request.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const field = (body as Record<string, unknown>)[CSRF_FORM_FIELD];
    if (typeof field === 'string') return field;
  }
  return undefined;
}

function hasValidToken(request: FastifyRequest, submitted: string | undefined): boolean {
  const expected = csrfTokenOf(request);
  return Boolean(expected && submitted && isSameToken(submitted, expected));
}

/**
 * Every unsafe request (POST, PUT, PATCH, DELETE) to the HR app's pages and staff API must carry the
 * CSRF token of its own session; otherwise 419. The public careers API is exempt: it has no session
 * to ride.
 *
 * The staff API is authenticated before its body is read (onRequest): the token must come in the
 * X-CSRF-TOKEN header (419), then a signed-in user must be there (401). Nobody without a session gets
 * a byte of their body parsed, however large or slow it is. The HR app's pages (sign-in, sign-out,
 * password forms) are posted by plain HTML forms, so there the token may be the `_token` field: it is
 * read after parsing their small urlencoded body (16 KB at most), before validation, so a forged
 * request learns nothing about the body it should have sent.
 */
export const csrfProtection = fp(
  async (app: FastifyInstance) => {
    // Callback style: they run on every request, and a synchronous hook costs no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isStaffApiPath(routePathOf(request))) return done();
      // An API token (plugins/api-token-auth.ts) rides no cookie: nothing for a CSRF token to protect.
      if (request.apiToken) return done();
      if (!SAFE_METHODS.has(request.method)) {
        // Judged against the cookie the browser sent, an ended session's too: whoever holds it then
        // hears 401 below, which sends the HR app to sign in. A planted cookie opens nothing here,
        // since the API needs a signed-in user.
        const cookieToken = readSessionCookieToken(request);
        const expected = cookieToken ? deriveCsrfToken(cookieToken) : null;
        const submitted = readHeaderToken(request);
        if (!expected || !submitted || !isSameToken(submitted, expected)) return done(new AppError('csrf'));
      }
      if (!request.user) return done(new AppError('unauthenticated'));
      done();
    });
    app.addHook('preValidation', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method) || !isAppPagePath(routePathOf(request))) return done();
      if (!hasValidToken(request, readSubmittedToken(request))) return done(new AppError('csrf'));
      done();
    });
  },
  { name: 'kadry-csrf', dependencies: ['kadry-session'] },
);
