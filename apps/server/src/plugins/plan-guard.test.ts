import { appPageDataSchema } from '@kadry/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedCompany } from '../../test/db';
import type { Company } from '../db/schema/companies';
import { type AuthTestApp, createAuthTestApp } from '../modules/auth/auth-test-support';
import { type StaffMember, seedStaff } from '../modules/permissions/permissions-test-support';

function registerPlanRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/v1/plan-test/recruiting', { config: { plan: 'ats' } }, async () => ({ ok: true }));
  routes.get('/api/v1/plan-test/people', { config: { plan: 'hrm' } }, async () => ({ ok: true }));
  routes.post(
    '/api/v1/plan-test/recruiting',
    { config: { plan: 'ats' }, schema: { body: z.object({ name: z.string().min(1) }) } },
    async () => ({ ok: true }),
  );
}

let t: AuthTestApp;
let defaults: Company;
let peopleOnly: StaffMember;
let recruitingPro: StaffMember;
let both: StaffMember;

beforeAll(async () => {
  t = await createAuthTestApp({ beforeReady: registerPlanRoutes });
  defaults = await seedCompany(t.database.db);
  both = await seedStaff(t, defaults, 'owner');
  peopleOnly = await seedStaff(t, await seedCompany(t.database.db, { tariffs: ['hrm'] }), 'owner');
  recruitingPro = await seedStaff(t, await seedCompany(t.database.db, { tariffs: ['ats_pro'] }), 'owner');
});

afterAll(async () => {
  await t?.close();
});

async function status(member: StaffMember, url: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode;
}

describe('plans', () => {
  it('gives a company both base plans by default', () => {
    expect(defaults.tariffs).toEqual(['hrm', 'ats']);
  });

  it('answers 403 with a message to a module outside the company plan, even to an owner', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/plan-test/recruiting',
      headers: peopleOnly.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await status(peopleOnly, '/api/v1/plan-test/people')).toBe(200);
    expect(await status(recruitingPro, '/api/v1/plan-test/recruiting')).toBe(200);
    expect(await status(recruitingPro, '/api/v1/plan-test/people')).toBe(403);
    expect(await status(both, '/api/v1/plan-test/recruiting')).toBe(200);
    expect(await status(both, '/api/v1/plan-test/people')).toBe(200);
  });

  it('refuses before reading the body, but after the CSRF check', async () => {
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plan-test/recruiting',
      headers: peopleOnly.headers,
      payload: { name: '' },
    });
    expect(invalid.statusCode).toBe(403);
    const { cookie, host } = peopleOnly.headers;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plan-test/recruiting',
      headers: { cookie, host },
      payload: { name: 'x' },
    });
    expect(forged.statusCode).toBe(419);
  });

  it('tells an anonymous caller to sign in rather than anything about the plan', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/plan-test/recruiting',
      headers: { host: peopleOnly.headers.host },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses the permissions of entities outside the plan too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/vue-global/permissions',
      headers: peopleOnly.headers,
    });
    const { permissions } = (
      response.json() as { data: { permissions: Record<string, { visibilitySettings: unknown }> } }
    ).data;
    expect(permissions.Candidate?.visibilitySettings).toBeNull();
    expect(permissions.Employee?.visibilitySettings).not.toBeNull();
  });

  it("puts the company's tariffs in the page data", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/app',
      headers: { cookie: recruitingPro.headers.cookie, host: recruitingPro.headers.host },
    });
    const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(response.body)?.[1];
    const pageData = appPageDataSchema.parse(JSON.parse(json ?? 'null'));
    expect(pageData.settings.tariffs).toEqual(['ats_pro']);
  });
});
