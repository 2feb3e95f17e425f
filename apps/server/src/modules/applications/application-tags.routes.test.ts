import { historyResponseSchema } from '@kadry/shared/schemas/recruiting-mail';
import { applicationTagsResponseSchema } from '@kadry/shared/schemas/recruiting-tags';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import type { StaffMember } from '../permissions/permissions-test-support';

// Tags on applications (issue 17) through app.inject: from the card, in bulk, in the history, as a
// filter of the list. Vacancy A is recruiterIn's; vacancy B is team T's (the manager only views it).

const fx = createRecruitingFixture();
let relocation: number;
let referral: number;

beforeAll(async () => {
  const make = async (name: string, color: string) => {
    const response = await fx.call(fx.staff.hr, 'POST', '/api/v1/tags', { name, color });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  relocation = await make('Relocation', 'blue');
  referral = await make('Referral', 'green');
});

const tagUrl = (applicationId: number) => `/api/v1/applications/${applicationId}/tags`;

async function listIds(who: StaffMember, query: string) {
  const response = await fx.call(who, 'GET', `/api/v1/applications?per_page=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }[]).map((row) => row.id);
}

describe('tags on an application', () => {
  it('puts a tag on, shows it on the card and in lists, filters by it, and records it in the history', async () => {
    const added = await fx.call(fx.staff.recruiterIn, 'POST', tagUrl(fx.applicationA), {
      tag_id: relocation,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(applicationTagsResponseSchema.parse(added.json()).data).toEqual([
      { id: relocation, name: 'Relocation', color: 'blue' },
    ]);
    // Again: nothing changes, nothing more in the history.
    expect(
      (await fx.call(fx.staff.recruiterIn, 'POST', tagUrl(fx.applicationA), { tag_id: relocation }))
        .statusCode,
    ).toBe(200);
    const card = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}`);
    expect(card.json().data.tags).toEqual([{ id: relocation, name: 'Relocation', color: 'blue' }]);

    expect(await listIds(fx.staff.hr, `tag_id=${relocation}`)).toEqual([fx.applicationA]);
    expect(await listIds(fx.staff.hr, `tag_id=${referral}`)).toEqual([]);
    expect(await listIds(fx.staff.hr, `vacancy_id=${fx.vacancyB}&tag_id=${relocation}`)).toEqual([]);
    // Out of range is a 422, never a database error.
    expect((await fx.call(fx.staff.hr, 'GET', '/api/v1/applications?tag_id=99999999999')).statusCode).toBe(
      422,
    );
    // The filter stays within what the user sees.
    expect(await listIds(fx.staff.manager, `tag_id=${relocation}`)).toEqual([]);

    const removed = await fx.call(fx.staff.recruiterIn, 'DELETE', `${tagUrl(fx.applicationA)}/${relocation}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual([]);
    const history = historyResponseSchema.parse(
      (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}/history?kind=tag`)).json(),
    ).data;
    expect(
      history.map((entry) => (entry.type === 'tag' ? [entry.action, entry.tag.name, entry.actor?.id] : null)),
    ).toEqual([
      ['removed', 'Relocation', fx.staff.recruiterIn.user.id],
      ['added', 'Relocation', fx.staff.recruiterIn.user.id],
    ]);
  });

  it('refuses unknown tags (422) and anyone who may not change the application', async () => {
    expect(
      (await fx.call(fx.staff.hr, 'POST', tagUrl(fx.applicationA), { tag_id: 2_000_000_000 })).statusCode,
    ).toBe(422);
    expect((await fx.call(fx.staff.hr, 'POST', tagUrl(fx.applicationA), { tag_id: 'x' })).statusCode).toBe(
      422,
    );
    expect((await fx.call(fx.staff.hr, 'DELETE', `${tagUrl(fx.applicationA)}/2000000000`)).statusCode).toBe(
      404,
    );
    const cases: [keyof typeof fx.staff, number, number][] = [
      ['owner', fx.applicationB, 200],
      ['hr', fx.applicationB, 200],
      ['recruiterIn', fx.applicationB, 404],
      ['recruiterOut', fx.applicationA, 404],
      ['manager', fx.applicationB, 403],
      ['manager', fx.applicationA, 404],
      ['employee', fx.applicationA, 404],
    ];
    for (const [role, applicationId, status] of cases) {
      const who = fx.staff[role];
      const add = await fx.call(who, 'POST', tagUrl(applicationId), { tag_id: referral });
      expect(add.statusCode, `${role} add`).toBe(status);
      const remove = await fx.call(who, 'DELETE', `${tagUrl(applicationId)}/${referral}`);
      expect(remove.statusCode, `${role} remove`).toBe(status);
    }
    expect(
      (await fx.call(fx.staff.hr, 'POST', '/api/v1/applications/99999999999/tags', { tag_id: referral }))
        .statusCode,
    ).toBe(404);
  });
});

describe('one tag on many applications', () => {
  it('answers per application and tags only those the user may change', async () => {
    const response = await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/applications/bulk/tags', {
      application_ids: [fx.applicationA, fx.applicationB, 2_000_000_000],
      tag_id: referral,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: fx.applicationA, outcome: 'done' },
        { id: fx.applicationB, outcome: 'not_found' },
        { id: 2_000_000_000, outcome: 'not_found' },
      ],
      // It can be undone for a while (decision 033).
      meta: { done: 1, skipped: 2, action_id: expect.any(Number), undoable_until: expect.any(String) },
    });
    const manager = await fx.call(fx.staff.manager, 'POST', '/api/v1/applications/bulk/tags', {
      application_ids: [fx.applicationB],
      tag_id: referral,
    });
    expect(manager.json().data).toEqual([{ id: fx.applicationB, outcome: 'forbidden' }]);
    expect(await listIds(fx.staff.hr, `tag_id=${referral}`)).toEqual([fx.applicationA]);
    const history = historyResponseSchema.parse(
      (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}/history?kind=tag`)).json(),
    ).data;
    expect(history[0]).toMatchObject({ type: 'tag', action: 'added', tag: { name: 'Referral' } });

    // Bad input: an unknown tag, no ids, repeated ids.
    for (const body of [
      { application_ids: [fx.applicationA], tag_id: 2_000_000_000 },
      { application_ids: [], tag_id: referral },
      { application_ids: [fx.applicationA, fx.applicationA], tag_id: referral },
    ]) {
      expect((await fx.call(fx.staff.hr, 'POST', '/api/v1/applications/bulk/tags', body)).statusCode).toBe(
        422,
      );
    }
    expect(
      (
        await fx.call(fx.staff.employee, 'POST', '/api/v1/applications/bulk/tags', {
          application_ids: [fx.applicationA],
          tag_id: referral,
        })
      ).json().data,
    ).toEqual([{ id: fx.applicationA, outcome: 'not_found' }]);
  });

  it('takes a deleted tag off every application', async () => {
    expect((await fx.call(fx.staff.hr, 'DELETE', `/api/v1/tags/${referral}`)).statusCode).toBe(204);
    const card = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}`);
    expect(card.json().data.tags).toEqual([]);
  });
});
