import type { Locale } from '@kadry/shared/constants';
import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestApp } from '../../../test/app';
import type { Env } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import type { User } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { createMemoryEmailSender, type EmailMessage } from '../../lib/email-sender';
import { deriveCsrfToken } from '../../lib/tokens';
import { SESSION_COOKIE } from '../../plugins/session';
import { createUser } from './users.service';

// Helpers for server tests that need a signed-in staff user (imported by *.test.ts files only).

export type AuthTestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: Env;
  /** Mail the app sent. */
  mail: EmailMessage[];
  /** The app's clock; move it with `clock.advance(ms)`. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
};

/**
 * createTestApp (test/app.ts) with a movable clock and a mailbox the tests can read, plus a hook to
 * add routes before the app is ready.
 */
export async function createAuthTestApp(
  opts: {
    env?: Record<string, string>;
    hrClientDir?: string;
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<AuthTestApp> {
  const sender = createMemoryEmailSender();
  const clock = {
    now: new Date('2031-03-10T09:00:00Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const t = await createTestApp({
    ...opts,
    emailSender: sender,
    now: () => clock.now,
  });
  return { app: t.app, database: t.database, env: t.env, mail: sender.sent, clock, close: t.close };
}

let userCounter = 0;

/** Creates a staff account with a known password. */
export async function seedUser(
  db: Db,
  companyId: number,
  overrides: { email?: string; role?: BuiltInRole; password?: string; name?: string; locale?: Locale } = {},
): Promise<{ user: User; password: string }> {
  userCounter += 1;
  const password = overrides.password ?? `correct horse battery ${userCounter}`;
  const user = await createUser(db, {
    companyId,
    email: overrides.email ?? `user${userCounter}-${Date.now()}@example.test`,
    name: overrides.name ?? `User ${userCounter}`,
    role: overrides.role ?? 'owner',
    password,
    locale: overrides.locale ?? 'en',
  });
  return { user, password };
}

/** The session token a response sets, if it sets one. */
export function readSessionCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** The content of `<meta name="csrf-token">` in an HTML answer. */
export function readMetaCsrfToken(html: string): string | undefined {
  return /<meta name="csrf-token" content="([^"]*)">/.exec(html)?.[1];
}

/** A signed-in browser: its cookie header and the CSRF token of its session. */
export type SignedInAgent = {
  token: string;
  csrfToken: string;
  headers: { cookie: string; 'x-csrf-token': string };
};

export function agentFor(token: string): SignedInAgent {
  const csrfToken = deriveCsrfToken(token);
  return { token, csrfToken, headers: { cookie: `${SESSION_COOKIE}=${token}`, 'x-csrf-token': csrfToken } };
}

/** Signs in through the real pages: GET the form (pre-session), POST it with its token. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  opts: { remoteAddress?: string; host?: string } = {},
): Promise<SignedInAgent> {
  const common = {
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...(opts.host ? { headers: { host: opts.host } } : {}),
  };
  const page = await app.inject({ method: 'GET', url: '/app/sign-in', ...common });
  const preSession = readSessionCookie(page);
  const formToken = readMetaCsrfToken(page.body);
  if (!preSession || !formToken) throw new Error(`signIn: the sign-in page answered ${page.statusCode}`);
  const response = await app.inject({
    method: 'POST',
    url: '/app/sign-in',
    ...common,
    headers: {
      ...(opts.host ? { host: opts.host } : {}),
      cookie: `${SESSION_COOKIE}=${preSession}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ ...credentials, _token: formToken }).toString(),
  });
  const token = readSessionCookie(response);
  if (response.statusCode !== 303 || !token) {
    throw new Error(`signIn: sign-in answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  }
  return agentFor(token);
}
