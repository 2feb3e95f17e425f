import cookie from '@fastify/cookie';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kadry/shared/constants';
import { routePattern } from '@kadry/shared/routes';
import { MAX_OBJECT_ID } from '@kadry/shared/schemas/common';
import { LOGIN_AS_ACTION_METHODS, type LoginAsActionMethod } from '@kadry/shared/schemas/employee-access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env';
import type { Company } from '../db/schema/companies';
import type { LoginAsActionRow } from '../db/schema/login-as-actions';
import type { Db } from '../db/tables';
import { AppError } from '../lib/app-error';
import { resolveLocale } from '../lib/locale';
import { createRandomToken, isSameToken, signToken } from '../lib/tokens';
import {
  createSession,
  deleteExpiredAuthRows,
  deleteSession,
  findSessionUser,
  insertLoginAsAction,
  loadServerSecret,
  type SessionUser,
} from './session-store';

/**
 * A check every staff API request passes after authentication (the permissions work registers its
 * own here). Throw an AppError to refuse: 403 forbidden, 404 for an object the user may not see.
 */
export type StaffAccessCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void> | void;

/** Whom a request acts as under "login as", and who logged in as them (the login-as log). */
export type LoginAsMark = {
  companyId: number;
  /** The account acted as, and its employee. */
  userId: number;
  employeeId: number;
  /** The account that logged in as it. */
  impersonatorUserId: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff user; null for anonymous requests and outside staff paths. */
    user: SessionUser | null;
    /**
     * The session cookie's token: a signed-in session's, or a pre-session's (an anonymous visitor
     * of the sign-in pages). The CSRF token derives from it. Null when the browser sent none, or one
     * this server did not make (a planted cookie is never adopted).
     */
    sessionToken: string | null;
    /**
     * Set for a request of a "login as" session (and the one opening it): its answer, when its method
     * may change something, is recorded in the login-as log as done by both (decision 016, addendum).
     */
    loginAs: LoginAsMark | null;
  }
  interface FastifyInstance {
    /** Resolves once the login-as log rows of the requests answered so far are written (tests). */
    loginAsLogSettled(): Promise<void>;
    /** Adds a check run, in order, on every staff API request once its user is known. */
    addStaffAccessCheck(check: StaffAccessCheck): void;
    /** A new pre-session token, signed with this server's key (ensureSessionToken uses it). */
    createPreSessionToken(): string;
  }
}

/** The session cookie over plain http; over https it carries the `__Host-` prefix (sessionCookieName). */
export const SESSION_COOKIE = 'kadry_session';
/** The device cookie (docs/decisions/010-sign-in-lockout.md), named like the session cookie. */
export const DEVICE_COOKIE = 'kadry_device';
/**
 * With Secure, the `__Host-` prefix: browsers keep such a cookie only when this very host set it over
 * https with path / and no Domain, so neither a sibling subdomain nor a plain-http answer (forged on
 * the way) can plant or overwrite it.
 */
const SECURE_PREFIX = '__Host-';

/** A signed-in session's token: 16 random bytes in base64url, valid while its row exists. */
const SESSION_TOKEN_PATTERN = /^[\w-]{22}$/;
/** A pre-session's token: 16 random bytes and 16 bytes of this server's signature over them. */
const PRE_SESSION_TOKEN_PATTERN = /^[\w-]{44}$/;
/** The device cookie: up to this many accounts' tokens (a shared computer), newest first, dot-separated. */
const MAX_DEVICE_TOKENS = 5;
/** How long a device stays known after its last successful sign-in. */
export const DEVICE_TOKEN_TTL_MS = 365 * 86_400_000;

/** The token in the request's session cookie when it has a shape this server gives out, else null. */
export function readSessionCookieToken(request: FastifyRequest): string | null {
  const token = request.cookies[sessionCookieName(request)];
  return token && (SESSION_TOKEN_PATTERN.test(token) || PRE_SESSION_TOKEN_PATTERN.test(token)) ? token : null;
}

