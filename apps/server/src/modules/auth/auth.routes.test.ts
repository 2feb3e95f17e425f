import { getCatalog } from '@kadry/shared/i18n/translate';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCompany } from '../../../test/db';
import { sessions, signInDevices } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { createRandomToken, deriveCsrfToken, hashToken } from '../../lib/tokens';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../../plugins/session';
import { deleteExpiredAuthRows } from '../../plugins/session-store';
import {
  type AuthTestApp,
  createAuthTestApp,
  readMetaCsrfToken,
  readSessionCookie,
  seedUser,
  signIn,
} from './auth-test-support';
import { setUserDisabled } from './users.service';

const en = getCatalog('en');
const uk = getCatalog('uk');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: AuthTestApp;
let companyId: number;
let ipCounter = 0;

/** Each test signs in from an IP of its own, so per-IP limits of one test do not reach another. */
function nextIp(): string {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  ({ id: companyId } = await seedCompany(t.database.db, { name: 'Acme', languages: ['en', 'uk'] }));
});

afterAll(async () => {
  await t?.close();
});

/** GETs the sign-in page and answers its pre-session cookie and form token. */
async function openSignInPage(remoteAddress: string, url = '/app/sign-in') {
  const page = await t.app.inject({ method: 'GET', url, remoteAddress });
  const preSession = readSessionCookie(page);
  const formToken = readMetaCsrfToken(page.body);
  if (!preSession || !formToken) throw new Error('no pre-session');
  return { page, preSession, formToken };
}

async function postSignIn(
  remoteAddress: string,
  fields: Record<string, string>,
  extra: { headers?: Record<string, string>; deviceCookie?: string } = {},
): Promise<LightMyRequestResponse> {
  const { preSession, formToken } = await openSignInPage(remoteAddress);
  const device = extra.deviceCookie ? `; ${DEVICE_COOKIE}=${extra.deviceCookie}` : '';
  return t.app.inject({
    method: 'POST',
    url: '/app/sign-in',
    remoteAddress,
    headers: { ...FORM, cookie: `${SESSION_COOKIE}=${preSession}${device}`, ...extra.headers },
    payload: new URLSearchParams({ _token: formToken, ...fields }).toString(),
  });
}

/** The device cookie a response sets (docs/decisions/010-sign-in-lockout.md), if it sets one. */
function readDeviceCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
}

/** Posts the sign-in form from a browser that holds this device cookie value (or none). */
function postSignInFromDevice(
  remoteAddress: string,
  device: string | undefined,
  fields: { email: string; password: string },
): Promise<LightMyRequestResponse> {
  return device
    ? postSignIn(remoteAddress, fields, { deviceCookie: device })
    : postSignIn(remoteAddress, fields);
}

/** A staff API call that needs a session: the translations lookup. */
function callStaffApi(cookieToken: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: '/vue-global/translations?keys=auth.email',
    headers: cookieToken ? { cookie: `${SESSION_COOKIE}=${cookieToken}` } : {},
  });
}

describe('sign-in page', () => {
  it('renders an accessible form with one h1, labelled inputs and the CSRF token', async () => {
    const { page, formToken } = await openSignInPage(nextIp());
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body.match(/<h1>/g)).toHaveLength(1);
    expect(page.body).toContain('<label for="field-email">');
    expect(page.body).toContain('<label for="field-password">');
    expect(page.body).toContain('id="field-email" name="email" type="email" autocomplete="username"');
    expect(page.body).toContain(`<input type="hidden" name="_token" value="${formToken}">`);
  });

  it('sets an HttpOnly, SameSite=Lax pre-session cookie, without Secure over http', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/app/sign-in', remoteAddress: nextIp() });
    const cookie = page.cookies.find((entry) => entry.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    // 16 random bytes and the server's 16-byte signature over them.
    expect(cookie?.value).toMatch(/^[\w-]{44}$/);
  });

  it('is translated into the language asked for', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/app/sign-in?lang=uk', remoteAddress: nextIp() });
    expect(page.body).toContain('<html lang="uk">');
    expect(page.body).toContain(`<h1>${uk['auth.sign_in.title']}</h1>`);
    // Russian is not offered by this company, so it is not among the language links.
    expect(page.body).not.toContain('hreflang="ru"');
  });
});

