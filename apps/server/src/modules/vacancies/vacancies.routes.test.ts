import { describe, expect, it } from 'vitest';
import { createRecruitingFixture, vacancyBody } from '../../../test/recruiting-fixture';

// The vacancies API through app.inject: CRUD and validation, publishing to the careers site, pipelines.

const fx = createRecruitingFixture();

describe('vacancies', () => {
  it('creates a vacancy with sanitised body sections, the default pipeline, unpublished', async () => {
    const created = await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ positions: 3 }));
    expect(created.statusCode).toBe(201);
    const vacancy = created.json().data;
    expect(vacancy).toMatchObject({
      name: 'Data Engineer',
      is_published: false,
      published_at: null,
      positions: 3,
    });
    expect(vacancy.description).toContain('<b>at scale</b>');
    expect(vacancy.description).not.toMatch(/script|onclick/);
    const stages = await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${vacancy.id}/stages`);
    expect(stages.json().data.map((s: { name: string }) => s.name)).toEqual([
      'New',
      'Screening',
      'Interview',
      'Offer',
      'Hired',
      'Rejected',
    ]);
  });

  it('answers 422 with the field for an invalid vacancy', async () => {
    const noName = await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', { name: '' });
    expect(noName.statusCode).toBe(422);
    expect(Object.keys(noName.json().errors)).toContain('name');
    const badPositions = await fx.call(
      fx.staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ positions: 10_000 }),
    );
    expect(badPositions.statusCode).toBe(422);
    const strangerRecruiter = await fx.call(
      fx.staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ recruiter_ids: [999_999] }),
    );
    expect(strangerRecruiter.statusCode).toBe(422);
    expect(strangerRecruiter.json().errors).toHaveProperty('recruiter_ids');
  });

  it('updates through POST with _method=PUT, and lists with search', async () => {
    const id = (
      await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Zebra keeper' }))
    ).json().data.id;
    const updated = await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${id}`, {
      ...vacancyBody({ name: 'Zebra keeper II', is_hot: true }),
      _method: 'PUT',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Zebra keeper II', is_hot: true });
    const list = await fx.call(fx.staff.hr, 'GET', '/api/v1/vacancies?search=zebra');
    expect(list.json().data.map((v: { id: number }) => v.id)).toEqual([id]);
    expect(list.json().meta).toMatchObject({ current_page: 1, total: 1, last_page: 1 });
  });

  it('publishes to the careers site and withdraws from it', async () => {
    const id = (
      await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Published one' }))
    ).json().data.id;
    const host = { host: fx.company.hosts[0] ?? '' };
    expect((await fx.t.app.inject({ url: `/api/v1/public-vacancies/${id}`, headers: host })).statusCode).toBe(
      404,
    );
    const published = await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${id}/publish`);
    expect(published.json().data.published_at).toEqual(expect.any(String));
    const visible = await fx.t.app.inject({ url: `/api/v1/public-vacancies/${id}`, headers: host });
    expect(visible.statusCode).toBe(200);
    expect(visible.json().data.name).toBe('Published one');
    await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${id}/withdraw`);
    expect((await fx.t.app.inject({ url: `/api/v1/public-vacancies/${id}`, headers: host })).statusCode).toBe(
      404,
    );
  });

  it('copies a vacancy as an unpublished "(copy)" with the same recruiters', async () => {
    const copy = await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${fx.vacancyA}/copy`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({
      name: 'Data Engineer (copy)',
      is_published: false,
      recruiter_ids: [fx.staff.recruiterIn.user.id],
    });
  });

  it('refuses to delete a vacancy with applications (409) and deletes an empty one', async () => {
    expect((await fx.call(fx.staff.owner, 'DELETE', `/api/v1/vacancies/${fx.vacancyA}`)).statusCode).toBe(
      409,
    );
    const id = (await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', vacancyBody())).json().data.id;
    expect((await fx.call(fx.staff.owner, 'DELETE', `/api/v1/vacancies/${id}`)).statusCode).toBe(204);
    expect((await fx.call(fx.staff.owner, 'GET', `/api/v1/vacancies/${id}`)).statusCode).toBe(404);
  });

  it('says why a vacancy with applications is kept and what to do instead (409)', async () => {
    const refused = await fx.call(fx.staff.owner, 'DELETE', `/api/v1/vacancies/${fx.vacancyA}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This vacancy has applications; close or withdraw it instead of deleting',
    );
    expect((await fx.call(fx.staff.owner, 'GET', `/api/v1/vacancies/${fx.vacancyA}`)).statusCode).toBe(200);
  });

  it('a recruiter creating a vacancy becomes its responsible recruiter', async () => {
    const created = await fx.call(fx.staff.recruiterOut, 'POST', '/api/v1/vacancies', vacancyBody());
    expect(created.statusCode).toBe(201);
    expect(created.json().data.recruiter_ids).toEqual([fx.staff.recruiterOut.user.id]);
  });
});

