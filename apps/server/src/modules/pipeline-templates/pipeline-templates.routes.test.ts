import {
  pipelineTemplateListResponseSchema,
  pipelineTemplateResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import { describe, expect, it } from 'vitest';
import { createRecruitingFixture, vacancyBody } from '../../../test/recruiting-fixture';

// Pipeline templates (issue 17): read by whoever makes vacancies, managed company-wide (Vacancy.Stage
// at to_all), and a vacancy created with a template's stages, edited on the same screen.

const fx = createRecruitingFixture();

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Engineering',
  stages: ['Applied', 'Phone screen', 'Technical interview', 'Offer', 'Hired'],
  ...overrides,
});

describe('pipeline templates', () => {
  it('are managed by owners and HR, and read by whoever makes vacancies', async () => {
    for (const who of [fx.staff.recruiterIn, fx.staff.manager, fx.staff.employee]) {
      const refused = await fx.call(who, 'POST', '/api/v1/pipeline-templates', template());
      expect(refused.statusCode).toBe(403);
    }
    const created = await fx.call(fx.staff.hr, 'POST', '/api/v1/pipeline-templates', template());
    expect(created.statusCode, created.body).toBe(201);
    const saved = pipelineTemplateResponseSchema.parse(created.json()).data;
    expect(saved.stages).toEqual(template().stages);

    const asRecruiter = await fx.call(fx.staff.recruiterIn, 'GET', '/api/v1/pipeline-templates');
    expect(asRecruiter.statusCode).toBe(200);
    const listed = pipelineTemplateListResponseSchema.parse(asRecruiter.json());
    expect(listed.data.map((item) => item.name)).toContain('Engineering');
    expect(listed.meta.can_manage).toBe(false);
    const asHr = await fx.call(fx.staff.hr, 'GET', '/api/v1/pipeline-templates');
    expect(asHr.json().meta.can_manage).toBe(true);
    // An employee makes no vacancies and sees no pipelines.
    expect((await fx.call(fx.staff.employee, 'GET', '/api/v1/pipeline-templates')).statusCode).toBe(403);

    const url = `/api/v1/pipeline-templates/${saved.id}`;
    const body = template({ name: 'Engineering (short)', stages: ['Applied', 'Interview', 'Offer'] });
    expect((await fx.call(fx.staff.recruiterIn, 'PUT', url, body)).statusCode).toBe(403);
    const changed = await fx.call(fx.staff.owner, 'PUT', url, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Engineering (short)',
      stages: ['Applied', 'Interview', 'Offer'],
    });
    expect((await fx.call(fx.staff.recruiterIn, 'DELETE', url)).statusCode).toBe(403);
    expect((await fx.call(fx.staff.hr, 'DELETE', url)).statusCode).toBe(204);
    expect((await fx.call(fx.staff.hr, 'DELETE', url)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.hr, 'PUT', '/api/v1/pipeline-templates/abc', body)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.hr, 'PUT', '/api/v1/pipeline-templates/999999', body)).statusCode).toBe(
      404,
    );
  });

  it('refuse a taken name, repeated stages and empty pipelines', async () => {
    expect(
      (await fx.call(fx.staff.hr, 'POST', '/api/v1/pipeline-templates', template({ name: 'Sales' })))
        .statusCode,
    ).toBe(201);
    for (const body of [
      template({ name: 'sales' }),
      template({ name: 'Support', stages: ['New', 'new'] }),
      template({ name: 'Support', stages: [] }),
      template({ name: 'Support', stages: [' '] }),
      template({ name: '' }),
      template({ name: 'Support', stages: Array.from({ length: 31 }, (_, i) => `Stage ${i}`) }),
    ]) {
      const response = await fx.call(fx.staff.hr, 'POST', '/api/v1/pipeline-templates', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('a vacancy made from a template', () => {
  it('gets the stages given at creation, or the default ones without', async () => {
    const created = await fx.call(
      fx.staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ name: 'Designer', stages: ['Applied', 'Portfolio review', 'Offer'] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const stages = await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${created.json().data.id}/stages`);
    expect(stages.json().data.map((stage: { name: string }) => stage.name)).toEqual([
      'Applied',
      'Portfolio review',
      'Offer',
    ]);
    const plain = await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Plain' }));
    const defaults = await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${plain.json().data.id}/stages`);
    expect(defaults.json().data.map((stage: { name: string }) => stage.name)).toEqual([
      'New',
      'Screening',
      'Interview',
      'Offer',
      'Hired',
      'Rejected',
    ]);
    for (const stagesInput of [[], ['A', 'a'], ['']]) {
      const refused = await fx.call(
        fx.staff.hr,
        'POST',
        '/api/v1/vacancies',
        vacancyBody({ name: 'Broken', stages: stagesInput }),
      );
      expect(refused.statusCode, JSON.stringify(stagesInput)).toBe(422);
    }
  });
});
