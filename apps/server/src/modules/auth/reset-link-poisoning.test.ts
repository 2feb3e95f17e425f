import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany, seedForm, seedVacancy } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { SESSION_COOKIE } from '../../plugins/session';
import {
  type AuthTestApp,
  createAuthTestApp,
  readMetaCsrfToken,
  readSessionCookie,
  seedUser,
} from './auth-test-support';

// Issue 12, findings 1 and 2: links in mail must never come from a Host header an attacker chose.
// Each test performs the attack and asserts that it no longer achieves anything.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ATTACKER = 'attacker.example';
let ipCounter = 0;

/**
 * Asks for a reset link for `email` with the given Host, the way a browser posts the form. The form
 * (its pre-session cookie and token) may come from another host, as an attacker would fetch it.
 */
async function askForResetLink(t: AuthTestApp, host: string, email: string, pageHost = host) {
  ipCounter += 1;
  const remoteAddress = `10.9.0.${ipCounter}`;
  const page = await t.app.inject({
    method: 'GET',
    url: '/app/password/forgot',
    headers: { host: pageHost },
    remoteAddress,
  });
  const token = readMetaCsrfToken(page.body) ?? '';
  const cookie = `${SESSION_COOKIE}=${readSessionCookie(page) ?? ''}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/app/password/forgot',
    remoteAddress,
    headers: { ...FORM, host, cookie },
    payload: new URLSearchParams({ _token: token, email }).toString(),
  });
  return { page, response };
}

/** Lets the reset mail (sent without being awaited) go out, then answers what was sent to `email`. */
async function mailTo(t: AuthTestApp, email: string): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return t.mail.filter((mail) => mail.to === email).map((mail) => mail.text);
}

describe('password-reset poisoning in production (no APP_URL, no TRUSTED_HOSTS)', () => {
  let t: AuthTestApp;
  let defaultCompany: Company;
  let beta: Company;

  beforeAll(async () => {
    t = await createAuthTestApp({ env: { NODE_ENV: 'production' } });
    // The default company (the embedded demo's situation) and a company with a configured host.
    defaultCompany = await seedCompany(t.database.db, { name: 'Default', hosts: [] });
    beta = await seedCompany(t.database.db, { name: 'Beta', hosts: ['jobs.beta.test'] });
  });
  afterAll(async () => t?.close());

  it("a forgot-password request with Host: attacker.example for a victim's email is answered 404 and mails nothing", async () => {
    const { user: victim } = await seedUser(t.database.db, defaultCompany.id, { role: 'owner' });
    const { page } = await askForResetLink(t, ATTACKER, victim.email);
    expect(page.statusCode).toBe(404);
    // With a valid form token fetched from the real host, the post under the attacker's Host still fails.
    const { response } = await askForResetLink(t, ATTACKER, victim.email, 'localhost');
    expect(response.statusCode).toBe(404);
    expect(await mailTo(t, victim.email)).toEqual([]);
    // The sign-in page and the staff API are not reachable under that host either.
    for (const url of ['/app/sign-in', '/app', '/vue-global/translations?keys=auth.email']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { host: ATTACKER } });
      expect([401, 404]).toContain(answer.statusCode);
      expect(answer.body).not.toContain('csrf-token');
    }
  });

  it('the careers site still answers for the default company under any host', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public-vacancies',
      headers: { host: ATTACKER },
    });
    expect(answer.statusCode).toBe(200);
  });

  it('on localhost (the embedded demo) the reset link points at localhost', async () => {
    const { user } = await seedUser(t.database.db, defaultCompany.id);
    const { response } = await askForResetLink(t, 'localhost:3000', user.email);
    expect(response.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await mailTo(t, user.email)).toHaveLength(1));
    const [text] = await mailTo(t, user.email);
    expect(text).toMatch(/http:\/\/localhost:3000\/app\/password\/reset\/[\w-]{43}/);
  });

  it("a company's configured host gets links to that host", async () => {
    const { user } = await seedUser(t.database.db, beta.id);
    const { response } = await askForResetLink(t, 'jobs.beta.test', user.email);
    expect(response.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await mailTo(t, user.email)).toHaveLength(1));
    expect((await mailTo(t, user.email))[0]).toMatch(/http:\/\/jobs\.beta\.test\/app\/password\/reset\//);
  });

  it('a new reset link ends the earlier one', async () => {
    const { user } = await seedUser(t.database.db, beta.id);
    await askForResetLink(t, 'jobs.beta.test', user.email);
    await vi.waitFor(async () => expect(await mailTo(t, user.email)).toHaveLength(1));
    await askForResetLink(t, 'jobs.beta.test', user.email);
    await vi.waitFor(async () => expect(await mailTo(t, user.email)).toHaveLength(2));
    const links = (await mailTo(t, user.email)).map(
      (text) => /\/app\/password\/reset\/[\w-]{43}/.exec(text)?.[0],
    );
    const headers = { host: 'jobs.beta.test' };
    expect((await t.app.inject({ method: 'GET', url: links[0] ?? '', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: links[1] ?? '', headers })).statusCode).toBe(200);
  });
});

describe('password-reset poisoning where any host may reach the app (TRUSTED_HOSTS=*)', () => {
  it('with APP_URL set, the link points at APP_URL whatever Host the request carried', async () => {
    const t = await createAuthTestApp({
      env: { NODE_ENV: 'production', TRUSTED_HOSTS: '*', APP_URL: 'https://hr.example.com' },
    });
    try {
      const company = await seedCompany(t.database.db, { name: 'Default', hosts: [] });
      const { user } = await seedUser(t.database.db, company.id);
      const { response } = await askForResetLink(t, ATTACKER, user.email);
      expect(response.statusCode).toBe(200);
      await vi.waitFor(async () => expect(await mailTo(t, user.email)).toHaveLength(1));
      const [text] = await mailTo(t, user.email);
      expect(text).toContain('https://hr.example.com/app/password/reset/');
      expect(text).not.toContain(ATTACKER);
    } finally {
      await t.close();
    }
  });

  it('without APP_URL, a request under an unknown Host gets the usual answer and no mail is sent', async () => {
    const t = await createAuthTestApp({ env: { NODE_ENV: 'development' } });
    try {
      const company = await seedCompany(t.database.db, { name: 'Default', hosts: [] });
      const { user } = await seedUser(t.database.db, company.id);
      const { response } = await askForResetLink(t, ATTACKER, user.email);
      expect(response.statusCode).toBe(200);
      expect(await mailTo(t, user.email)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('staff notification mail of a new application (issue 12, finding 2)', () => {
  it('an application sent with Host: attacker.example mails staff a link to APP_URL, never to the attacker', async () => {
    const t = await createAuthTestApp({
      env: { NODE_ENV: 'production', APP_URL: 'https://hr.example.com' },
    });
    try {
      const company = await seedCompany(t.database.db, { name: 'Default', hosts: [] });
      await seedForm(t.database.db, company.id, [
        { name: 'Name', type: 'name', inputType: 'text', required: true },
      ]);
      const vacancy = await seedVacancy(t.database.db, company.id);
      const owner = await seedUser(t.database.db, company.id, { role: 'owner' });
      const body = await multipart([
        ['fields[0][type]', 'name'],
        ['fields[0][input_value]', 'Mallory'],
      ]);
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/api/v1/public-vacancies/${vacancy.id}/response`,
        headers: { ...body.headers, host: ATTACKER },
        payload: body.payload,
      });
      expect(submitted.statusCode, submitted.body).toBe(201);
      await t.app.events.settled();
      const mail = t.mail.filter((message) => message.to === owner.user.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text).toContain('https://hr.example.com/app/applications/');
      expect(mail[0]?.text).not.toContain(ATTACKER);
    } finally {
      await t.close();
    }
  });
});
