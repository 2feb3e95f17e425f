import { getCatalog } from '@kadry/shared/i18n/translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/app';
import { seedCompany } from '../../test/db';
import { AppError } from '../lib/app-error';
import {
  type AuthTestApp,
  createAuthTestApp,
  readSessionCookie,
  type SignedInAgent,
  seedUser,
  signIn,
} from '../modules/auth/auth-test-support';
import { isAppPagePath, isStaffApiPath, SESSION_COOKIE } from './session';

const en = getCatalog('en');
const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

let t: AuthTestApp;
let alice: SignedInAgent;
let bob: SignedInAgent;
const checkedUsers: (number | undefined)[] = [];

/** Routes of `printRoutes({ commonPrefix: false })`'s tree: full path and methods. */
function listRoutes(tree: string): { path: string; methods: string[] }[] {
  const stack: string[] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[└├]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.at(-1) ?? ''}${match[2] ?? ''}`;
    stack.push(path);
    if (match[3]) routes.push({ path, methods: match[3].split(', ') });
  }
  return routes;
}

beforeAll(async () => {
  t = await createAuthTestApp({
    env: { TRUST_PROXY: '1' },
    beforeReady(app) {
      // A staff endpoint of each unsafe method, and one access check, as later modules will add them.
      for (const method of [...UNSAFE_METHODS, 'GET'] as const) {
        app.route({ method, url: '/api/v1/test/echo', handler: async () => ({ ok: true }) });
      }
      app.addStaffAccessCheck((request) => {
        checkedUsers.push(request.user?.id);
        if (request.headers['x-test-forbid']) throw new AppError('forbidden');
      });
    },
  });
  const company = await seedCompany(t.database.db);
  const a = await seedUser(t.database.db, company.id);
  const b = await seedUser(t.database.db, company.id);
  alice = await signIn(t.app, { email: a.user.email, password: a.password });
  bob = await signIn(t.app, { email: b.user.email, password: b.password });
});

afterAll(async () => {
  await t?.close();
});

describe('CSRF protection', () => {
  it('answers 419 { message } to every unsafe staff route with a missing, wrong or other session’s token', async () => {
    const routes = listRoutes(t.app.printRoutes({ commonPrefix: false }));
    const targets = routes.flatMap((route) =>
      route.methods
        .filter((method) => (UNSAFE_METHODS as readonly string[]).includes(method))
        .filter(() => isStaffApiPath(route.path) || isAppPagePath(route.path))
        .map((method) => ({ method, url: route.path.replace(/:\w+/g, 'x').replace('*', 'x') })),
    );
    // The listing works: the known unsafe staff routes are all there.
    expect(targets).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/app/sign-in' },
        { method: 'POST', url: '/app/sign-out' },
        { method: 'POST', url: '/app/password/forgot' },
        { method: 'POST', url: '/app/password/reset/x' },
        { method: 'DELETE', url: '/api/v1/test/echo' },
      ]),
    );

    const variants: Record<string, Record<string, string>> = {
      missing: { cookie: alice.headers.cookie },
      wrong: { cookie: alice.headers.cookie, 'x-csrf-token': 'x'.repeat(43) },
      "other session's": { cookie: alice.headers.cookie, 'x-csrf-token': bob.csrfToken },
      'no session': { 'x-csrf-token': alice.csrfToken },
    };
    for (const target of targets) {
      for (const [name, headers] of Object.entries(variants)) {
        const response = await t.app.inject({
          method: target.method as (typeof UNSAFE_METHODS)[number],
          url: target.url,
          headers: { ...headers, accept: 'application/json', 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'a@b.c', password: 'x' }),
        });
        expect(response.statusCode, `${target.method} ${target.url} with ${name} token`).toBe(419);
        expect(response.json()).toEqual({ message: en['errors.csrf'] });
      }
    }
  });

  it('lets unsafe staff requests through with the session’s own token in the header', async () => {
    for (const method of UNSAFE_METHODS) {
      const response = await t.app.inject({ method, url: '/api/v1/test/echo', headers: alice.headers });
      expect(response.statusCode, method).toBe(200);
    }
  });

  it('does not read a staff request’s body for its token: the body waits until the request is authenticated', async () => {
    // The HR app sends the header; a `_token` field would mean parsing an unauthenticated body.
    const viaField = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { cookie: alice.headers.cookie },
      payload: { _token: alice.csrfToken },
    });
    expect(viaField.statusCode).toBe(419);
  });

  it('refuses a token sent for another session even in the form field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { cookie: alice.headers.cookie },
      payload: { _token: bob.csrfToken },
    });
    expect(response.statusCode).toBe(419);
  });

  it('needs no token for safe methods', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/echo',
      headers: { cookie: alice.headers.cookie },
    });
    expect(response.statusCode).toBe(200);
  });

  it('checks unknown staff paths too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/nothing-here',
      headers: { cookie: alice.headers.cookie },
    });
    expect(response.statusCode).toBe(419);
  });

  it('leaves the public careers API free of CSRF tokens and sessions', async () => {
    const parse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public-vacancies/parse/cv',
      ...(await multipart([['cv', new Blob(['plain text CV '.repeat(100)]), 'cv.txt']])),
    });
    expect(parse.statusCode).toBe(200);
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public-vacancies/999999/response',
      ...(await multipart([['source', '']])),
    });
    expect(submit.statusCode).toBe(404);
    expect(readSessionCookie(submit)).toBeUndefined();
  });
});

describe('staff access checks', () => {
  it('run after authentication with the user known, and can refuse', async () => {
    checkedUsers.length = 0;
    const allowed = await t.app.inject({ method: 'GET', url: '/api/v1/test/echo', headers: alice.headers });
    expect(allowed.statusCode).toBe(200);
    expect(checkedUsers).toEqual([expect.any(Number)]);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/echo',
      headers: { ...alice.headers, 'x-test-forbid': '1' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: en['errors.forbidden'] });
  });

  it('never run for anonymous requests, which get 401 first', async () => {
    checkedUsers.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/echo' });
    expect(response.statusCode).toBe(401);
    expect(checkedUsers).toEqual([]);
  });
});

describe('session cookie over https', () => {
  it('is Secure and __Host- prefixed when the request came over https (X-Forwarded-Proto behind a trusted proxy)', async () => {
    const https = await t.app.inject({
      method: 'GET',
      url: '/app/sign-in',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const cookie = https.cookies.find((entry) => entry.name === `__Host-${SESSION_COOKIE}`);
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    expect(https.cookies.find((entry) => entry.name === SESSION_COOKIE)).toBeUndefined();
    const http = await t.app.inject({ method: 'GET', url: '/app/sign-in' });
    expect(http.cookies.find((entry) => entry.name === SESSION_COOKIE)?.secure).toBeUndefined();
  });
});
