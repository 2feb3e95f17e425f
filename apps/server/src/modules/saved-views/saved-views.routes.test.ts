import { savedViewListResponseSchema, savedViewResponseSchema } from '@kadry/shared/schemas/recruiting-bulk';
import { describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';

// Each user's saved views of the candidates (issue 17): personal, validated like the list's filters.

const fx = createRecruitingFixture();

const view = (overrides: Record<string, unknown> = {}) => ({
  name: 'Interviews this week',
  layout: 'list',
  filters: { vacancy_id: 1, search: 'Olena', sort: 'rating', order: 'desc', from: '2031-03-01' },
  ...overrides,
});

describe('saved views', () => {
  it('are saved, listed, renamed and deleted by their owner', async () => {
    const created = await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/saved-views', view());
    expect(created.statusCode, created.body).toBe(201);
    const saved = savedViewResponseSchema.parse(created.json()).data;
    expect(saved).toMatchObject({
      name: 'Interviews this week',
      layout: 'list',
      filters: { vacancy_id: 1, search: 'Olena', sort: 'rating', order: 'desc', from: '2031-03-01' },
    });
    const board = await fx.call(
      fx.staff.recruiterIn,
      'POST',
      '/api/v1/saved-views',
      view({ name: 'A board', layout: 'board', filters: { vacancy_id: fx.vacancyA } }),
    );
    expect(board.statusCode, board.body).toBe(201);

    const listed = await fx.call(fx.staff.recruiterIn, 'GET', '/api/v1/saved-views');
    expect(savedViewListResponseSchema.parse(listed.json()).data.map((item) => item.name)).toEqual([
      'A board',
      'Interviews this week',
    ]);

    const url = `/api/v1/saved-views/${saved.id}`;
    const renamed = await fx.call(fx.staff.recruiterIn, 'PUT', url, view({ name: 'Mine', filters: {} }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Mine', filters: {} });
    expect((await fx.call(fx.staff.recruiterIn, 'DELETE', url)).statusCode).toBe(204);
    expect((await fx.call(fx.staff.recruiterIn, 'DELETE', url)).statusCode).toBe(404);
  });

  it("are nobody else's: another user's view is not found, and not listed", async () => {
    const created = await fx.call(fx.staff.hr, 'POST', '/api/v1/saved-views', view({ name: 'HR only' }));
    const url = `/api/v1/saved-views/${created.json().data.id}`;
    const other = fx.staff.recruiterOut;
    expect((await fx.call(other, 'PUT', url, view({ name: 'Taken over' }))).statusCode).toBe(404);
    expect((await fx.call(other, 'DELETE', url)).statusCode).toBe(404);
    const listed = await fx.call(other, 'GET', '/api/v1/saved-views');
    expect(listed.json().data.map((item: { name: string }) => item.name)).not.toContain('HR only');
    // Another user may use the same name for a view of their own.
    expect((await fx.call(other, 'POST', '/api/v1/saved-views', view({ name: 'HR only' }))).statusCode).toBe(
      201,
    );
    expect((await fx.call(fx.staff.hr, 'PUT', '/api/v1/saved-views/abc', view())).statusCode).toBe(404);
    expect((await fx.call(fx.staff.hr, 'DELETE', '/api/v1/saved-views/99999999999')).statusCode).toBe(404);
  });

  it('are for whoever sees candidates', async () => {
    expect((await fx.call(fx.staff.employee, 'GET', '/api/v1/saved-views')).statusCode).toBe(403);
    expect((await fx.call(fx.staff.employee, 'POST', '/api/v1/saved-views', view())).statusCode).toBe(403);
    // A manager sees their team's candidates: views are theirs to keep.
    expect((await fx.call(fx.staff.manager, 'POST', '/api/v1/saved-views', view())).statusCode).toBe(201);
  });

  it('refuse a taken name (any case), a board without a vacancy and malformed filters', async () => {
    const owner = fx.staff.owner;
    expect((await fx.call(owner, 'POST', '/api/v1/saved-views', view({ name: 'Mine' }))).statusCode).toBe(
      201,
    );
    const taken = await fx.call(owner, 'POST', '/api/v1/saved-views', view({ name: ' MINE ' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toBeDefined();
    const other = await fx.call(owner, 'POST', '/api/v1/saved-views', view({ name: 'Other' }));
    const clash = await fx.call(
      owner,
      'PUT',
      `/api/v1/saved-views/${other.json().data.id}`,
      view({ name: 'mine' }),
    );
    expect(clash.statusCode).toBe(422);
    for (const body of [
      view({ name: '' }),
      view({ layout: 'table' }),
      view({ layout: 'board', filters: {} }),
      view({ filters: { sort: 'salary' } }),
      view({ filters: { vacancy_id: 0 } }),
      view({ filters: { from: 'yesterday' } }),
    ]) {
      const response = await fx.call(owner, 'POST', '/api/v1/saved-views', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});
