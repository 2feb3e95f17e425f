import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  cvParseResponseSchema,
  type FormField,
  formDefinitionResponseSchema,
  responseCreatedSchema,
} from '@kadry/shared/schemas/form';
import { vacancyDetailsResponseSchema, vacancyListResponseSchema } from '@kadry/shared/schemas/vacancy';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FORM_FIELDS } from '../../src/db/demo/demo-form';
import { storedFiles } from '../../src/db/schema/files';
import { makeDoc, makeDocx, makeOdt, makePdf } from '../../src/modules/cv/fixtures/cv-fixtures';
import { createTestApp, type TestApp } from '../app';
import { seedCompany, seedForm, seedVacancy } from '../db';
import { expectApiAnswer, injectWithDeadline } from './answer-checks';
import {
  createCvUploadArb,
  createFieldAnswerArb,
  createSubmissionBodyArb,
  type FormPart,
  frameWellFormed,
  pathIdArb,
  publicHeadersArb,
  queryStringArb,
} from './hostile-arbitraries';

// Generated and mutated requests against every public endpoint through app.inject: over 10,000 in all.
// One fixed seed, so a failure reproduces, and fast-check shrinks it to a small counterexample. About
// 40 s on an idle 2-core machine, most of it the submissions (each one streams its files to storage).

const SEED = 20_260_601;
const LIST_URL = '/api/v1/public-vacancies';
const CV_URL = '/api/v1/public-vacancies/parse/cv';
const RUNS = { list: 3_000, details: 2_500, submit: 2_000, cv: 2_000, pages: 400, oneField: 250 };
const MIN_TOTAL_REQUESTS = 10_000;

let t: TestApp;
let vacancyId: number;
let unpublishedId: number;
let fields: FormField[];
let baseParts: FormPart[];
let validPdf: Uint8Array;
let cvFixtures: Uint8Array[];

const sent = { list: 0, details: 0, form: 0, submit: 0, cv: 0, pages: 0, oneField: 0 };
const processFailures: unknown[] = [];
const recordProcessFailure = (error: unknown) => processFailures.push(error);

async function send(kind: keyof typeof sent, options: InjectOptions) {
  sent[kind] += 1;
  return injectWithDeadline(t.app, options, `${options.method ?? 'GET'} ${options.url}`);
}

/** A PDF padded past the 1 KiB minimum, the CV the demo form accepts. */
function makeCvPdf(): Uint8Array {
  const pdf = makePdf(['Olena Petrenko', 'olena@example.com']);
  return Buffer.concat([pdf, Buffer.alloc(Math.max(0, 2_048 - pdf.length), 0x20)]);
}

/** Every field of the demo form answered validly, as the browser encodes it. */
function buildValidParts(): FormPart[] {
  const index = (type: string, inputType?: string) =>
    fields.findIndex((f) => f.type === type && (!inputType || f.input_type === inputType));
  const parts: FormPart[] = [
    { name: 'source', value: 'fuzz' },
    { name: 'cache_id', value: '' },
  ];
  fields.forEach((field, i) => {
    parts.push({ name: `fields[${i}][type]`, value: field.type });
    if (field.value !== null && field.value !== undefined)
      parts.push({ name: `fields[${i}][value]`, value: String(field.value) });
  });
  const language = fields[index('languages')]?.input_meta?.options?.[0];
  const answer = (i: number, suffix: string, value: string): FormPart => ({
    name: `fields[${i}][input_value]${suffix}`,
    value,
  });
  parts.push(
    answer(index('name'), '', 'Olena'),
    answer(index('surname'), '', 'Petrenko'),
    answer(index('email'), '', 'olena@example.com'),
    answer(index('phone'), '', '+380501234567'),
    answer(index('link'), '', 'https://olena.dev/portfolio'),
    {
      name: `fields[${index('cv')}][input_value]`,
      value: validPdf,
      file: { fileName: 'olena-cv.pdf', contentType: 'application/pdf' },
    },
    answer(index('cover_letter'), '', 'I would love to join.'),
    answer(index('birthdate'), '', '1990-05-17'),
    answer(index('custom_property', 'date'), '', '2030-01-01'),
    answer(index('custom_property', 'number'), '', '7'),
    answer(index('experience'), '', String(fields[index('experience')]?.input_meta?.options?.[2]?.id)),
    answer(index('custom_property', 'multiselect'), '[0]', '1'),
    answer(index('relocate'), '', 'true'),
    answer(index('custom_property', 'checkbox_list'), '[0]', '2'),
    answer(index('languages'), '[0][language]', String(language?.id)),
    answer(index('languages'), '[0][level]', String(language?.meta?.[0]?.id)),
    answer(index('salary'), '[min]', '3000'),
    answer(index('salary'), '[max]', '4500'),
  );
  return parts;
}

