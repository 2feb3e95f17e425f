import { LIST_PER_PAGE } from '@kadry/shared/constants';
import { getCatalog } from '@kadry/shared/i18n/translate';
import type { ErrorBody } from '@kadry/shared/schemas/error';
import type { FormDefinitionResponse, FormField } from '@kadry/shared/schemas/form';
import type { VacancyDetailsResponse, VacancyListResponse } from '@kadry/shared/schemas/vacancy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { seedCompany, seedForm, seedVacancy } from '../../../test/db';
import { DEMO_FORM_FIELDS } from '../../db/demo/demo-form';
import type { Vacancy } from '../../db/schema/vacancies';

// Everything is seeded before the first request: the routes cache answers (and host → company) for a few
// seconds, and this file does not test invalidation.

const LIST_URL = '/api/v1/public-vacancies';
const BASE_TIME = Date.parse('2030-01-01T00:00:00Z');
const HOUR_MS = 60 * 60 * 1000;
const OTHER_HOST = 'globex.test';

const en = getCatalog('en');
const uk = getCatalog('uk');

let t: TestApp;
/** Every published vacancy of the default company, in the order the list must show them. */
let expectedOrder: number[];
const seeded: Record<string, Vacancy> = {};

function hoursAgo(hours: number): Date {
  return new Date(BASE_TIME - hours * HOUR_MS);
}

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: response.json<T>() };
}

async function list(query = '', headers: Record<string, string> = {}) {
  return get<VacancyListResponse>(`${LIST_URL}${query}`, headers);
}

