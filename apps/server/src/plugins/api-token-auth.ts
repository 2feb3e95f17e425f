import { routePattern } from '@kadry/shared/routes';
import {
  API_TOKEN_SCOPE_ROUTES,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
} from '@kadry/shared/schemas/integrations';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
// request.apiToken is declared beside the scopes' permissions (access/token-scopes.ts).
import type {} from './access/token-scopes';
import { isStaffApiPath, routePathOf } from './session';
import type { SessionUser } from './session-store';

/** Who a valid token acts for. */
export type BearerIdentity = { tokenId: number; scopes: ApiTokenScope[]; user: SessionUser };

/**
 * Resolves a token presented to a company's host: null when it is unknown, of another company,
 * revoked, expired, or its owner's account is gone or disabled (all 401). Given by app.ts (the
 * api-tokens module's service): a plugin imports no module.
 */
export type ApiTokenVerifier = (companyId: number, token: string) => Promise<BearerIdentity | null>;

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/** `METHOD /pattern` → the scopes that open it. */
function buildRouteScopes(): Map<string, Set<ApiTokenScope>> {
  const byRoute = new Map<string, Set<ApiTokenScope>>();
  for (const scope of API_TOKEN_SCOPES) {
    for (const entry of API_TOKEN_SCOPE_ROUTES[scope]) {
      const key = `${entry.method} ${routePattern(entry.name)}`;
      const scopes = byRoute.get(key) ?? new Set<ApiTokenScope>();
      scopes.add(scope);
      byRoute.set(key, scopes);
    }
  }
  return byRoute;
}

/**
 * `Authorization: Bearer <token>` on the staff API: the token is resolved to its company's owner
 * (401 when it does not resolve), and the route must be one its scopes open (403 otherwise). Runs
 * after the session plugin (a bearer request ignores any session cookie) and before CSRF, which
 * bearer requests skip: a browser never attaches the header on its own, so there is nothing to forge.
 */
export const apiTokenAuth = fp(
  async (app: FastifyInstance, opts: { verify: ApiTokenVerifier }) => {
    const routeScopes = buildRouteScopes();
    app.decorateRequest('apiToken', null);

    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (typeof header !== 'string' || !/^bearer\b/i.test(header)) return done();
      // Only the staff API takes tokens; an unmatched route is answered 404 by the router as usual.
      if (!request.routeOptions.url || !isStaffApiPath(routePathOf(request))) return done();
      request.user = null;
      request.sessionToken = null;
      const token = BEARER.exec(header)?.[1];
      const company = request.company;
      if (!token || !company) return done(new AppError('unauthenticated'));
      opts.verify(company.id, token).then(
        (identity) => {
          if (!identity) return done(new AppError('unauthenticated'));
          const opened = routeScopes.get(`${request.method} ${request.routeOptions.url}`);
          if (!opened || !identity.scopes.some((scope) => opened.has(scope))) {
            return done(new AppError('forbidden'));
          }
          request.user = identity.user;
          request.apiToken = { id: identity.tokenId, scopes: identity.scopes };
          done();
        },
        (error: Error) => done(error),
      );
    });
  },
  { name: 'kadry-api-token-auth', dependencies: ['kadry-session'] },
);
