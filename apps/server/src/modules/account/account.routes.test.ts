import { getCatalog } from '@kadry/shared/i18n/translate';
import { accountResponseSchema } from '@kadry/shared/schemas/admin';
import { CSRF_HEADER, PASSWORD_MIN_LENGTH } from '@kadry/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { deriveCsrfToken } from '../../lib/tokens';
import {
  type AuthTestApp,
  agentFor,
  createAuthTestApp,
  readSessionCookie,
  type SignedInAgent,
  seedUser,
  signIn,
} from '../auth/auth-test-support';

// One's own account through app.inject: profile, language offered by the company, time zone, and the
// password change (current password checked and throttled, other sessions ended, this one rotated).

const en = getCatalog('en');
const uk = getCatalog('uk');

let t: AuthTestApp;
let company: Company;
let ipCounter = 0;

function nextIp(): string {
  ipCounter += 1;
  return `10.7.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

function host(): string {
  return company.hosts[0] ?? '';
}

function call(
  agent: SignedInAgent,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  ip = nextIp(),
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { ...agent.headers, host: host(), accept: 'application/json' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function seedSignedIn(overrides: { role?: 'owner' | 'employee'; locale?: 'en' | 'uk' } = {}) {
  const { user, password } = await seedUser(t.database.db, company.id, {
    role: overrides.role ?? 'employee',
    locale: overrides.locale ?? 'en',
  });
  const agent = await signIn(
    t.app,
    { email: user.email, password },
    { host: host(), remoteAddress: nextIp() },
  );
  return { user, password, agent };
}

beforeAll(async () => {
  t = await createAuthTestApp();
  // Russian is not offered to this company's staff.
  company = await seedCompany(t.database.db, { name: 'Acme', languages: ['en', 'uk'] });
});

afterAll(async () => {
  await t?.close();
});

describe('the profile', () => {
  it('answers the signed-in user’s own account with their role', async () => {
    const { user, agent } = await seedSignedIn();
    const response = await call(agent, 'GET', '/api/v1/account');
    expect(response.statusCode).toBe(200);
    expect(accountResponseSchema.strict().parse(response.json()).data).toEqual({
      name: user.name,
      email: user.email,
      locale: 'en',
      timezone: 'UTC',
      role: { id: user.roleId, key: 'employee', name: 'Employee' },
    });
  });

  it('answers 401 to a session that has ended, for reading and for every change', async () => {
    const ended = agentFor('A'.repeat(22));
    for (const [method, url, payload] of [
      ['GET', '/api/v1/account', undefined],
      ['PUT', '/api/v1/account', { name: 'X' }],
      ['POST', '/api/v1/account', { _method: 'PUT', name: 'X' }],
      [
        'POST',
        '/api/v1/account/password',
        { current_password: 'x', password: 'y', password_confirmation: 'y' },
      ],
    ] as const) {
      expect((await call(ended, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('changes name, language and time zone, keeping what is left out; the next page is in the new language', async () => {
    const { agent } = await seedSignedIn();
    const response = await call(agent, 'PUT', '/api/v1/account', { name: '  Taras  ', locale: 'uk' });
    expect(response.statusCode, response.body).toBe(200);
    expect(accountResponseSchema.parse(response.json()).data).toMatchObject({
      name: 'Taras',
      locale: 'uk',
      timezone: 'UTC',
    });
    const zone = await call(agent, 'POST', '/api/v1/account', { _method: 'PUT', timezone: 'Europe/Kyiv' });
    expect(accountResponseSchema.parse(zone.json()).data).toMatchObject({
      name: 'Taras',
      timezone: 'Europe/Kyiv',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: '/app',
      headers: { cookie: agent.headers.cookie, host: host() },
    });
    expect(page.body).toContain('<html lang="uk">');
  });

  it('refuses a language the company does not offer, an unknown time zone and an empty name, under each field', async () => {
    const { agent, user } = await seedSignedIn({ locale: 'uk' });
    const russian = await call(agent, 'PUT', '/api/v1/account', { locale: 'ru' });
    expect(russian.statusCode).toBe(422);
    // In the user's language.
    expect(russian.json()).toEqual({
      message: uk['account.locale_not_offered'],
      errors: { locale: [uk['account.locale_not_offered']] },
    });
    for (const [body, field] of [
      [{ timezone: 'Europe/Atlantis' }, 'timezone'],
      [{ name: '   ' }, 'name'],
      [{ locale: 'de' }, 'locale'],
    ] as const) {
      const response = await call(agent, 'PUT', '/api/v1/account', body);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ locale: 'uk', timezone: 'UTC', name: user.name });
  });
});

describe('changing one’s password', () => {
  it('rotates this session, ends the others, and the new password is the one that signs in', async () => {
    const { user, password, agent } = await seedSignedIn();
    const elsewhere = await signIn(
      t.app,
      { email: user.email, password },
      { host: host(), remoteAddress: nextIp() },
    );
    const newPassword = 'a completely new passphrase';

    const response = await call(agent, 'POST', '/api/v1/account/password', {
      current_password: password,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(response.statusCode, response.body).toBe(204);
    const token = readSessionCookie(response);
    expect(token).toBeDefined();
    expect(token).not.toBe(agent.token);
    // The app's meta-tag token is stale now: the new one comes back in a header.
    expect(response.headers[CSRF_HEADER]).toBe(deriveCsrfToken(token ?? ''));

    const rotated = agentFor(token ?? '');
    expect((await call(rotated, 'GET', '/api/v1/account')).statusCode).toBe(200);
    expect((await call(rotated, 'PUT', '/api/v1/account', { timezone: 'Europe/Kyiv' })).statusCode).toBe(200);
    expect((await call(agent, 'GET', '/api/v1/account')).statusCode).toBe(401);
    expect((await call(elsewhere, 'GET', '/api/v1/account')).statusCode).toBe(401);

    await expect(
      signIn(t.app, { email: user.email, password }, { host: host(), remoteAddress: nextIp() }),
    ).rejects.toThrow(/422/);
    const again = await signIn(
      t.app,
      { email: user.email, password: newPassword },
      { host: host(), remoteAddress: nextIp() },
    );
    expect(again.token).toBeTruthy();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordChangedAt?.toISOString()).toBe(t.clock.now.toISOString());
  });

  it('refuses a wrong current password under current_password, keeping every session', async () => {
    const { password, agent } = await seedSignedIn();
    const response = await call(agent, 'POST', '/api/v1/account/password', {
      current_password: `${password}!`,
      password: 'a completely new passphrase',
      password_confirmation: 'a completely new passphrase',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: en['account.password.wrong_current'],
      errors: { current_password: [en['account.password.wrong_current']] },
    });
    expect(readSessionCookie(response)).toBeUndefined();
    expect((await call(agent, 'GET', '/api/v1/account')).statusCode).toBe(200);
  });

  it('applies the reset form’s rules to the new password, with its messages', async () => {
    const { password, agent } = await seedSignedIn();
    const short = await call(agent, 'POST', '/api/v1/account/password', {
      current_password: password,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({
      password: [en['auth.reset.too_short']?.replace('{min}', String(PASSWORD_MIN_LENGTH))],
    });
    const mismatch = await call(agent, 'POST', '/api/v1/account/password', {
      current_password: password,
      password: 'a completely new passphrase',
      password_confirmation: 'a completely other passphrase',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: [en['auth.reset.mismatch']] });
    const empty = await call(agent, 'POST', '/api/v1/account/password', {
      current_password: '',
      password: '',
      password_confirmation: '',
    });
    expect(Object.keys(empty.json().errors).sort()).toEqual(['current_password', 'password']);
    // Nothing changed: the old password still signs in.
    expect((await call(agent, 'GET', '/api/v1/account')).statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins: after 5 the account is locked, here and at sign-in', async () => {
    const { user, password, agent } = await seedSignedIn();
    const attempt = (current: string) =>
      call(agent, 'POST', '/api/v1/account/password', {
        current_password: current,
        password: 'a completely new passphrase',
        password_confirmation: 'a completely new passphrase',
      });
    for (let i = 0; i < 4; i += 1) expect((await attempt(`guess ${i}`)).statusCode).toBe(422);
    const fifth = await attempt('guess 4');
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expect(fifth.json().message).toBe(en['account.password.locked_other']?.replace('{count}', '15'));
    // Even the right password waits now, and so does the sign-in form.
    expect((await attempt(password)).statusCode).toBe(429);
    await expect(
      signIn(t.app, { email: user.email, password }, { host: host(), remoteAddress: nextIp() }),
    ).rejects.toThrow(/429/);

    t.clock.advance(16 * 60_000);
    const later = await seedSignedIn();
    expect((await call(later.agent, 'GET', '/api/v1/account')).statusCode).toBe(200);
    const relogged = await signIn(
      t.app,
      { email: user.email, password },
      { host: host(), remoteAddress: nextIp() },
    );
    const changed = await call(relogged, 'POST', '/api/v1/account/password', {
      current_password: password,
      password: 'a completely new passphrase',
      password_confirmation: 'a completely new passphrase',
    });
    expect(changed.statusCode).toBe(204);
  });
});