/** Ids of every page of a filtered list, page by page (all pages walked). */
async function listAllIds(filter: string): Promise<number[]> {
  const first = await list(`?per_page=100&${filter}`);
  expect(first.status).toBe(200);
  expect(first.body.meta.last_page).toBe(1);
  return first.body.data.map((item) => item.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const company = await seedCompany(db, { slug: 'acme', name: 'Acme' });
  const other = await seedCompany(db, { slug: 'globex', name: 'Globex' });
  await seedForm(db, company.id, DEMO_FORM_FIELDS);
  const ownForm = await seedForm(
    db,
    company.id,
    [{ name: 'Portfolio link', type: 'link', inputType: 'link', required: true }],
    { name: 'Designers', isDefault: false },
  );

  const published: Vacancy[] = [];
  // Groups of three share a publication time, so only the id tie-breaker orders them.
  for (let i = 0; i < 42; i += 1) {
    published.push(
      await seedVacancy(db, company.id, {
        name: `Bulk vacancy ${i}`,
        publishedAt: hoursAgo(Math.floor(i / 3)),
      }),
    );
  }
  const specials: [string, Parameters<typeof seedVacancy>[2]][] = [
    ['newest', { name: 'Head of Quality', publishedAt: new Date(BASE_TIME + 24 * HOUR_MS) }],
    [
      'bodyWord',
      {
        name: 'Data Engineer',
        demand: '<ul><li>Experience with quokkaflow pipelines</li></ul>',
        publishedAt: hoursAgo(100),
      },
    ],
    [
      'tagOnly',
      {
        name: 'Office Manager',
        workingConditions: '<blockquote>Flexible hours</blockquote>',
        publishedAt: hoursAgo(101),
      },
    ],
    ['percent', { name: 'Support Agent', residence: 'Remote 100% of the time', publishedAt: hoursAgo(102) }],
    ['underscore', { name: 'Accountant', residence: 'Lisbon_HQ', publishedAt: hoursAgo(103) }],
    ['notUnderscore', { name: 'Auditor', residence: 'LisbonXHQ', publishedAt: hoursAgo(104) }],
    ['partTime', { name: 'Copywriter', workTypes: 'Part-time, Contract', publishedAt: hoursAgo(105) }],
    [
      'empty',
      {
        name: 'Generalist',
        salary: '',
        residence: null,
        experience: '',
        workTypes: '',
        languages: [],
        description: '',
        demand: '   ',
        responsibility: '<p> </p>',
        addition: null,
        workingConditions: null,
        publishedAt: hoursAgo(106),
      },
    ],
    [
      'unsafe',
      {
        name: 'Frontend Engineer',
        languages: [
          { language: 'English', level: 'C1' },
          { language: 'Polish', level: 'B1' },
        ],
        description:
          '<p>Read https://example.com/jobs and kadry.io first.</p><script>alert(1)</script>' +
          '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a>',
        publishedAt: hoursAgo(107),
      },
    ],
    ['ownForm', { name: 'Product Designer', formId: ownForm.form.id, publishedAt: hoursAgo(108) }],
  ];
  for (const [key, overrides] of specials) {
    const vacancy = await seedVacancy(db, company.id, overrides);
    seeded[key] = vacancy;
    published.push(vacancy);
  }
  // Published once and then withdrawn: its publication time would put it first if it leaked.
  seeded.unpublished = await seedVacancy(db, company.id, {
    name: 'Draft unicornwhisperer',
    isPublished: false,
    publishedAt: new Date(BASE_TIME + 48 * HOUR_MS),
  });
  seeded.other = await seedVacancy(db, other.id, {
    name: 'Globex unicornwhisperer',
    publishedAt: new Date(BASE_TIME + 72 * HOUR_MS),
  });

  expectedOrder = published
    .toSorted((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id)
    .map((vacancy) => vacancy.id);
});

afterAll(async () => {
  await t?.close();
});

function idOf(key: string): number {
  const vacancy = seeded[key];
  if (!vacancy) throw new Error(`no seeded vacancy ${key}`);
  return vacancy.id;
}

describe('GET /api/v1/public-vacancies', () => {
  it('answers 20 items with meta {current_page, last_page, per_page, total} by default', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.data).toHaveLength(LIST_PER_PAGE);
    expect(body.meta).toEqual({
      current_page: 1,
      last_page: Math.ceil(expectedOrder.length / LIST_PER_PAGE),
      per_page: LIST_PER_PAGE,
      total: expectedOrder.length,
    });
    expect(body.meta.last_page).toBe(3);
  });

  it('lists newest first, publication time then id descending', async () => {
    const { body } = await list();
    expect(body.data[0]?.id).toBe(idOf('newest'));
    expect(body.data.map((item) => item.id)).toEqual(expectedOrder.slice(0, LIST_PER_PAGE));
  });

  it.each([7, LIST_PER_PAGE])(
    'walks every page of %i with no overlap and no gap, in a stable order',
    async (perPage) => {
      const ids: number[] = [];
      let lastPage = 1;
      for (let page = 1; page <= lastPage; page += 1) {
        const { status, body } = await list(`?page=${page}&per_page=${perPage}`);
        expect(status).toBe(200);
        expect(body.meta.current_page).toBe(page);
        lastPage = body.meta.last_page;
        ids.push(...body.data.map((item) => item.id));
      }
      expect(lastPage).toBe(Math.ceil(expectedOrder.length / perPage));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expectedOrder);
    },
  );

  it('answers an empty page with 200 past last_page', async () => {
    const { status, body } = await list('?page=4');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ current_page: 4, last_page: 3, total: expectedOrder.length });
  });

  it('serves per_page 100', async () => {
    const { status, body } = await list('?per_page=100');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(expectedOrder.length);
    expect(body.meta).toMatchObject({ per_page: 100, last_page: 1 });
  });

  it.each(['per_page=101', 'per_page=0', 'page=0', 'page=abc', 'page=-1', 'per_page=1.5'])(
    'rejects %s with 422 {message, errors}',
    async (query) => {
      const response = await t.app.inject({ method: 'GET', url: `${LIST_URL}?${query}` });
      expect(response.statusCode).toBe(422);
      const body = response.json<ErrorBody>();
      expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
      expect(body.message).toEqual(expect.any(String));
      const parameter = query.split('=')[0] ?? '';
      expect(Object.keys(body.errors ?? {})).toContain(parameter);
    },
  );

  it('ignores query parameters it does not know', async () => {
    const plain = await list();
    const withExtras = await list('?utm_source=newsletter&source=linkedin&foo[bar]=1&lang=uk');
    expect(withExtras.status).toBe(200);
    expect(withExtras.body).toEqual(plain.body);
  });

  it('finds a word that appears only in a body section', async () => {
    expect(await listAllIds('search=quokkaflow')).toEqual([idOf('bodyWord')]);
    expect(await listAllIds('search=QUOKKAFLOW')).toEqual([idOf('bodyWord')]);
  });

  it('finds words of the name', async () => {
    expect(await listAllIds('search=Office%20Manager')).toEqual([idOf('tagOnly')]);
  });

  it('does not match HTML tag names in bodies', async () => {
    // The vacancy does hold a <blockquote> and its text is searchable.
    expect(await listAllIds('search=flexible')).toEqual([idOf('tagOnly')]);
    expect(await listAllIds('search=blockquote')).toEqual([]);
  });

  it('never returns an unpublished vacancy or one of another company, even when searched for', async () => {
    expect(await listAllIds('search=unicornwhisperer')).toEqual([]);
    const { body } = await list('?per_page=100');
    const ids = body.data.map((item) => item.id);
    expect(ids).not.toContain(idOf('unpublished'));
    expect(ids).not.toContain(idOf('other'));
  });

  it('filters residence by case-insensitive contains', async () => {
    expect(await listAllIds('residence=LISBON_hq')).toEqual([idOf('underscore')]);
  });

  it('treats % and _ in filters as literal characters', async () => {
    expect(await listAllIds('residence=%25')).toEqual([idOf('percent')]);
    expect(await listAllIds('residence=100%25')).toEqual([idOf('percent')]);
    // As a wildcard, _ would also match 'LisbonXHQ'.
    expect(await listAllIds('residence=n_h')).toEqual([idOf('underscore')]);
    expect(await listAllIds('work_types=%25')).toEqual([]);
  });

  it('filters work_types by case-insensitive contains', async () => {
    expect(await listAllIds('work_types=PART-TIME')).toEqual([idOf('partTime')]);
    expect(await listAllIds('work_types=contract&residence=remote')).toEqual([idOf('partTime')]);
  });

  it("answers another company's host with that company's vacancies only", async () => {
    const { status, body } = await list('', { host: OTHER_HOST });
    expect(status).toBe(200);
    expect(body.data.map((item) => item.id)).toEqual([idOf('other')]);
    expect(body.meta.total).toBe(1);
  });

  it('builds absolute public URLs on the request host', async () => {
    const { body } = await list('?per_page=1', { host: 'jobs.acme.example:8080' });
    const item = body.data[0];
    expect(item?.public_url).toBe(`http://jobs.acme.example:8080/careers/${idOf('newest')}`);
    expect(new URL(item?.public_url ?? '').host).toBe('jobs.acme.example:8080');
  });

  it('sends empty optional texts as null', async () => {
    const { body } = await list('?search=Generalist');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: idOf('empty'),
      is_hot: false,
      salary: null,
      residence: null,
      experience: null,
      work_types: null,
    });
  });
});