describe('signing in', () => {
  it('signs in, rotating the session: the cookie set before sign-in never becomes a session', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const ip = nextIp();
    const { preSession, formToken } = await openSignInPage(ip);
    const response = await t.app.inject({
      method: 'POST',
      url: '/app/sign-in',
      remoteAddress: ip,
      headers: { ...FORM, cookie: `${SESSION_COOKIE}=${preSession}` },
      payload: new URLSearchParams({
        _token: formToken,
        email: user.email.toUpperCase(),
        password,
      }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/app');
    const session = readSessionCookie(response);
    expect(session).toMatch(/^[\w-]{22}$/);
    expect(session).not.toBe(preSession);
    const cookie = response.cookies.find((entry) => entry.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    expect((await callStaffApi(session)).statusCode).toBe(200);
    expect((await callStaffApi(preSession)).statusCode).toBe(401);
    // Only the hash of the token is stored.
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.idHash)).toEqual([hashToken(session ?? '')]);
  });

  it('a session id planted before sign-in (session fixation) is never adopted: sign-in gives a fresh server-made id, and the planted id’s CSRF token works nowhere', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const ip = nextIp();
    // The attacker plants both shapes the server uses: a session's and a pre-session's.
    for (const planted of [createRandomToken(16), `${createRandomToken(16)}${createRandomToken(16)}`]) {
      const plantedCsrf = deriveCsrfToken(planted);
      const page = await t.app.inject({
        method: 'GET',
        url: '/app/sign-in',
        remoteAddress: ip,
        headers: { cookie: `${SESSION_COOKIE}=${planted}` },
      });
      // The page does not take the planted id: it sets a pre-session of its own, and its form
      // carries that one's token, not one the attacker can compute.
      const preSession = readSessionCookie(page);
      expect(preSession).toMatch(/^[\w-]{44}$/);
      expect(preSession).not.toBe(planted);
      const formToken = readMetaCsrfToken(page.body) ?? '';
      expect(formToken).not.toBe(plantedCsrf);

      // The planted id with the token derived from it: refused (a forged sign-in form, login CSRF).
      const forged = await t.app.inject({
        method: 'POST',
        url: '/app/sign-in',
        remoteAddress: ip,
        headers: { ...FORM, cookie: `${SESSION_COOKIE}=${planted}` },
        payload: new URLSearchParams({ _token: plantedCsrf, email: user.email, password }).toString(),
      });
      expect(forged.statusCode).toBe(419);

      // The victim signs in with what the page gave the browser: a fresh, server-made session.
      const response = await t.app.inject({
        method: 'POST',
        url: '/app/sign-in',
        remoteAddress: ip,
        headers: { ...FORM, cookie: `${SESSION_COOKIE}=${preSession}` },
        payload: new URLSearchParams({ _token: formToken, email: user.email, password }).toString(),
      });
      expect(response.statusCode).toBe(303);
      const session = readSessionCookie(response) ?? '';
      expect(session).toMatch(/^[\w-]{22}$/);
      expect([planted, preSession]).not.toContain(session);
      const rows = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashToken(session)));
      expect(rows).toHaveLength(1);

      // Nothing the attacker knows opens anything: no session, no working CSRF token.
      expect((await callStaffApi(planted)).statusCode).toBe(401);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/password',
        headers: { cookie: `${SESSION_COOKIE}=${planted}`, 'x-csrf-token': plantedCsrf },
        payload: {
          current_password: password,
          password: 'a brand new password',
          password_confirmation: 'a brand new password',
        },
      });
      expect(write.statusCode).toBe(401);
      const signOut = await t.app.inject({
        method: 'POST',
        url: '/app/sign-out',
        headers: { ...FORM, cookie: `${SESSION_COOKIE}=${planted}` },
        payload: new URLSearchParams({ _token: plantedCsrf }).toString(),
      });
      expect(signOut.statusCode).toBe(419);
    }
  });
});