/** The session cookie's name for this request: `__Host-kadry_session` over https. */
export function sessionCookieName(request: FastifyRequest): string {
  return request.isHttps ? `${SECURE_PREFIX}${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The device cookie's name for this request: `__Host-kadry_device` over https. */
export function deviceCookieName(request: FastifyRequest): string {
  return request.isHttps ? `${SECURE_PREFIX}${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** Paths of the HR application: pages under /app and the staff API (spec §7.2). */
const STAFF_API_PREFIXES = ['/api/v1/', '/vue-global/', '/api/statistics/', '/dictionaries/'];
/** The public careers API (spec §7.1) lives under /api/v1 too, and needs neither session nor CSRF token. */
const PUBLIC_API_PREFIXES = ['/api/v1/public-vacancies'];
/** Public routes under /api/v1 by their exact pattern: an iCal feed, whose secret token is its key. */
const PUBLIC_API_PATTERNS = new Set([routePattern('absences.feeds.ics')]);

function isUnder(path: string, prefix: string): boolean {
  return prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
}

/** True for the public careers API. */
export function isPublicApiPath(path: string): boolean {
  return PUBLIC_API_PATTERNS.has(path) || PUBLIC_API_PREFIXES.some((prefix) => isUnder(path, prefix));
}

/** True for staff API paths: a signed-in user is required and unsafe methods need the CSRF token. */
export function isStaffApiPath(path: string): boolean {
  return !isPublicApiPath(path) && STAFF_API_PREFIXES.some((prefix) => isUnder(path, prefix));
}

/** True for HR app pages (/app, /app/…): sessions are read, unsafe methods need the CSRF token. */
export function isAppPagePath(path: string): boolean {
  return isUnder(path, '/app');
}

/**
 * The path a request is classified by: the matched route's pattern when there is one (so encoded
 * tricks in the URL cannot move a request between areas), otherwise the URL's path.
 */
export function routePathOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const url = request.url;
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function isLoginAsActionMethod(method: string): method is LoginAsActionMethod {
  return (LOGIN_AS_ACTION_METHODS as readonly string[]).includes(method);
}

/** The `:id` of a route as a number (validated params hold one; refused ones the raw text), else null. */
function readObjectId(params: unknown): number | null {
  const id =
    typeof params === 'object' && params !== null ? (params as Record<string, unknown>).id : undefined;
  const value =
    typeof id === 'number' ? id : typeof id === 'string' && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  return Number.isInteger(value) && value >= 1 && value <= MAX_OBJECT_ID ? value : null;
}

/**
 * The login-as log's row for an answered request, or null when there is none to write: not under
 * login as, a method that changes nothing (GET, HEAD, OPTIONS), or no matched route (an unknown URL
 * names no action, and its raw text may carry anything). Only the route's pattern, its `:id` and the
 * status are kept: never the query string or the body. A POST carrying `_method=PUT` is a PUT.
 */
export function describeLoginAsAction(
  request: FastifyRequest,
  status: number,
): Omit<LoginAsActionRow, 'id' | 'at'> | null {
  const mark = request.loginAs;
  const route = request.routeOptions.url;
  // A bearer request ignores the session cookie (api-token-auth clears its token): it acts as the
  // token's owner, not as the session's account.
  if (!mark || !route || request.sessionToken === null) return null;
  const method =
    // `config.methodOverride` is declared by plugins/method-override.ts, which this plugin does not load.
    request.method === 'POST' &&
    (request.routeOptions.config as { methodOverride?: string }).methodOverride === 'PUT'
      ? 'PUT'
      : request.method;
  if (!isLoginAsActionMethod(method)) return null;
  return { ...mark, method, route, objectId: readObjectId(request.params), status };
}

/**
 * Records the request (the start of "login as") in the login-as log as acting for `mark`: the
 * session it opens only exists once it answers.
 */
export function markLoginAsRequest(request: FastifyRequest, mark: LoginAsMark): void {
  request.loginAs = mark;
}

/** Locales the HR app is offered in: Russian only where the company enables it. */
export function listStaffLocales(company: Company | null): Locale[] {
  return LOCALES.filter((locale) => locale !== 'ru' || isRussianEnabled(company));
}

/**
 * Whether the company uses Russian. Derived from the languages its careers site offers until a
 * setting of its own exists.
 */
export function isRussianEnabled(company: Company | null): boolean {
  return company?.languages.includes('ru') ?? false;
}

/** The language of a staff request: the user's own, else `lang` / Accept-Language among the HR locales. */
export function staffLocaleOf(request: FastifyRequest): Locale {
  const offered = listStaffLocales(request.company);
  if (request.user) return offered.includes(request.user.locale) ? request.user.locale : DEFAULT_LOCALE;
  return resolveLocale({
    lang: ((request.query ?? {}) as Record<string, unknown>).lang,
    acceptLanguage: request.headers['accept-language'],
    offered,
    fallback: request.company?.defaultLanguage,
  });
}

export type SessionOptions = {
  db: Db;
  env: Pick<Env, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_HOURS' | 'SIGN_IN_LOCKOUT_MINUTES'>;
  now: () => Date;
};

/** How often expired sessions, used reset links and old throttle rows are swept. */
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Staff sessions. Reads the session cookie on HR paths, sets `request.user`, answers 401 to staff API
 * requests without a user, and runs the registered access checks. The careers site never pays for it.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionOptions) => {
    const { db, now } = opts;
    const idleMs = opts.env.SESSION_IDLE_MINUTES * 60_000;
    const checks: StaffAccessCheck[] = [];

    if (!app.hasDecorator('parseCookie')) await app.register(cookie);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    app.decorateRequest('loginAs', null);
    app.decorate('addStaffAccessCheck', (check: StaffAccessCheck) => {
      checks.push(check);
    });

    // The key pre-session cookies are signed with: made once, shared by every process through the
    // database. Loaded before the first request (ready), so signing stays synchronous.
    let preSessionKey: Buffer | null = null;
    app.addHook('onReady', async () => {
      preSessionKey = await loadServerSecret(db, 'pre-session-key');
    });
    app.decorate('createPreSessionToken', () => {
      if (!preSessionKey) throw new Error('the session plugin is not ready');
      const nonce = createRandomToken(16);
      return `${nonce}${signToken(preSessionKey, `kadry-pre-session:${nonce}`)}`;
    });
    const isServerMadePreSession = (token: string): boolean => {
      if (!preSessionKey) return false;
      const nonce = token.slice(0, 22);
      return isSameToken(token.slice(22), signToken(preSessionKey, `kadry-pre-session:${nonce}`));
    };

    // Both hooks run on every request; public requests leave them synchronously (no promise).
    app.addHook('onRequest', (request, _reply, done) => {
      const path = routePathOf(request);
      if (!isStaffApiPath(path) && !isAppPagePath(path)) return done();
      const token = readSessionCookieToken(request);
      if (!token) return done();
      // A token is adopted only when this server made it: a pre-session's by its signature, a
      // session's by its row. Anything else (a cookie planted to learn its CSRF token) is ignored,
      // and the sign-in page replaces it with a fresh pre-session.
      if (PRE_SESSION_TOKEN_PATTERN.test(token)) {
        if (isServerMadePreSession(token)) request.sessionToken = token;
        return done();
      }
      const company = request.company;
      if (!SESSION_TOKEN_PATTERN.test(token) || !company) return done();
      findSessionUser(db, token, company.id, { now: now(), idleMs }).then(
        (user) => {
          if (user) {
            request.user = user;
            request.sessionToken = token;
            if (user.impersonator) {
              request.loginAs = {
                companyId: user.companyId,
                userId: user.id,
                employeeId: user.employeeId,
                impersonatorUserId: user.impersonator.id,
              };
            }
          }
          done();
        },
        (error: Error) => done(error),
      );
    });

    app.addHook('preHandler', (request, reply, done) => {
      if (!isStaffApiPath(routePathOf(request))) return done();
      if (!request.user) return done(new AppError('unauthenticated'));
      (async () => {
        for (const check of checks) await check(request, reply);
      })().then(() => done(), done);
    });

    // The login-as log: written once the answer is known (refused attempts with their status), apart
    // from the request's own transaction; a row that cannot be written is logged, the answer stands.
    // One row after the other, so a process's rows are numbered in the order of its answers (on a
    // pool, two inserts begun together could commit the other way round).
    const pendingLogs = new Set<Promise<void>>();
    let lastLog: Promise<void> = Promise.resolve();
    app.decorate('loginAsLogSettled', async () => {
      while (pendingLogs.size > 0) await Promise.all(pendingLogs);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const action = describeLoginAsAction(request, reply.statusCode);
      if (!action) return done();
      const at = now();
      const pending: Promise<void> = lastLog
        .then(() => insertLoginAsAction(db, { ...action, at }))
        .catch((error: unknown) => {
          request.log.error({ err: error, route: action.route }, 'recording a login-as action failed');
        })
        .finally(() => pendingLogs.delete(pending));
      pendingLogs.add(pending);
      lastLog = pending;
      done();
    });
    app.addHook('onClose', async () => {
      await Promise.all(pendingLogs);
    });

    const timer = setInterval(() => {
      deleteExpiredAuthRows(db, {
        now: now(),
        idleMs,
        throttleWindowMs: opts.env.SIGN_IN_LOCKOUT_MINUTES * 60_000,
      }).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping expired sessions failed'));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'kadry-session', dependencies: ['kadry-security-headers'] },
);

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // request.isHttps honours X-Forwarded-Proto only when TRUST_PROXY is on (or HTTPS_ONLY says so).
    secure: request.isHttps,
  });
}

