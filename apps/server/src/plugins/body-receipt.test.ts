import { Readable } from 'node:stream';
import { createTranslator, getCatalog } from '@kadry/shared/i18n/translate';
import type { ErrorBody } from '@kadry/shared/schemas/error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../test/db';
import { deriveCsrfToken } from '../lib/tokens';
import {
  type AuthTestApp,
  createAuthTestApp,
  readMetaCsrfToken,
  readSessionCookie,
  type SignedInAgent,
  seedUser,
  signIn,
} from '../modules/auth/auth-test-support';
import { SESSION_COOKIE } from './session';

// Security issue, item 7: slow and heavy anonymous bodies. Bodies are streams here that count what the
// server pulled from them, so a test sees whether a refusal came before the body was read.

const en = getCatalog('en');
const BODY_TIMEOUT_MS = 400;
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

let t: AuthTestApp;
let agent: SignedInAgent;
let parsedBodies = 0;

/** A body of `length` bytes, made lazily one 16 KB chunk per turn of the event loop, as a socket would. */
function lazyBody(length: number, fill: (offset: number, size: number) => string) {
  let offset = 0;
  const stream = new Readable({
    highWaterMark: 16 * 1024,
    read() {
      const size = Math.min(16 * 1024, length - offset);
      const chunk = size > 0 ? Buffer.from(fill(offset, size), 'latin1') : null;
      offset += Math.max(size, 0);
      setImmediate(() => this.push(chunk));
    },
  });
  return Object.assign(stream, { pulledBytes: () => offset });
}

/** The attack's body: a 1 MB nested array, `[[[…]]]` (80–190 ms of parsing each, measured by the testers). */
function nestedJson(length = 1_000_000) {
  return lazyBody(length, (offset, size) =>
    Array.from({ length: size }, (_, i) => (offset + i < length / 2 ? '[' : ']')).join(''),
  );
}

/** A body that sends `head` and then nothing more, ever (a slow-loris client). */
function trickle(head: string) {
  let isSent = false;
  return new Readable({
    read() {
      if (!isSent) this.push(head);
      isSent = true;
    },
  });
}

beforeAll(async () => {
  t = await createAuthTestApp({
    env: { BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) },
    beforeReady(app) {
      app.post('/api/v1/test/echo', async (request) => {
        parsedBodies += 1;
        return { body: request.body };
      });
    },
  });
  const company = await seedCompany(t.database.db);
  const { user, password } = await seedUser(t.database.db, company.id);
  agent = await signIn(t.app, { email: user.email, password });
});

afterAll(async () => {
  await t?.close();
});

describe('staff routes are authenticated before their body is read', () => {
  it('refuses an anonymous 1 MB nested JSON body (419 without a token, 401 with one) without reading it', async () => {
    const planted = 'A'.repeat(22);
    const page = await t.app.inject({ method: 'GET', url: '/app/sign-in' });
    const preSession = readSessionCookie(page) ?? '';
    const anonymous: [Record<string, string>, number][] = [
      [{}, 419],
      [{ cookie: `${SESSION_COOKIE}=${planted}`, 'x-csrf-token': deriveCsrfToken(planted) }, 401],
      [
        { cookie: `${SESSION_COOKIE}=${preSession}`, 'x-csrf-token': readMetaCsrfToken(page.body) ?? '' },
        401,
      ],
    ];
    for (const [headers, status] of anonymous) {
      const body = nestedJson();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/test/echo',
        payload: body,
        headers: { ...JSON_HEADERS, 'content-length': '1000000', ...headers },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json<ErrorBody>()).toEqual({
        message: en[status === 401 ? 'errors.unauthenticated' : 'errors.csrf'],
      });
      expect(body.pulledBytes()).toBe(0);
    }
    expect(parsedBodies).toBe(0);
  });

  it('answers a signed-in request without its CSRF token 419 without reading its body', async () => {
    const body = nestedJson();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: body,
      headers: { ...JSON_HEADERS, 'content-length': '1000000', cookie: agent.headers.cookie },
    });
    expect(response.statusCode).toBe(419);
    expect(body.pulledBytes()).toBe(0);
    expect(parsedBodies).toBe(0);
  });

  it('still reads a signed-in request’s body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { hello: 'world' },
      headers: agent.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { hello: 'world' } });
  });
});

describe('JSON and form bodies', () => {
  it(`cut off a body that trickles in with 408 after BODY_TIMEOUT_MS (${BODY_TIMEOUT_MS} ms), signed in or not`, async () => {
    const started = Date.now();
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: trickle('{"hello": "wor'),
      headers: { ...agent.headers, 'content-type': 'application/json', 'content-length': '100' },
    });
    expect(staff.statusCode).toBe(408);
    expect(staff.json<ErrorBody>()).toEqual({ message: en['errors.body_too_slow'] });

    // The sign-in form is anonymous by nature: its body gets the same clock.
    const page = await t.app.inject({ method: 'GET', url: '/app/sign-in' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/app/sign-in',
      payload: trickle(`_token=${readMetaCsrfToken(page.body)}&email=a`),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'content-length': '200',
        cookie: `${SESSION_COOKIE}=${readSessionCookie(page)}`,
      },
    });
    expect(form.statusCode).toBe(408);
    expect(Date.now() - started).toBeLessThan(2 * BODY_TIMEOUT_MS + 2_000);
  });

  it('answer a too-large body 413 naming the limit that applies: 1024 KB for JSON, 16 KB for the sign-in form', async () => {
    const message = (kb: number) => ({
      message: createTranslator('en')('errors.body_too_large', { size: kb }),
    });
    for (const declared of [true, false]) {
      // With Content-Length the answer comes before a byte is read; chunked, once the limit is passed.
      const json = lazyBody(1024 * 1024 + 100, () => ' '.repeat(16 * 1024));
      const staff = await t.app.inject({
        method: 'POST',
        url: '/api/v1/test/echo',
        payload: json,
        headers: {
          ...agent.headers,
          'content-type': 'application/json',
          ...(declared
            ? { 'content-length': String(1024 * 1024 + 100) }
            : { 'transfer-encoding': 'chunked' }),
        },
      });
      expect(staff.statusCode, `declared: ${declared}`).toBe(413);
      expect(staff.json()).toEqual(message(1024));
      expect(json.pulledBytes()).toBeLessThanOrEqual(declared ? 0 : 1024 * 1024 + 32 * 1024);

      const form = await t.app.inject({
        method: 'POST',
        url: '/app/sign-in',
        payload: lazyBody(17 * 1024, () => 'a'.repeat(16 * 1024)),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          ...(declared ? { 'content-length': String(17 * 1024) } : { 'transfer-encoding': 'chunked' }),
        },
      });
      expect(form.statusCode).toBe(413);
      expect(form.json()).toEqual(message(16));
    }
    expect(parsedBodies).toBe(1);
  });

  it('refuse, unread, a body for an address nothing answers (404) and a JSON body for the public careers API (415)', async () => {
    const nowhere = nestedJson();
    const notFound = await t.app.inject({
      method: 'POST',
      url: '/nothing-lives-here',
      payload: nowhere,
      headers: { ...JSON_HEADERS, 'content-length': '1000000' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(nowhere.pulledBytes()).toBe(0);

    const careers = nestedJson();
    const publicApi = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public-vacancies/1/response',
      payload: careers,
      headers: { ...JSON_HEADERS, 'content-length': '1000000' },
    });
    expect(publicApi.statusCode).toBe(415);
    expect(careers.pulledBytes()).toBe(0);
  });
});
