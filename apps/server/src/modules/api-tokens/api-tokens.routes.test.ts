import {
  apiTokenResponseSchema,
  apiTokensResponseSchema,
  createdApiTokenResponseSchema,
} from '@kadry/shared/schemas/integrations';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import { apiTokens } from '../../db/schema/integrations';
import { users } from '../../db/schema/users';
import { hashToken } from '../../lib/tokens';
import { seedStaff } from '../permissions/permissions-test-support';

// API tokens through app.inject: owners make and revoke them; `Authorization: Bearer` opens only
// the routes of the token's scopes, without a session or a CSRF token.

const fx = createRecruitingFixture();
const TOKENS = '/api/v1/integrations/api-tokens';

async function createToken(body: Record<string, unknown>) {
  const response = await fx.call(fx.staff.owner, 'POST', TOKENS, body);
  expect(response.statusCode, response.body).toBe(201);
  return createdApiTokenResponseSchema.parse(response.json()).data;
}

function bearer(token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return fx.t.app.inject({
    method,
    url,
    headers: {
      host: fx.company.hosts[0] ?? '',
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('API tokens (owners)', () => {
  it('are made by owners only, shown once, stored hashed, listed without the secret', async () => {
    expect((await fx.call(fx.staff.hr, 'GET', TOKENS)).statusCode).toBe(403);
    expect(
      (await fx.call(fx.staff.hr, 'POST', TOKENS, { name: 'HR', scopes: ['vacancies:read'] })).statusCode,
    ).toBe(403);
    const anonymous = await fx.t.app.inject({
      method: 'GET',
      url: TOKENS,
      headers: { host: fx.company.hosts[0] ?? '' },
    });
    expect(anonymous.statusCode).toBe(401);

    const created = await createToken({ name: 'ATS sync', scopes: ['vacancies:read', 'vacancies:read'] });
    expect(created.token).toMatch(/^kadry_[\w-]{43}$/);
    expect(created.scopes).toEqual(['vacancies:read']);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(created.created_by).toEqual({ id: fx.staff.owner.user.id, name: fx.staff.owner.user.name });

    const [stored] = await fx.t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored?.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const list = await fx.call(fx.staff.owner, 'GET', TOKENS);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    const listed = apiTokensResponseSchema.parse(list.json()).data.find((token) => token.id === created.id);
    expect(listed).toMatchObject({ name: 'ATS sync', last_used_at: null, revoked_at: null });
  });

  it('refuse bad input with 422: no scopes, an unknown scope, an expiry in the past', async () => {
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['everything'] },
      { name: '', scopes: ['vacancies:read'] },
      { name: 'x', scopes: ['vacancies:read'], expires_at: '2020-01-01T00:00:00Z' },
    ]) {
      const response = await fx.call(fx.staff.owner, 'POST', TOKENS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('Authorization: Bearer', () => {
  it('opens the routes of its scopes and nothing else, without a CSRF token', async () => {
    const { token } = await createToken({ name: 'Vacancies only', scopes: ['vacancies:read'] });
    const vacancies = await bearer(token, 'GET', '/api/v1/vacancies');
    expect(vacancies.statusCode, vacancies.body).toBe(200);
    expect(vacancies.json().data.map((v: { id: number }) => v.id)).toEqual(
      expect.arrayContaining([fx.vacancyA, fx.vacancyB]),
    );
    expect((await bearer(token, 'GET', `/api/v1/vacancies/${fx.vacancyA}`)).statusCode).toBe(200);
    // Out of scope: other reads, writes of the same entity, owners' screens.
    for (const [method, url] of [
      ['GET', '/api/v1/applications'],
      ['GET', `/api/v1/vacancies/${fx.vacancyA}/stages`],
      ['DELETE', `/api/v1/vacancies/${fx.vacancyA}`],
      ['POST', `/api/v1/vacancies/${fx.vacancyA}/withdraw`],
      ['GET', '/api/v1/admin/jobs'],
      ['GET', TOKENS],
      ['GET', '/vue-global/permissions'],
    ] as const) {
      expect((await bearer(token, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    const still = await fx.call(fx.staff.owner, 'GET', `/api/v1/vacancies/${fx.vacancyA}`);
    expect(still.json().data.is_published).toBe(true);
  });

  it('reads and moves applications with the application scopes, and reads employees', async () => {
    const { token } = await createToken({
      name: 'Pipeline',
      scopes: ['applications:read', 'applications:write', 'employees:read'],
    });
    const list = await bearer(token, 'GET', '/api/v1/applications');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((a: { id: number }) => a.id)).toEqual(
      expect.arrayContaining([fx.applicationA, fx.applicationB]),
    );
    const one = await bearer(token, 'GET', `/api/v1/applications/${fx.applicationB}`);
    expect(one.statusCode).toBe(200);
    // Comments and exports are not in any scope.
    expect((await bearer(token, 'GET', `/api/v1/applications/${fx.applicationB}/comments`)).statusCode).toBe(
      403,
    );
    expect((await bearer(token, 'GET', '/api/v1/applications/export?format=csv')).statusCode).toBe(403);

    const stages = (await fx.call(fx.staff.owner, 'GET', `/api/v1/vacancies/${fx.vacancyB}/stages`)).json()
      .data;
    const offer = stages.find((stage: { name: string }) => stage.name === 'Offer') ?? stages[1];
    // No cookie, no CSRF header: a bearer request needs neither.
    const moved = await bearer(token, 'PUT', `/api/v1/applications/${fx.applicationB}/stage`, {
      stage_id: offer.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.stage.id).toBe(offer.id);

    const employees = await bearer(token, 'GET', '/api/v1/employees/visible');
    expect(employees.statusCode, employees.body).toBe(200);
    expect(employees.json().meta.total).toBeGreaterThan(0);
    const employeeId = fx.staff.hr.user.employeeId;
    expect((await bearer(token, 'GET', `/api/v1/employees/${employeeId}`)).statusCode).toBe(200);
    expect((await bearer(token, 'DELETE', `/api/v1/employees/${employeeId}`)).statusCode).toBe(403);
    expect((await bearer(token, 'GET', '/api/v1/employees/export?format=csv')).statusCode).toBe(403);
  });

  it('a read-only token cannot move an application', async () => {
    const { token } = await createToken({ name: 'Read', scopes: ['applications:read'] });
    const moved = await bearer(token, 'PUT', `/api/v1/applications/${fx.applicationA}/stage`, {
      stage_id: 1,
    });
    expect(moved.statusCode).toBe(403);
  });

  it('records the last use at most once a minute', async () => {
    const created = await createToken({ name: 'Touch', scopes: ['vacancies:read'] });
    expect((await bearer(created.token, 'GET', '/api/v1/vacancies')).statusCode).toBe(200);
    const lastUsed = async () =>
      (await fx.t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id)))[0]?.lastUsedAt;
    const first = await lastUsed();
    expect(first?.getTime()).toBe(fx.t.clock.now.getTime());
    fx.t.clock.advance(30_000);
    await bearer(created.token, 'GET', '/api/v1/vacancies');
    expect((await lastUsed())?.getTime()).toBe(first?.getTime());
    fx.t.clock.advance(31_000);
    await bearer(created.token, 'GET', '/api/v1/vacancies');
    expect((await lastUsed())?.getTime()).toBe(fx.t.clock.now.getTime());
  });

  it('is refused with 401 once revoked, expired, unknown, malformed or of another company', async () => {
    const revoked = await createToken({ name: 'Soon revoked', scopes: ['vacancies:read'] });
    expect((await bearer(revoked.token, 'GET', '/api/v1/vacancies')).statusCode).toBe(200);
    expect((await fx.call(fx.staff.hr, 'POST', `${TOKENS}/${revoked.id}/revoke`)).statusCode).toBe(403);
    const revoke = await fx.call(fx.staff.owner, 'POST', `${TOKENS}/${revoked.id}/revoke`);
    expect(revoke.statusCode).toBe(200);
    expect(apiTokenResponseSchema.parse(revoke.json()).data.revoked_at).not.toBeNull();
    expect((await bearer(revoked.token, 'GET', '/api/v1/vacancies')).statusCode).toBe(401);
    // A revoked token cannot revoke anything either: bearer tokens never reach owners' routes.
    expect((await bearer(revoked.token, 'POST', `${TOKENS}/${revoked.id}/revoke`)).statusCode).toBe(401);

    const expiring = await createToken({
      name: 'Short',
      scopes: ['vacancies:read'],
      expires_at: new Date(fx.t.clock.now.getTime() + 3_600_000).toISOString(),
    });
    expect((await bearer(expiring.token, 'GET', '/api/v1/vacancies')).statusCode).toBe(200);
    fx.t.clock.advance(3_600_000);
    expect((await bearer(expiring.token, 'GET', '/api/v1/vacancies')).statusCode).toBe(401);

    expect((await bearer(`kadry_${'A'.repeat(43)}`, 'GET', '/api/v1/vacancies')).statusCode).toBe(401);
    expect((await bearer('not-a-token', 'GET', '/api/v1/vacancies')).statusCode).toBe(401);

    // Another company's owner and token: not a token on this company's host.
    const other = await seedCompany(fx.t.database.db);
    const otherOwner = await seedStaff(fx.t, other, 'owner');
    const foreign = await fx.t.app.inject({
      method: 'POST',
      url: TOKENS,
      headers: { ...otherOwner.headers, accept: 'application/json' },
      payload: { name: 'Theirs', scopes: ['vacancies:read'] },
    });
    const foreignToken = createdApiTokenResponseSchema.parse(foreign.json()).data;
    expect((await bearer(foreignToken.token, 'GET', '/api/v1/vacancies')).statusCode).toBe(401);
    // … and a foreign token id cannot be revoked from here.
    expect((await fx.call(fx.staff.owner, 'POST', `${TOKENS}/${foreignToken.id}/revoke`)).statusCode).toBe(
      404,
    );
  });

  it('stops working when its owner is disabled', async () => {
    const owner2 = await seedStaff(fx.t, fx.company, 'owner');
    const response = await fx.t.app.inject({
      method: 'POST',
      url: TOKENS,
      headers: { ...owner2.headers, accept: 'application/json' },
      payload: { name: 'Owner 2', scopes: ['vacancies:read'] },
    });
    const { token } = createdApiTokenResponseSchema.parse(response.json()).data;
    expect((await bearer(token, 'GET', '/api/v1/vacancies')).statusCode).toBe(200);
    await fx.t.database.db.update(users).set({ isDisabled: true }).where(eq(users.id, owner2.user.id));
    expect((await bearer(token, 'GET', '/api/v1/vacancies')).statusCode).toBe(401);
  });
});