/**
 * The request's session token, creating a pre-session (a cookie signed by this server, no database
 * row) when the browser has none, so anonymous forms such as sign-in can carry a CSRF token.
 */
export function ensureSessionToken(request: FastifyRequest, reply: FastifyReply): string {
  if (request.sessionToken) return request.sessionToken;
  const token = request.server.createPreSessionToken();
  request.sessionToken = token;
  setSessionCookie(request, reply, token);
  return token;
}

/** The device tokens the browser holds (newest first); see docs/decisions/010-sign-in-lockout.md. */
export function readDeviceTokens(request: FastifyRequest): string[] {
  const value = request.cookies[deviceCookieName(request)] ?? '';
  return value
    .split('.')
    .filter((token) => SESSION_TOKEN_PATTERN.test(token))
    .slice(0, MAX_DEVICE_TOKENS);
}

/**
 * Gives the browser `token` as its device token for an account, in front of the ones it holds for
 * other accounts (the oldest beyond MAX_DEVICE_TOKENS fall off). HttpOnly, SameSite=Strict: only our
 * own sign-in form and the HR app ever need to send it.
 */
export function rememberDeviceToken(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const tokens = [token, ...readDeviceTokens(request).filter((held) => held !== token)];
  reply.setCookie(deviceCookieName(request), tokens.slice(0, MAX_DEVICE_TOKENS).join('.'), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.isHttps,
    maxAge: Math.floor(DEVICE_TOKEN_TTL_MS / 1000),
  });
}

