import { tagListResponseSchema, tagResponseSchema } from '@kadry/shared/schemas/recruiting-tags';
import { describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import type { StaffMember } from '../permissions/permissions-test-support';

// The company's tag dictionary (Vacancy.Tag, issue 17) through app.inject, role by role: owner and HR
// reach every tag (to_all), recruiters their own and their team's, managers read tags (they see
// candidates) without changing them, employees nothing.

const fx = createRecruitingFixture();

async function create(who: StaffMember, body: Record<string, unknown>) {
  return fx.call(who, 'POST', '/api/v1/tags', body);
}

async function list(who: StaffMember) {
  const response = await fx.call(who, 'GET', '/api/v1/tags');
  expect(response.statusCode, response.body).toBe(200);
  return tagListResponseSchema.parse(response.json()).data;
}

describe('the tag dictionary', () => {
  it('creates tags with a colour; a name is unique whatever its case (422)', async () => {
    const created = await create(fx.staff.hr, { name: 'Relocation', color: 'blue' });
    expect(created.statusCode, created.body).toBe(201);
    expect(tagResponseSchema.parse(created.json()).data).toMatchObject({
      name: 'Relocation',
      color: 'blue',
      applications_count: 0,
      can_update: true,
      can_delete: true,
    });
    const again = await create(fx.staff.owner, { name: ' relocation ' });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().errors.name).toBeDefined();
    for (const body of [{ name: '' }, { name: 'x'.repeat(51) }, { name: 'Ok', color: 'black' }, {}]) {
      expect((await create(fx.staff.hr, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    // A default colour.
    const grey = await create(fx.staff.hr, { name: 'Referral' });
    expect(grey.json().data.color).toBe('grey');
  });

  it('lets each role do what its Vacancy.Tag levels reach, and nobody unauthorised gets a 2xx', async () => {
    const byRecruiter = tagResponseSchema.parse(
      (await create(fx.staff.recruiterIn, { name: 'Strong portfolio', color: 'purple' })).json(),
    ).data;
    const byHr = tagResponseSchema.parse((await create(fx.staff.hr, { name: 'Night owl' })).json()).data;

    // Reading: whoever sees tags or candidates.
    for (const role of ['owner', 'hr', 'recruiterIn', 'recruiterOut', 'manager'] as const) {
      expect((await fx.call(fx.staff[role], 'GET', '/api/v1/tags')).statusCode, role).toBe(200);
    }
    expect((await fx.call(fx.staff.employee, 'GET', '/api/v1/tags')).statusCode).toBe(403);

    // Creating: Vacancy.Tag create.
    expect((await create(fx.staff.manager, { name: 'By manager' })).statusCode).toBe(403);
    expect((await create(fx.staff.employee, { name: 'By employee' })).statusCode).toBe(403);

    // Changing: the maker's own for recruiters (no team in common), every tag for HR and owners.
    const url = (id: number) => `/api/v1/tags/${id}`;
    expect(
      (await fx.call(fx.staff.recruiterOut, 'PUT', url(byRecruiter.id), { name: 'Mine now' })).statusCode,
    ).toBe(403);
    expect((await fx.call(fx.staff.recruiterOut, 'DELETE', url(byRecruiter.id))).statusCode).toBe(403);
    expect((await fx.call(fx.staff.recruiterIn, 'PUT', url(byHr.id), { name: 'Renamed' })).statusCode).toBe(
      403,
    );
    expect((await fx.call(fx.staff.manager, 'PUT', url(byHr.id), { name: 'Renamed' })).statusCode).toBe(403);
    expect((await fx.call(fx.staff.employee, 'PUT', url(byHr.id), { name: 'Renamed' })).statusCode).toBe(404);
    const own = await fx.call(fx.staff.recruiterIn, 'PUT', url(byRecruiter.id), {
      name: 'Great portfolio',
      color: 'pink',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ name: 'Great portfolio', color: 'pink' });
    const seen = (await list(fx.staff.recruiterOut)).find((tag) => tag.id === byRecruiter.id);
    expect(seen).toMatchObject({ can_update: false, can_delete: false });
    const renamed = await fx.call(fx.staff.hr, 'PUT', url(byRecruiter.id), {
      name: 'Portfolio',
      color: 'teal',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A rename onto another tag's name is a 422.
    expect((await fx.call(fx.staff.hr, 'PUT', url(byRecruiter.id), { name: 'NIGHT OWL' })).statusCode).toBe(
      422,
    );

    // Missing or out-of-range ids are 404s.
    expect((await fx.call(fx.staff.hr, 'PUT', url(2_000_000_000), { name: 'x' })).statusCode).toBe(404);
    expect((await fx.call(fx.staff.hr, 'DELETE', '/api/v1/tags/99999999999')).statusCode).toBe(404);

    expect((await fx.call(fx.staff.recruiterIn, 'DELETE', url(byRecruiter.id))).statusCode).toBe(204);
    expect((await list(fx.staff.hr)).map((tag) => tag.id)).not.toContain(byRecruiter.id);
    const anonymous = await fx.t.app.inject({
      method: 'GET',
      url: '/api/v1/tags',
      headers: { host: fx.company.hosts[0] ?? '' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
