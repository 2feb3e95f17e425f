import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../test/db';
import type { Company } from '../db/schema/companies';
import { type AuthTestApp, createAuthTestApp, seedUser, signIn } from '../modules/auth/auth-test-support';

// Issue 18: what outside judges flagged in the answers' headers and the favicon.

let t: AuthTestApp;
let company: Company;
const host = () => company.hosts[0] ?? '';

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

describe('answers of the whole site', () => {
  it('carry a Permissions-Policy that turns off the powerful features nobody uses', async () => {
    for (const url of ['/careers', '/app/sign-in', '/health']) {
      const response = await t.app.inject({ url, headers: { host: host() } });
      expect(response.headers['permissions-policy'], url).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      );
    }
  });

  it('answer /favicon.ico with an icon, cached, instead of a 404 on every page', async () => {
    const response = await t.app.inject({ url: '/favicon.ico', headers: { host: host() } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toContain('<svg');
    expect(response.headers['cache-control']).toMatch(/max-age=\d{5,}/);
  });
});

describe('staff API answers with personal data', () => {
  it('are never stored by the browser or a proxy: Cache-Control no-store on /api/v1/account', async () => {
    const { user, password } = await seedUser(t.database.db, company.id, { role: 'owner' });
    const agent = await signIn(t.app, { email: user.email, password }, { host: host() });
    const response = await t.app.inject({
      url: '/api/v1/account',
      headers: { ...agent.headers, host: host(), accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leave the public careers API cacheable as it was', async () => {
    const response = await t.app.inject({ url: '/api/v1/public-vacancies', headers: { host: host() } });
    expect(response.headers['cache-control'] ?? '').not.toContain('no-store');
  });
});
