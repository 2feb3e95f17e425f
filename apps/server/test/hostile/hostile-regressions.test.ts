import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { getCatalog } from '@kadry/shared/i18n/translate';
import type { ErrorBody } from '@kadry/shared/schemas/error';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../src/db/schema/applications';
import { errorHandler, handleFrameworkError } from '../../src/plugins/error-handler';
import { createTestApp, multipart, type TestApp } from '../app';
import { seedCompany, seedForm, seedVacancy } from '../db';
import { expectErrorBody, injectWithDeadline } from './answer-checks';

// The bugs the hostile-input tests found, each pinned by the smallest request that showed it.

const en = getCatalog('en');

let t: TestApp;
let vacancyId: number;

async function submit(entries: [string, string | Blob, string?][], headers: Record<string, string> = {}) {
  const body = await multipart(entries);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/public-vacancies/${vacancyId}/response`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SUBMISSIONS: '1000', RATE_LIMIT_CV_PARSES: '1000' } });
  const company = await seedCompany(t.database.db);
  await seedForm(t.database.db, company.id, [
    { name: 'First name', type: 'name', inputType: 'text', required: true },
    { name: 'Cover letter', type: 'cover_letter', inputType: 'textarea', required: false },
  ]);
  vacancyId = (await seedVacancy(t.database.db, company.id, { residence: 'Remote', workTypes: 'Full-time' }))
    .id;
});
afterAll(async () => t?.close());

describe('NUL characters (PostgreSQL text cannot hold U+0000)', () => {
  it.each(['search=%00', 'residence=Re%00mote', 'work_types=Full%00-time'])(
    'a list filter %s matches nothing instead of failing the query',
    async (query) => {
      const response = await t.app.inject({ url: `/api/v1/public-vacancies?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ data: [], meta: { total: 0 } });
      const page = await t.app.inject({ url: `/careers?${query}` });
      expect(page.statusCode).toBe(200);
    },
  );

  it.each([
    ['a text answer', 'fields[0][input_value]', 'Ol\u0000ena', 'fields.0.input_value'],
    ['an optional textarea', 'fields[1][input_value]', 'line\u0000break', 'fields.1.input_value'],
    ['a field type', 'fields[1][type]', 'cover_letter\u0000', 'fields.1.input_value'],
  ])(
    '%s holding a NUL is refused as an invalid value (422), not a 500',
    async (_label, name, value, path) => {
      const entries: [string, string][] = [
        ['fields[0][type]', 'name'],
        ['fields[0][input_value]', 'Olena'],
        ['fields[1][type]', 'cover_letter'],
      ];
      const response = await submit([...entries.filter(([n]) => n !== name), [name, value]]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors?.[path]).toEqual([en['validation.invalid_value']]);
    },
  );

  it('a NUL in source (it comes from the careers link anyone can write) is dropped and the application kept', async () => {
    const response = await submit([
      ['source', 'link\u0000edin'],
      ['cache_id', '\u0000'],
      ['fields[0][type]', 'name'],
      ['fields[0][input_value]', 'Olena'],
      ['fields[1][type]', 'cover_letter'],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select({ source: applications.source, cvParseId: applications.cvParseId })
      .from(applications)
      .where(eq(applications.id, response.json().data.id));
    expect(row).toEqual({ source: 'linkedin', cvParseId: null });
  });
});

describe('a multipart body cut off after a file part the form did not ask for', () => {
  // When the whole body arrives at once, the parser has already failed that part before the route
  // reads it; the route used to wait for an 'end' event that had come and gone, forever.
  it.each([
    [
      'inside the file',
      '--xyz\r\nContent-Disposition: form-data; name="fields[0][type]"; filename="a.bin"\r\n\r\nabc',
    ],
    [
      'in the next part’s headers',
      '--xyz\r\nContent-Disposition: form-data; name="x"; filename="a.bin"\r\n\r\nabc\r\n--xyz\r\nContent-Disposition: form-data; name="',
    ],
    [
      'in the next part’s value',
      '--xyz\r\nContent-Disposition: form-data; name="x"; filename="a.bin"\r\n\r\nabc\r\n--xyz\r\nContent-Disposition: form-data; name="y"\r\n\r\nab',
    ],
  ])('(%s) is answered 400 at once and its idempotency key released', async (label, payload) => {
    const key = `cut-off-${label.replace(/\W+/g, '-')}`;
    const response = await injectWithDeadline(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/public-vacancies/${vacancyId}/response`,
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'idempotency-key': key },
      },
      label,
      5_000,
    );
    expect(response.statusCode).toBe(400);
    expectErrorBody(response.body, response.headers['content-type'] as string, label);
    const retry = await submit(
      [
        ['fields[0][type]', 'name'],
        ['fields[0][input_value]', 'Olena'],
        ['fields[1][type]', 'cover_letter'],
      ],
      { 'idempotency-key': key },
    );
    expect(retry.statusCode).toBe(201);
  });
});

describe('URLs Fastify rejects before any route (undecodable escapes, over-long parameters)', () => {
  const cases = [
    ['an undecodable escape', '/api/v1/public-vacancies/%zz', 400],
    ['invalid UTF-8', '/api/v1/public-vacancies/%C0%AF/response', 400],
    ['a 300-digit id', `/api/v1/public-vacancies/${'9'.repeat(300)}`, 404],
  ] as const;

  it.each(cases)('handleFrameworkError answers %s with {message}', async (label, url, status) => {
    const app = Fastify({ frameworkErrors: handleFrameworkError, routerOptions: { maxParamLength: 200 } });
    await app.register(errorHandler);
    app.get('/api/v1/public-vacancies/:id', async () => ({}));
    app.get('/api/v1/public-vacancies/:id/response', async () => ({}));
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(status);
    expectErrorBody(response.body, response.headers['content-type'] as string, label);
    // The path is not echoed back.
    expect(response.body).not.toContain(url.slice('/api/v1/public-vacancies/'.length));
    await app.close();
  });

  // Needs `frameworkErrors: handleFrameworkError` among the Fastify options in src/app.ts.
  it.each(cases)('the app answers %s with {message}', async (label, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expectErrorBody(response.body, response.headers['content-type'] as string, label);
  });
});

describe('a CV upload whose multipart body ends inside the file part', () => {
  // The pipeline into the temporary file could fail while the file was still being opened; it was
  // unlinked first and created after, empty, never swept: about 1 in 100 such requests. 500 tries
  // find the old race with a probability above 99 %.
  it('leaves no temporary file behind, however often it comes', async () => {
    const payload =
      '--a\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n' +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n\r\n';
    for (let i = 0; i < 500; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/public-vacancies/parse/cv',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=a' },
      });
      expect(response.statusCode).toBe(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await readdir(path.join(t.dataDir, 'tmp')).catch(() => [])).toEqual([]);
  });
});