function submissionUrl(id: number | string): string {
  return `/api/v1/public-vacancies/${id}/response`;
}

function labelOf(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
}

beforeAll(async () => {
  process.on('uncaughtException', recordProcessFailure);
  process.on('unhandledRejection', recordProcessFailure);
  t = await createTestApp({
    // The limits have their own test (captcha-abuse.test.ts); here every request must reach the route.
    env: { RATE_LIMIT_SUBMISSIONS: '1000000', RATE_LIMIT_CV_PARSES: '1000000', CV_PARSE_TIMEOUT_MS: '5000' },
    now: () => new Date('2026-11-21T12:00:00Z'),
  });
  const db = t.database.db;
  const company = await seedCompany(db);
  await seedForm(db, company.id, DEMO_FORM_FIELDS);
  vacancyId = (
    await seedVacancy(db, company.id, {
      demand: '<ul><li>See https://example.com/jobs</li></ul><script>alert(1)</script>',
    })
  ).id;
  unpublishedId = (await seedVacancy(db, company.id, { isPublished: false })).id;
  fields = (await t.app.inject({ url: submissionUrl(vacancyId) })).json().fields;
  validPdf = makeCvPdf();
  baseParts = buildValidParts();
  cvFixtures = [
    validPdf,
    await makeDocx(['Maria Garcia', 'maria@example.org', '+34 612 345 678']),
    await makeOdt('<text:p>Jane Doe jane@example.com</text:p>'),
    makeDoc('John Smith john@example.com +44 20 7946 0958'),
    Buffer.from(`{\\rtf1\\ansi Jane Doe jane@example.com\\par ${'x '.repeat(600)}}`, 'latin1'),
    Buffer.from(`Jane Doe\njane@example.com\n${'Calm on call. '.repeat(100)}`, 'utf8'),
  ];
});

afterAll(async () => {
  process.off('uncaughtException', recordProcessFailure);
  process.off('unhandledRejection', recordProcessFailure);
  await t?.close();
});