describe('failed sign-in limits', () => {
  it('locks an account after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const statuses: number[] = [];
    // From different IPs: the account limit must hold on its own.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await postSignIn(nextIp(), { email: user.email, password: 'wrong password' })).statusCode,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);

    const locked = await postSignIn(nextIp(), { email: user.email, password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.body).toContain('Too many failed sign-in attempts. Try again in 15 minutes.');
    // Not signed in: no new session cookie.
    expect(readSessionCookie(locked)).toBeUndefined();

    t.clock.advance(15 * 60_000 + 1_000);
    const later = await postSignIn(nextIp(), { email: user.email, password });
    expect(later.statusCode).toBe(303);
  });

  it('locks an IP after 20 failures, whatever the accounts tried', async () => {
    const ip = nextIp();
    const { user, password } = await seedUser(t.database.db, companyId);
    let last: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      last = await postSignIn(ip, { email: `guess${attempt}@example.test`, password: 'wrong password' });
    }
    expect(last?.statusCode).toBe(429);
    const blocked = await postSignIn(ip, { email: user.email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another IP is not affected.
    expect((await postSignIn(nextIp(), { email: user.email, password })).statusCode).toBe(303);
  });
});

describe('known devices (docs/decisions/010-sign-in-lockout.md)', () => {
  /** Signs the owner in once from a browser of their own; answers its device cookie. */
  async function signInOnDevice(email: string, password: string, ip = nextIp()): Promise<string> {
    const response = await postSignIn(ip, { email, password });
    expect(response.statusCode).toBe(303);
    const device = readDeviceCookie(response)?.value;
    expect(device).toMatch(/^[\w-]{22}$/);
    return device ?? '';
  }

  async function failFiveTimes(email: string, device?: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postSignInFromDevice(nextIp(), device, { email, password: 'wrong password' });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('a stranger’s five wrong passwords (lockout as a weapon) lock out only untrusted clients: the owner on a known device still signs in', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const device = await signInOnDevice(user.email, password);

    // The attack: five wrong passwords from five IPs, no device cookie.
    expect(await failFiveTimes(user.email)).toEqual([422, 422, 422, 422, 429]);
    // The stranger is locked out, even with the right password…
    const stranger = await postSignIn(nextIp(), { email: user.email, password });
    expect(stranger.statusCode).toBe(429);
    expect(readSessionCookie(stranger)).toBeUndefined();
    // …the owner, on the device they signed in on before, is not: from any IP.
    const owner = await postSignInFromDevice(nextIp(), device, { email: user.email, password });
    expect(owner.statusCode).toBe(303);
    expect(readSessionCookie(owner)).toMatch(/^[\w-]{22}$/);
    // The same device token again (refreshed, not replaced).
    expect(readDeviceCookie(owner)?.value).toBe(device);
  });

  it('five wrong passwords on a known device lock that device only', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const device = await signInOnDevice(user.email, password);
    expect(await failFiveTimes(user.email, device)).toEqual([422, 422, 422, 422, 429]);
    const onDevice = await postSignInFromDevice(nextIp(), device, { email: user.email, password });
    expect(onDevice.statusCode).toBe(429);
    expect(Number(onDevice.headers['retry-after'])).toBeGreaterThan(0);
    // Another browser (untrusted, its own counts untouched) still signs in.
    expect((await postSignIn(nextIp(), { email: user.email, password })).statusCode).toBe(303);
    t.clock.advance(15 * 60_000 + 1_000);
    expect((await postSignInFromDevice(nextIp(), device, { email: user.email, password })).statusCode).toBe(
      303,
    );
  });

  it('a known device is not held back by its IP’s lock, which stops untrusted clients there', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const device = await signInOnDevice(user.email, password);
    const ip = nextIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await postSignIn(ip, { email: `spray${attempt}@example.test`, password: 'wrong password' });
    }
    expect((await postSignIn(ip, { email: user.email, password })).statusCode).toBe(429);
    expect((await postSignInFromDevice(ip, device, { email: user.email, password })).statusCode).toBe(303);
  });

  it('a device cookie is tied to its account: another account’s counts as an untrusted client', async () => {
    const alice = await seedUser(t.database.db, companyId);
    const bob = await seedUser(t.database.db, companyId);
    const alicesDevice = await signInOnDevice(alice.user.email, alice.password);
    // Failures against Bob from Alice's browser count among Bob's untrusted clients…
    expect(await failFiveTimes(bob.user.email, alicesDevice)).toEqual([422, 422, 422, 422, 429]);
    const asBob = await postSignInFromDevice(nextIp(), alicesDevice, {
      email: bob.user.email,
      password: bob.password,
    });
    expect(asBob.statusCode).toBe(429);
    // …and a made-up device token is no device at all.
    const madeUp = await postSignInFromDevice(nextIp(), createRandomToken(16), {
      email: bob.user.email,
      password: bob.password,
    });
    expect(madeUp.statusCode).toBe(429);
    // Alice's own device still works for her.
    expect(
      (
        await postSignInFromDevice(nextIp(), alicesDevice, {
          email: alice.user.email,
          password: alice.password,
        })
      ).statusCode,
    ).toBe(303);
  });

  it('is an HttpOnly, SameSite=Strict cookie kept for a year; over https __Host- prefixed and Secure', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const response = await postSignIn(nextIp(), { email: user.email, password });
    expect(readDeviceCookie(response)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: 365 * 86_400,
    });
    expect(readDeviceCookie(response)?.secure).toBeUndefined();
    // Only the hash is stored.
    const device = readDeviceCookie(response)?.value ?? '';
    const rows = await t.database.db.select().from(signInDevices).where(eq(signInDevices.userId, user.id));
    expect(rows.map((row) => row.idHash)).toEqual([hashToken(device)]);

    const https = await createAuthTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const company = await seedCompany(https.database.db, { name: 'Secure Co' });
      const account = await seedUser(https.database.db, company.id);
      const headers = { 'x-forwarded-proto': 'https' };
      const page = await https.app.inject({ method: 'GET', url: '/app/sign-in', headers });
      const preSession = page.cookies.find((cookie) => cookie.name === `__Host-${SESSION_COOKIE}`)?.value;
      const signedIn = await https.app.inject({
        method: 'POST',
        url: '/app/sign-in',
        headers: { ...headers, ...FORM, cookie: `__Host-${SESSION_COOKIE}=${preSession}` },
        payload: new URLSearchParams({
          _token: readMetaCsrfToken(page.body) ?? '',
          email: account.user.email,
          password: account.password,
        }).toString(),
      });
      expect(signedIn.statusCode).toBe(303);
      const secureDevice = signedIn.cookies.find((cookie) => cookie.name === `__Host-${DEVICE_COOKIE}`);
      expect(secureDevice).toMatchObject({ secure: true, httpOnly: true, path: '/' });
      expect(secureDevice?.domain).toBeUndefined();
    } finally {
      await https.close();
    }
  });
});