/**
 * Signs a user in: ends whatever session the browser had and starts a new one under a new token, so
 * a token planted before sign-in (session fixation) never becomes a signed-in session.
 */
export async function startUserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  input: {
    db: Db;
    userId: number;
    companyId: number;
    now: Date;
    maxAgeMs: number;
    /** "Login as": the account signing in as `userId` (docs/decisions/016-login-as.md). */
    impersonatorUserId?: number;
  },
): Promise<void> {
  if (request.sessionToken) await deleteSession(input.db, input.companyId, request.sessionToken);
  const token = await createSession(input.db, {
    companyId: input.companyId,
    userId: input.userId,
    now: input.now,
    maxAgeMs: input.maxAgeMs,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    impersonatorUserId: input.impersonatorUserId,
  });
  request.sessionToken = token;
  request.user = null;
  setSessionCookie(request, reply, token);
}

/** Signs out: ends the session and replaces the cookie with a fresh pre-session. */
export async function endUserSession(request: FastifyRequest, reply: FastifyReply, db: Db): Promise<void> {
  // A session token is only taken from a cookie of this host's company (the onRequest hook above).
  if (request.sessionToken && request.company)
    await deleteSession(db, request.company.id, request.sessionToken);
  request.sessionToken = null;
  request.user = null;
  ensureSessionToken(request, reply);
}
