import { getCatalog } from '@kadry/shared/i18n/translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../test/db';
import { type AuthTestApp, createAuthTestApp, seedUser, signIn } from '../modules/auth/auth-test-support';

const en = getCatalog('en');
const uk = getCatalog('uk');

let t: AuthTestApp;
let ukrainianUser: { email: string; password: string };
let ukrainianOwner: { email: string; password: string };

beforeAll(async () => {
  t = await createAuthTestApp();
  const company = await seedCompany(t.database.db, { name: 'Acme', languages: ['en', 'uk'] });
  const { user, password } = await seedUser(t.database.db, company.id, { role: 'employee', locale: 'uk' });
  ukrainianUser = { email: user.email, password };
  const owner = await seedUser(t.database.db, company.id, { role: 'owner', locale: 'uk' });
  ukrainianOwner = { email: owner.user.email, password: owner.password };
});

afterAll(async () => {
  await t?.close();
});

describe('the language of error messages', () => {
  it("answers staff in their own language, whatever the browser's Accept-Language", async () => {
    const agent = await signIn(t.app, ukrainianUser);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/v1/roles',
      headers: { ...agent.headers, 'accept-language': 'en' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: uk['errors.forbidden'] });

    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { ...agent.headers, 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: uk['errors.not_found'] });
  });

  it('answers staff without a session in the language they asked for', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/roles',
      headers: { 'accept-language': 'uk' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(uk['errors.unauthenticated']);
  });

  it("answers candidates in the careers site's language even when a staff session is present", async () => {
    const agent = await signIn(t.app, ukrainianUser);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public-vacancies/999999?lang=en',
      headers: agent.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(en['errors.vacancy_not_found']);
  });

  it('translates schema validation issues instead of passing zod English on', async () => {
    const agent = await signIn(t.app, ukrainianOwner);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: { ...agent.headers, 'accept-language': 'en' },
      payload: { name: 'x'.repeat(201), email: 'not an email', role_id: 'owner', team_ids: [] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: uk['errors.invalid_request'],
      errors: {
        name: [uk['career_page.application_form.error_length']?.replace('{max}', '200')],
        email: [uk['career_page.application_form.error_email']],
        role_id: [uk['errors.invalid_value']],
      },
    });
  });

  it('says a missing field is required', async () => {
    const agent = await signIn(t.app, ukrainianOwner);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: agent.headers,
      payload: { email: 'new.person@example.test', role_id: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: [uk['errors.required']] });
  });
});