describe('sessions', () => {
  it('ends at sign-out: the cookie no longer opens anything', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const agent = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    const response = await t.app.inject({ method: 'POST', url: '/app/sign-out', headers: agent.headers });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/app/sign-in?signed_out=1');
    const fresh = readSessionCookie(response);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(agent.token);
    expect((await callStaffApi(agent.token)).statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('does not sign out without the CSRF token', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const agent = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/app/sign-out',
      headers: { cookie: agent.headers.cookie },
    });
    expect(response.statusCode).toBe(419);
    expect(response.body).toContain(en['auth.expired.title']);
    expect((await callStaffApi(agent.token)).statusCode).toBe(200);
  });

  it('ends every session of an account when it is disabled', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const first = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    const second = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    await setUserDisabled(t.database.db, user.companyId, user.id, true);
    expect((await callStaffApi(first.token)).statusCode).toBe(401);
    expect((await callStaffApi(second.token)).statusCode).toBe(401);
  });

  it('ends a session disabled directly in the database at its next request', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const agent = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    await t.database.db.update(users).set({ isDisabled: true }).where(eq(users.id, user.id));
    expect((await callStaffApi(agent.token)).statusCode).toBe(401);
  });

  it('expires after 120 idle minutes', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const agent = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    t.clock.advance(119 * 60_000);
    expect((await callStaffApi(agent.token)).statusCode).toBe(200);
    t.clock.advance(119 * 60_000);
    expect((await callStaffApi(agent.token)).statusCode).toBe(200);
    t.clock.advance(121 * 60_000);
    expect((await callStaffApi(agent.token)).statusCode).toBe(401);
  });

  it('expires 12 hours after sign-in however active', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const agent = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    for (let hour = 0; hour < 11; hour += 1) {
      t.clock.advance(60 * 60_000);
      expect((await callStaffApi(agent.token)).statusCode).toBe(200);
    }
    t.clock.advance(60 * 60_000);
    expect((await callStaffApi(agent.token)).statusCode).toBe(401);
  });

  it("is not a session on another company's host", async () => {
    const other = await seedCompany(t.database.db, { name: 'Other' });
    const { user, password } = await seedUser(t.database.db, companyId);
    const agent = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    const response = await t.app.inject({
      method: 'GET',
      url: '/vue-global/translations?keys=auth.email',
      headers: { cookie: agent.headers.cookie, host: other.hosts[0] ?? '' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('sweeps expired sessions out of the database', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const agent = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    const sessionsOfUser = () => t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await deleteExpiredAuthRows(t.database.db, {
      now: t.clock.now,
      idleMs: 120 * 60_000,
      throttleWindowMs: 1,
    });
    expect(await sessionsOfUser()).toHaveLength(1);
    t.clock.advance(121 * 60_000);
    await deleteExpiredAuthRows(t.database.db, {
      now: t.clock.now,
      idleMs: 120 * 60_000,
      throttleWindowMs: 1,
    });
    expect(await sessionsOfUser()).toEqual([]);
    expect((await callStaffApi(agent.token)).statusCode).toBe(401);
  });

  it('answers 401 to the staff API without a session', async () => {
    const response = await callStaffApi(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: en['errors.unauthenticated'] });
  });
});

describe('password reset', () => {
  async function requestLink(email: string) {
    const ip = nextIp();
    const page = await t.app.inject({ method: 'GET', url: '/app/password/forgot', remoteAddress: ip });
    const cookie = `${SESSION_COOKIE}=${readSessionCookie(page)}`;
    const before = t.mail.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/app/password/forgot',
      remoteAddress: ip,
      headers: { ...FORM, cookie },
      payload: new URLSearchParams({ _token: readMetaCsrfToken(page.body) ?? '', email }).toString(),
    });
    return { response, before };
  }

  async function receiveLink(email: string): Promise<string> {
    const { response, before } = await requestLink(email);
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(t.mail.length).toBe(before + 1));
    const mail = t.mail.at(-1);
    expect(mail?.to).toBe(email);
    const link = /http:\/\/localhost(?::80)?(\/app\/password\/reset\/[\w-]{43})/.exec(mail?.text ?? '')?.[1];
    if (!link) throw new Error(`no link in ${mail?.text}`);
    return link;
  }

  async function submitNewPassword(link: string, password: string, confirmation = password) {
    const ip = nextIp();
    const page = await t.app.inject({ method: 'GET', url: link, remoteAddress: ip });
    const cookie = `${SESSION_COOKIE}=${readSessionCookie(page)}`;
    return t.app.inject({
      method: 'POST',
      url: link,
      remoteAddress: ip,
      headers: { ...FORM, cookie },
      payload: new URLSearchParams({
        _token: readMetaCsrfToken(page.body) ?? '',
        password,
        password_confirmation: confirmation,
      }).toString(),
    });
  }

  it('sends a one-time link that sets a new password and ends every session', async () => {
    const { user, password } = await seedUser(t.database.db, companyId);
    const agent = await signIn(t.app, { email: user.email, password }, { remoteAddress: nextIp() });
    const link = await receiveLink(user.email);

    const form = await t.app.inject({ method: 'GET', url: link, remoteAddress: nextIp() });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('autocomplete="new-password"');

    const mismatch = await submitNewPassword(link, 'a brand new passphrase', 'a different passphrase');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.body).toContain(en['auth.reset.mismatch']);
    const tooShort = await submitNewPassword(link, 'short');
    expect(tooShort.statusCode).toBe(422);

    const done = await submitNewPassword(link, 'a brand new passphrase');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/app/sign-in?reset=1');
    expect((await callStaffApi(agent.token)).statusCode).toBe(401);

    // Single use.
    const again = await submitNewPassword(link, 'yet another passphrase');
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain(en['auth.reset.invalid']);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);

    expect((await postSignIn(nextIp(), { email: user.email, password })).statusCode).toBe(422);
    expect(
      (await postSignIn(nextIp(), { email: user.email, password: 'a brand new passphrase' })).statusCode,
    ).toBe(303);
  });

  it('ends the lock of untrusted clients once the owner resets the password', async () => {
    const { user } = await seedUser(t.database.db, companyId);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await postSignIn(nextIp(), { email: user.email, password: 'wrong password' });
    }
    const link = await receiveLink(user.email);
    expect((await submitNewPassword(link, 'a brand new passphrase')).statusCode).toBe(303);
    expect(
      (await postSignIn(nextIp(), { email: user.email, password: 'a brand new passphrase' })).statusCode,
    ).toBe(303);
  });

  it('expires a link after one hour', async () => {
    const { user } = await seedUser(t.database.db, companyId);
    const link = await receiveLink(user.email);
    t.clock.advance(59 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    expect((await submitNewPassword(link, 'a brand new passphrase')).statusCode).toBe(404);
  });

  it('answers an unknown email like a known one and sends nothing', async () => {
    const { response, before } = await requestLink('nobody-here@example.test');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(en['auth.forgot.sent']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mail.length).toBe(before);
  });

  it('refuses a made-up link', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/app/password/reset/${'x'.repeat(43)}` });
    expect(response.statusCode).toBe(404);
  });
});