describe('hostile requests to the public API', () => {
  it('a valid submission is accepted, so the mutations below start from something that works', async () => {
    const body = frameWellFormed(baseParts);
    const response = await t.app.inject({
      method: 'POST',
      url: submissionUrl(vacancyId),
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('GET list: random query strings (huge, encoded, deep brackets, repeated keys) never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(queryStringArb, publicHeadersArb, async (query, headers) => {
        const url = `${LIST_URL}?${query}`;
        const response = await send('list', { method: 'GET', url, headers });
        expectApiAnswer(
          response,
          labelOf(`GET ${url} ${JSON.stringify(headers)}`),
          vacancyListResponseSchema,
        );
      }),
      { seed: SEED, numRuns: RUNS.list },
    );
  }, 120_000);

  it('GET details and form definition: random ids, queries and methods never get a 5xx', async () => {
    const method = fc.oneof(
      { arbitrary: fc.constant('GET' as const), weight: 12 },
      { arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS' as const), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(
        pathIdArb([vacancyId, unpublishedId]),
        fc.boolean(),
        fc.option(queryStringArb, { nil: undefined, freq: 3 }),
        publicHeadersArb,
        method,
        async (id, isForm, query, headers, verb) => {
          const url = `${LIST_URL}/${id}${isForm ? '/response' : ''}${query === undefined ? '' : `?${query}`}`;
          const response = await send(isForm ? 'form' : 'details', { method: verb, url, headers });
          expectApiAnswer(
            response,
            labelOf(`${verb} ${url}`),
            isForm ? formDefinitionResponseSchema : vacancyDetailsResponseSchema,
          );
        },
      ),
      { seed: SEED, numRuns: RUNS.details },
    );
  }, 120_000);

  it('POST response: mutated and broken multipart bodies never get a 5xx', async () => {
    const target = fc.oneof(
      { arbitrary: fc.constant(String(vacancyId)), weight: 18 },
      { arbitrary: fc.constant(String(unpublishedId)), weight: 1 },
      { arbitrary: pathIdArb([vacancyId]), weight: 1 },
    );
    const bodies = createSubmissionBodyArb({ baseParts, fieldCount: fields.length, validFiles: [validPdf] });
    await fc.assert(
      fc.asyncProperty(bodies, target, publicHeadersArb, async (body, id, headers) => {
        const url = submissionUrl(id);
        const response = await send('submit', {
          method: 'POST',
          url,
          payload: body.payload,
          headers: { ...headers, ...body.headers },
        });
        expectApiAnswer(
          response,
          labelOf(`POST ${url} ${JSON.stringify(body.headers)} ${body.payload.toString('latin1')}`),
          responseCreatedSchema,
        );
      }),
      { seed: SEED, numRuns: RUNS.submit },
    );
  }, 180_000);

  it('POST parse/cv: damaged documents, random bytes behind magic numbers and broken framing never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(createCvUploadArb(cvFixtures), async (body) => {
        const response = await send('cv', {
          method: 'POST',
          url: CV_URL,
          payload: body.payload,
          headers: body.headers,
        });
        expectApiAnswer(
          response,
          labelOf(`POST ${CV_URL} ${JSON.stringify(body.headers)} ${body.payload.toString('latin1')}`),
          cvParseResponseSchema,
        );
        // Accepted or refused, the upload's temporary file is gone by the time the answer leaves.
        expect(await readdir(path.join(t.dataDir, 'tmp')).catch(() => [])).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS.cv },
    );
  }, 180_000);

  it('careers pages, sitemap and robots: random ids, queries and headers never get a 5xx', async () => {
    const path = fc.oneof(
      fc.constantFrom('/', '/careers', '/sitemap.xml', '/robots.txt'),
      pathIdArb([vacancyId, unpublishedId]).map((id) => `/careers/${id}`),
    );
    await fc.assert(
      fc.asyncProperty(
        path,
        fc.option(queryStringArb, { nil: undefined, freq: 2 }),
        publicHeadersArb,
        async (p, query, headers) => {
          const url = `${p}${query === undefined ? '' : `?${query}`}`;
          const response = await send('pages', { method: 'GET', url, headers });
          expect(response.statusCode, labelOf(`GET ${url} ${JSON.stringify(headers)}`)).toBeLessThan(500);
        },
      ),
      { seed: SEED, numRuns: RUNS.pages },
    );
  }, 120_000);

  it('a valid submission with any one field replaced by anything answers 201 or 4xx, never 5xx', async () => {
    const mutated = fc
      .nat(fields.length - 1)
      .chain((index) => fc.tuple(fc.constant(index), createFieldAnswerArb(index, [validPdf])));
    await fc.assert(
      fc.asyncProperty(mutated, async ([index, replacement]) => {
        const prefix = `fields[${index}][input_value]`;
        const parts = [...baseParts.filter((part) => !part.name.startsWith(prefix)), ...replacement];
        const body = frameWellFormed(parts);
        const response = await send('oneField', {
          method: 'POST',
          url: submissionUrl(vacancyId),
          payload: body.payload,
          headers: body.headers,
        });
        const label = labelOf(
          `field ${index} (${fields[index]?.input_type}): ${JSON.stringify(replacement)}`,
        );
        expect([201, 400, 404, 408, 409, 413, 415, 422], label).toContain(response.statusCode);
        expectApiAnswer(response, label, responseCreatedSchema);
      }),
      { seed: SEED, numRuns: RUNS.oneField },
    );
  }, 120_000);

  it(`sent at least ${MIN_TOTAL_REQUESTS.toLocaleString('en')} requests, and the process is still up and serving`, async () => {
    const total = Object.values(sent).reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThanOrEqual(MIN_TOTAL_REQUESTS);
    expect(processFailures).toEqual([]);
    // Path traversal in file names went nowhere: files live only under their random keys, and the
    // names kept as metadata carry no directories and no control characters.
    const onDisk = await readdir(t.dataDir, { recursive: true, withFileTypes: true });
    const misplaced = onDisk
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(t.dataDir, path.join(entry.parentPath, entry.name)))
      .filter((file) => !/^files\/[0-9a-f]{2}\/[0-9a-f]{2}\/[\w-]+$/.test(file));
    expect(misplaced).toEqual([]);
    const names = await t.database.db.select({ name: storedFiles.originalName }).from(storedFiles);
    expect(names.length).toBeGreaterThan(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
    expect(names.filter(({ name }) => /[/\\\u0000-\u001f]|^\.\.?$/.test(name))).toEqual([]);
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: LIST_URL })).statusCode).toBe(200);
    const body = frameWellFormed(baseParts);
    const response = await t.app.inject({
      method: 'POST',
      url: submissionUrl(vacancyId),
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode).toBe(201);
  });
});