describe('pipeline stages', () => {
  type WireStage = { id: number; name: string; position: number };
  const readStages = async (vacancyId: number): Promise<WireStage[]> =>
    (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${vacancyId}/stages`)).json().data;

  it('renames, reorders, adds and removes empty stages from one ordered list, keeping ids', async () => {
    const id = (
      await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Pipeline' }))
    ).json().data.id;
    const [fresh, screening, interview, offer, hired, rejected] = await readStages(id);
    const saved = await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${id}/stages`, {
      _method: 'PUT',
      stages: [
        { id: fresh?.id, name: 'New' },
        { id: interview?.id, name: 'Interview' },
        { id: screening?.id, name: ' Phone screen ' },
        { name: 'Test task' },
        { id: hired?.id, name: 'Hired' },
        { id: rejected?.id, name: 'Rejected' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stages: WireStage[] = saved.json().data;
    expect(stages.map((stage) => [stage.name, stage.position])).toEqual([
      ['New', 0],
      ['Interview', 1],
      ['Phone screen', 2],
      ['Test task', 3],
      ['Hired', 4],
      ['Rejected', 5],
    ]);
    expect(stages[2]?.id).toBe(screening?.id);
    expect(stages.map((stage) => stage.id)).not.toContain(offer?.id);
    expect(await readStages(id)).toEqual(stages);
  });

  it('refuses to remove a stage that holds candidates, naming it, and changes nothing (409)', async () => {
    const before = await readStages(fx.vacancyA);
    const interview = before.find((stage) => stage.name === 'Interview');
    const moved = await fx.call(fx.staff.hr, 'PUT', `/api/v1/applications/${fx.applicationA}/stage`, {
      stage_id: interview?.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Screening is empty and could go; Interview holds the candidate, so neither goes.
    const refused = await fx.call(fx.staff.hr, 'PUT', `/api/v1/vacancies/${fx.vacancyA}/stages`, {
      stages: before
        .filter((stage) => stage.name !== 'Interview' && stage.name !== 'Screening')
        .map((stage) => ({ id: stage.id, name: stage.name.toUpperCase() })),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Move the candidates out of “Interview” before removing it');
    expect(await readStages(fx.vacancyA)).toEqual(before);
  });

  it('counts candidates without a stage yet as in the first stage when it is removed', async () => {
    const before = await readStages(fx.vacancyB);
    const refused = await fx.call(fx.staff.hr, 'PUT', `/api/v1/vacancies/${fx.vacancyB}/stages`, {
      stages: [{ name: 'Inbox' }, ...before.slice(1).map((stage) => ({ id: stage.id, name: stage.name }))],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Move the candidates out of “${before[0]?.name}” before removing it`);
    expect(await readStages(fx.vacancyB)).toEqual(before);
  });

  it('answers 422 under the stage name path for an empty name', async () => {
    const before = await readStages(fx.vacancyB);
    const invalid = await fx.call(fx.staff.hr, 'PUT', `/api/v1/vacancies/${fx.vacancyB}/stages`, {
      stages: before.map((stage, index) => ({ id: stage.id, name: index === 1 ? '  ' : stage.name })),
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(['stages.1.name']);
  });
});