describe('GET /api/v1/public-vacancies/{id}', () => {
  it('answers {data} with the public fields', async () => {
    const { status, body } = await get<VacancyDetailsResponse>(`${LIST_URL}/${idOf('unsafe')}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toMatchObject({
      id: idOf('unsafe'),
      name: 'Frontend Engineer',
      public_url: `http://localhost:80/careers/${idOf('unsafe')}`,
      is_hot: false,
      salary: '$4,000 – $6,000',
      residence: 'Remote',
      experience: '3–5 years',
      work_types: 'Full-time, Remote',
      languages: [
        { language: 'English', level: 'C1' },
        { language: 'Polish', level: 'B1' },
      ],
    });
  });

  it('sanitises body sections and turns URLs into links', async () => {
    const { body } = await get<VacancyDetailsResponse>(`${LIST_URL}/${idOf('unsafe')}`);
    const description = body.data.description ?? '';
    expect(description).not.toMatch(/<script|alert\(1\)|onerror|javascript:|<img/i);
    expect(description).toContain('<a href="https://example.com/jobs" target="_blank"');
    expect(description).toContain('href="https://kadry.io"');
    expect(description).toContain('rel="noopener noreferrer nofollow"');
  });

  it('sends empty body sections and texts as null', async () => {
    const { body } = await get<VacancyDetailsResponse>(`${LIST_URL}/${idOf('empty')}`);
    expect(body.data).toMatchObject({
      salary: null,
      residence: null,
      experience: null,
      work_types: null,
      languages: [],
      description: null,
      demand: null,
      responsibility: null,
      addition: null,
      working_conditions: null,
    });
  });

  it.each([
    ['an unknown id', () => String(idOf('other') + 1000)],
    ['an unpublished vacancy', () => String(idOf('unpublished'))],
    ["another company's vacancy", () => String(idOf('other'))],
    ['a non-numeric id', () => 'abc'],
    ['id 0', () => '0'],
    ['an id past 32 bits', () => '99999999999'],
  ])('answers 404 {message} for %s', async (_label, id) => {
    const response = await t.app.inject({ method: 'GET', url: `${LIST_URL}/${id()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: en['errors.vacancy_not_found'] });
  });

  it('translates the 404 message with ?lang=uk and with Accept-Language: uk', async () => {
    const url = `${LIST_URL}/${idOf('unpublished')}`;
    expect(uk['errors.vacancy_not_found']).not.toBe(en['errors.vacancy_not_found']);
    const byQuery = await get<ErrorBody>(`${url}?lang=uk`);
    expect(byQuery.status).toBe(404);
    expect(byQuery.body).toEqual({ message: uk['errors.vacancy_not_found'] });
    const byHeader = await get<ErrorBody>(url, { 'accept-language': 'uk-UA,uk;q=0.9,en;q=0.5' });
    expect(byHeader.body).toEqual({ message: uk['errors.vacancy_not_found'] });
  });

  it("serves another company's vacancy on that company's host", async () => {
    const { status, body } = await get<VacancyDetailsResponse>(`${LIST_URL}/${idOf('other')}`, {
      host: OTHER_HOST,
    });
    expect(status).toBe(200);
    expect(body.data.public_url).toBe(`http://${OTHER_HOST}/careers/${idOf('other')}`);
  });
});

describe('GET /api/v1/public-vacancies/{id}/response', () => {
  function fieldNamed(fields: FormField[], name: string): FormField {
    const field = fields.find((f) => f.name === name);
    if (!field) throw new Error(`no field ${name}`);
    return field;
  }

  it("answers the default form's fields in position order", async () => {
    const { status, body } = await get<FormDefinitionResponse>(`${LIST_URL}/${idOf('newest')}/response`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['fields']);
    expect(body.fields.map((field) => field.name)).toEqual(DEMO_FORM_FIELDS.map((field) => field.name));
    expect(fieldNamed(body.fields, 'First name')).toEqual({
      name: 'First name',
      type: 'name',
      input_type: 'text',
      required: true,
      validation: { max: 100 },
      input_meta: null,
      value: null,
    });
    expect(fieldNamed(body.fields, 'CV').input_meta).toEqual({
      maxFiles: 1,
      formats: ['pdf', 'doc', 'docx', 'rtf', 'odt', 'txt'],
    });
  });

  it('fills dictionary options: experience, languages with levels as meta, currencies', async () => {
    const { body } = await get<FormDefinitionResponse>(`${LIST_URL}/${idOf('newest')}/response`);
    const experience = fieldNamed(body.fields, 'Experience').input_meta?.options ?? [];
    expect(experience.map((option) => option.name)).toEqual([
      'No experience',
      'Less than 1 year',
      '1–3 years',
      '3–5 years',
      'More than 5 years',
    ]);
    const languages = fieldNamed(body.fields, 'Languages').input_meta?.options ?? [];
    expect(languages.length).toBeGreaterThan(3);
    expect(languages[0]?.name).toBe('English');
    for (const language of languages) {
      expect(language.meta?.length).toBeGreaterThan(0);
      expect(language.meta?.[0]).toEqual({ id: expect.any(Number), name: 'A1 — Beginner' });
    }
    const currencies = fieldNamed(body.fields, 'Expected salary').input_meta?.options ?? [];
    expect(currencies.map((option) => option.name)).toContain('USD ($)');
    const heardFrom = fieldNamed(body.fields, 'How did you hear about us').input_meta?.options ?? [];
    expect(heardFrom[0]).toEqual({ id: 1, name: 'LinkedIn' });
  });

  it('names dictionary options in Russian with ?lang=ru', async () => {
    const { body } = await get<FormDefinitionResponse>(`${LIST_URL}/${idOf('newest')}/response?lang=ru`);
    const experience = fieldNamed(body.fields, 'Experience').input_meta?.options ?? [];
    expect(experience[0]?.name).toBe('Без опыта');
    const languages = fieldNamed(body.fields, 'Languages').input_meta?.options ?? [];
    expect(languages[0]?.name).toBe('Английский');
    expect(languages[0]?.meta?.[0]?.name).toBe('A1 — Начальный');
    const currencies = fieldNamed(body.fields, 'Expected salary').input_meta?.options ?? [];
    expect(currencies.map((option) => option.name)).toContain('USD ($)');
  });

  it("answers a vacancy's own form instead of the default one", async () => {
    const { body } = await get<FormDefinitionResponse>(`${LIST_URL}/${idOf('ownForm')}/response`);
    expect(body.fields.map((field) => field.name)).toEqual(['Portfolio link']);
  });

  it.each([
    ['an unknown vacancy', () => String(idOf('other') + 1000)],
    ['an unpublished vacancy', () => String(idOf('unpublished'))],
    ["another company's vacancy", () => String(idOf('other'))],
    ['a non-numeric id', () => 'abc'],
  ])('answers 404 {message} for %s', async (_label, id) => {
    const response = await t.app.inject({ method: 'GET', url: `${LIST_URL}/${id()}/response` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: en['errors.vacancy_not_found'] });
  });
});
