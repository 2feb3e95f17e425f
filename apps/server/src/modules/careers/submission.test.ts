import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FILE_MAX_BYTES } from '@kadry/shared/constants';
import { createTranslator, getCatalog } from '@kadry/shared/i18n/translate';
import type { FormField } from '@kadry/shared/schemas/form';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from '../../../test/app';
import { seedCompany, seedForm, seedVacancy } from '../../../test/db';
import { createTextFlood, MAXIMAL_TEXT_FLOOD, type TextFlood } from '../../../test/text-flood';
import { DEMO_FORM_FIELDS } from '../../db/demo/demo-form';
import { applicationFiles, applications, candidates } from '../../db/schema/applications';
import { companies } from '../../db/schema/companies';
import { cvParses } from '../../db/schema/cv-parses';
import { storedFiles } from '../../db/schema/files';
import { idempotencyKeys } from '../../db/schema/idempotency';
import { makePdf } from '../cv/fixtures/cv-fixtures';
import { measureSubmissionLimits } from './submission-limits';

const en = getCatalog('en');
const uk = getCatalog('uk');
type Entry = [string, string | Blob, string?];

/** A PDF of at least `size` bytes (padding after %%EOF keeps the magic bytes valid). */
function pdfOfSize(size: number): Blob {
  const pdf = makePdf(['Olena Petrenko', 'olena@example.com']);
  const bytes = new Uint8Array(Math.max(size, pdf.length));
  bytes.set(pdf);
  bytes.fill(0x20, pdf.length);
  return new Blob([bytes.subarray(0, size)], { type: 'application/pdf' });
}

function sha256(blob: Uint8Array): string {
  return createHash('sha256').update(blob).digest('hex');
}

let t: TestApp;
let vacancyId: number;
let unpublishedId: number;
let fields: FormField[];
const index = (type: string, inputType?: string) =>
  fields.findIndex((f) => f.type === type && (!inputType || f.input_type === inputType));

/** Every field's type (and value) plus a valid answer to each: the baseline tests alter one thing of. */
function completeEntries(): Entry[] {
  const entries: Entry[] = [
    ['source', 'linkedin'],
    ['cache_id', ''],
  ];
  fields.forEach((field, i) => {
    entries.push([`fields[${i}][type]`, field.type]);
    if (field.value !== null && field.value !== undefined)
      entries.push([`fields[${i}][value]`, String(field.value)]);
  });
  const language = fields[index('languages')]?.input_meta?.options?.[0];
  const answers: Entry[] = [
    [`fields[${index('name')}][input_value]`, 'Olena'],
    [`fields[${index('surname')}][input_value]`, 'Petrenko'],
    [`fields[${index('email')}][input_value]`, 'olena@example.com'],
    [`fields[${index('phone')}][input_value]`, '+380501234567'],
    [`fields[${index('link')}][input_value]`, 'https://olena.dev/portfolio'],
    [`fields[${index('cv')}][input_value]`, pdfOfSize(4096), 'olena-cv.pdf'],
    [`fields[${index('cover_letter')}][input_value]`, 'I would love to join.'],
    [`fields[${index('birthdate')}][input_value]`, '1990-05-17'],
    [`fields[${index('custom_property', 'date')}][input_value]`, '2030-01-01'],
    [`fields[${index('custom_property', 'number')}][input_value]`, '7'],
    [
      `fields[${index('experience')}][input_value]`,
      String(fields[index('experience')]?.input_meta?.options?.[2]?.id),
    ],
    [`fields[${index('custom_property', 'multiselect')}][input_value][0]`, '1'],
    [`fields[${index('custom_property', 'multiselect')}][input_value][1]`, '3'],
    [`fields[${index('relocate')}][input_value]`, 'true'],
    [`fields[${index('custom_property', 'checkbox_list')}][input_value][0]`, '2'],
    [`fields[${index('languages')}][input_value][0][language]`, String(language?.id)],
    [`fields[${index('languages')}][input_value][0][level]`, String(language?.meta?.[0]?.id)],
    [`fields[${index('salary')}][input_value][min]`, '3000'],
    [`fields[${index('salary')}][input_value][max]`, '4500'],
  ];
  return [...entries, ...answers];
}

/** The complete submission with the input_value entries of `name` replaced by `replacement`. */
function withAnswer(name: string, replacement: Entry[]): Entry[] {
  return [...completeEntries().filter(([n]) => !n.startsWith(`${name}[input_value]`)), ...replacement];
}

async function submit(entries: Entry[], opts: { id?: number; headers?: Record<string, string> } = {}) {
  const body = await multipart(entries);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/public-vacancies/${opts.id ?? vacancyId}/response`,
    payload: body.payload,
    headers: { ...body.headers, ...opts.headers },
  });
}

async function countRows() {
  const db = t.database.db;
  return {
    applications: await db.$count(applications),
    candidates: await db.$count(candidates),
    files: await db.$count(storedFiles),
    stored: await countStoredFiles(path.join(t.dataDir, 'files')),
  };
}

/** Files under the store's root, not counting its temporary directory. */
async function countStoredFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let count = 0;
  for (const entry of entries) {
    if (entry.isDirectory() && entry.name !== 'tmp')
      count += await countStoredFiles(path.join(dir, entry.name));
    else if (entry.isFile()) count += 1;
  }
  return count;
}

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SUBMISSIONS: '1000' },
    now: () => new Date('2026-11-21T12:00:00Z'),
  });
  const company = await seedCompany(t.database.db);
  await seedForm(t.database.db, company.id, DEMO_FORM_FIELDS);
  vacancyId = (await seedVacancy(t.database.db, company.id)).id;
  unpublishedId = (await seedVacancy(t.database.db, company.id, { isPublished: false })).id;
  const form = await t.app.inject({ url: `/api/v1/public-vacancies/${vacancyId}/response` });
  fields = form.json().fields;
});
afterAll(async () => t.close());

describe('POST /api/v1/public-vacancies/{id}/response', () => {
  let before: Awaited<ReturnType<typeof countRows>>;
  beforeEach(async () => {
    before = await countRows();
  });

  /** A rejected submission must leave no row and no file behind. */
  async function expectNothingWritten() {
    expect(await countRows()).toEqual(before);
  }

  it('stores a complete application with its answers and byte-identical files', async () => {
    const cv = pdfOfSize(5000);
    const portfolio = pdfOfSize(3000);
    const res = await submit(
      withAnswer(`fields[${index('cv')}]`, [
        [`fields[${index('cv')}][input_value]`, cv, '../../etc/passwd.pdf'],
      ]).concat([[`fields[${index('files')}][input_value][0]`, portfolio, 'portfolio.pdf']]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;

    const db = t.database.db;
    const [row] = await db.select().from(applications).where(eq(applications.id, id));
    expect(row?.source).toBe('linkedin');
    expect(row?.vacancyId).toBe(vacancyId);
    const answers = row?.answers ?? [];
    expect(answers[index('name')]?.value).toBe('Olena');
    expect(answers[index('relocate')]?.value).toBe(true);
    expect(answers[index('salary')]?.value).toEqual({ min: '3000', max: '4500', currency: '' });
    expect(answers[index('custom_property', 'multiselect')]?.value).toEqual(['1', '3']);
    const [candidate] = await db
      .select()
      .from(candidates)
      .where(eq(candidates.id, row?.candidateId ?? 0));
    expect(candidate).toMatchObject({
      name: 'Olena Petrenko',
      email: 'olena@example.com',
      phone: '+380501234567',
    });

    const files = await db
      .select()
      .from(applicationFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, applicationFiles.storedFileId))
      .where(eq(applicationFiles.applicationId, id));
    expect(files).toHaveLength(2);
    const cvRow = files.find((f) => f.application_files.fieldIndex === index('cv'))?.stored_files;
    // The name is metadata only, without directories; the storage key is random.
    expect(cvRow?.originalName).toBe('passwd.pdf');
    expect(cvRow?.storageKey).not.toContain('passwd');
    expect(cvRow?.detectedFormat).toBe('pdf');
    const cvBytes = new Uint8Array(await cv.arrayBuffer());
    expect(cvRow?.sha256).toBe(sha256(cvBytes));
    const stored: Buffer[] = [];
    for await (const chunk of await t.fileStore.get(cvRow?.storageKey ?? '')) stored.push(chunk as Buffer);
    expect(sha256(Buffer.concat(stored))).toBe(sha256(cvBytes));
  });

  it.each([
    [
      'a phone of 6 digits',
      'phone',
      '123456',
      en['career_page.application_form.error_length_min']?.replace('{min}', '7'),
    ],
    [
      'a phone of 16 digits',
      'phone',
      '1234567890123456',
      en['career_page.application_form.error_length']?.replace('{max}', '15'),
    ],
    ['a phone with letters', 'phone', '+38050abc4567', en['career_page.application_form.error_phone']],
    ['a malformed email', 'email', 'olena@', en['career_page.application_form.error_email']],
    ['a link without a scheme', 'link', 'olena.dev/portfolio', en['common.candidates.incorrect_url']],
    ['a date that does not exist', 'birthdate', '2023-02-29', en['validation.invalid_date2']],
    ['a birthdate after today', 'birthdate', '2026-11-22', undefined],
    ['a number with letters', 'custom_property:number', '12a', undefined],
    ['an unknown select option with too long raw text', 'experience', 'x'.repeat(256), undefined],
  ])('rejects %s with 422 and its message, writing nothing', async (_label, type, value, message) => {
    const [fieldType, inputType] = type.split(':') as [string, string | undefined];
    const i = index(fieldType, inputType);
    const res = await submit(withAnswer(`fields[${i}]`, [[`fields[${i}][input_value]`, value]]));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(typeof body.message).toBe('string');
    const errors = body.errors[`fields.${i}.input_value`];
    expect(errors).toHaveLength(1);
    if (message) expect(errors[0]).toBe(message);
    await expectNothingWritten();
  });

  it('accepts the boundaries: phones of 7 and 15 digits, 29 February of a leap year', async () => {
    const phone = index('phone');
    const birth = index('birthdate');
    for (const value of ['1234567', '+12345678901234']) {
      const res = await submit(
        withAnswer(`fields[${phone}]`, [[`fields[${phone}][input_value]`, value]])
          .filter(([n]) => !n.startsWith(`fields[${birth}][input_value]`))
          .concat([[`fields[${birth}][input_value]`, '2024-02-29']]),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('reports every missing required field and answers in the visitor language', async () => {
    const entries = completeEntries().filter(
      ([n]) =>
        !n.startsWith(`fields[${index('name')}][input_value]`) &&
        !n.startsWith(`fields[${index('cv')}][input_value]`),
    );
    const res = await submit(entries, { headers: { 'accept-language': 'uk' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [`fields.${index('name')}.input_value`]: [uk['public.fill_fields']],
      [`fields.${index('cv')}.input_value`]: [uk['public.fill_fields']],
    });
    await expectNothingWritten();
  });

  it('rejects a text longer than validation.max', async () => {
    const i = index('name');
    const ok = await submit(withAnswer(`fields[${i}]`, [[`fields[${i}][input_value]`, 'a'.repeat(100)]]));
    expect(ok.statusCode).toBe(201);
    before = await countRows();
    const res = await submit(withAnswer(`fields[${i}]`, [[`fields[${i}][input_value]`, 'a'.repeat(101)]]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[`fields.${i}.input_value`]).toEqual([
      en['career_page.application_form.error_length']?.replace('{max}', '100'),
    ]);
    await expectNothingWritten();
  });

  it('rejects a 1023-byte file and keeps nothing of it', async () => {
    const i = index('cv');
    const res = await submit(
      withAnswer(`fields[${i}]`, [[`fields[${i}][input_value]`, pdfOfSize(1023), 'cv.pdf']]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[`fields.${i}.input_value`]).toEqual([
      en['career_page.application_form.error_min_file_size']?.replace('{min}', '1'),
    ]);
    await expectNothingWritten();
  });

  it('rejects an .exe renamed .pdf, judging by its bytes', async () => {
    const i = index('cv');
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    const res = await submit(
      withAnswer(`fields[${i}]`, [[`fields[${i}][input_value]`, new Blob([exe]), 'cv.pdf']]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[`fields.${i}.input_value`]).toHaveLength(1);
    await expectNothingWritten();
  });

  it('answers 413 to a file of 50 MB + 1 byte and leaves nothing in storage', async () => {
    const i = index('cv');
    const res = await submit(
      withAnswer(`fields[${i}]`, [[`fields[${i}][input_value]`, pdfOfSize(FILE_MAX_BYTES + 1), 'big.pdf']]),
    );
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().message).toBe('string');
    await expectNothingWritten();
  });

  it('accepts a file of exactly 50 MB', async () => {
    const i = index('cv');
    const res = await submit(
      withAnswer(`fields[${i}]`, [[`fields[${i}][input_value]`, pdfOfSize(FILE_MAX_BYTES), 'big.pdf']]),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('rejects more files than maxFiles', async () => {
    const i = index('cv');
    const res = await submit(
      withAnswer(`fields[${i}]`, [
        [`fields[${i}][input_value][0]`, pdfOfSize(2000), 'a.pdf'],
        [`fields[${i}][input_value][1]`, pdfOfSize(2000), 'b.pdf'],
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([`fields.${i}.input_value`]);
    await expectNothingWritten();
  });

  it('rejects a field whose type does not match the form', async () => {
    const entries = completeEntries().map(
      ([n, v, f]): Entry => (n === `fields[${index('email')}][type]` ? [n, 'phone'] : [n, v, f]),
    );
    const res = await submit(entries);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(`fields.${index('email')}.input_value`);
    await expectNothingWritten();
  });

  it('answers 404 for an unknown, an unpublished and a malformed vacancy id', async () => {
    for (const id of ['999999', String(unpublishedId), 'abc', '-1']) {
      const body = await multipart(completeEntries());
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/public-vacancies/${id}/response`,
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: en['errors.vacancy_not_found'] });
    }
    await expectNothingWritten();
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public-vacancies/${vacancyId}/response`,
      payload: { fields: [] },
    });
    expect(res.statusCode).toBe(415);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers a malformed multipart body with a 4xx, never a 5xx', async () => {
    const bodies = [
      '--xyz\r\nContent-Disposition: form-data; name="source"\r\n\r\nabc', // never closed
      'garbage without any boundary',
      '--xyz\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--xyz--\r\n',
    ];
    // A body cut off in the middle of a file.
    const cv = fields.findIndex((f) => f.type === 'cv');
    bodies.push(
      `--xyz\r\nContent-Disposition: form-data; name="fields[${cv}][input_value]"; filename="cv.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n${'x'.repeat(200_000)}`,
    );
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/public-vacancies/${vacancyId}/response`,
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    await expectNothingWritten();
  });

  /** Sends a text flood; answers the response and how much of the body the server pulled. */
  async function sendFlood(flood: TextFlood) {
    const payload = flood.open();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public-vacancies/${vacancyId}/response`,
      payload,
      headers: { 'content-type': flood.contentType, 'content-length': String(flood.length) },
    });
    return { res, pulledBytes: payload.pulledBytes() };
  }

  it('refuses the anonymous memory amplification (1,999 text parts of 100 KB) with 413 at the first part too long for the form, reading almost none of it', async () => {
    const limits = measureSubmissionLimits(fields);
    const flood = createTextFlood(MAXIMAL_TEXT_FLOOD);
    const { res, pulledBytes } = await sendFlood(flood);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: createTranslator('en')('errors.body_too_large', { size: Math.floor(limits.textBytes / 1024) }),
    });
    // ~200 MB offered; the server stopped reading after the first part.
    expect(pulledBytes).toBeLessThan(512 * 1024);
    expect(flood.length).toBeGreaterThan(199_000_000);
    await expectNothingWritten();
  });

  it('refuses text parts just within the per-part limit once they pass the form’s text budget (413), reading little more than the budget', async () => {
    const limits = measureSubmissionLimits(fields);
    // The form (19 fields) needs ~190 KB of text at most; one value may be up to 32 KB (a captcha token).
    expect(limits.textBytes).toBeLessThan(256 * 1024);
    const flood = createTextFlood({ parts: 2_000, partBytes: limits.valueBytes - 32 });
    const { res, pulledBytes } = await sendFlood(flood);
    expect(res.statusCode).toBe(413);
    expect(pulledBytes).toBeLessThan(limits.textBytes + 256 * 1024);
    await expectNothingWritten();
  });

  it('refuses more text parts than the form can have (413, too many parts), however small', async () => {
    const limits = measureSubmissionLimits(fields);
    const flood = createTextFlood({ parts: limits.textParts + 1, partBytes: 1 });
    const { res } = await sendFlood(flood);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: en['errors.too_many_parts'] });
    await expectNothingWritten();
  });

  it('accepts the longest answers the form allows, typed in 4-byte characters (the budget is not too tight)', async () => {
    const longest = (i: number) => '😀'.repeat(fields[i]?.validation?.max ?? 0);
    const entries = completeEntries().map(([n, v, f]): Entry => {
      for (const type of ['name', 'surname', 'cover_letter']) {
        if (n === `fields[${index(type)}][input_value]`) return [n, longest(index(type))];
      }
      return [n, v, f];
    });
    const res = await submit([...entries, ['g_recaptcha_response', 'x'.repeat(4_000)]]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('creates one application for repeated requests with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'form-7f3c2a' };
    const first = await submit(completeEntries(), { headers });
    const second = await submit(completeEntries(), { headers });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const after = await countRows();
    expect(after.applications).toBe(before.applications + 1);
    expect(after.files).toBe(before.files + 1);
    expect(after.stored).toBe(before.stored + 1);
  });

  it('releases the key of a rejected attempt, so the corrected form can be sent with it', async () => {
    const headers = { 'idempotency-key': 'form-corrected' };
    const i = index('email');
    const bad = await submit(withAnswer(`fields[${i}]`, [[`fields[${i}][input_value]`, 'nope']]), {
      headers,
    });
    expect(bad.statusCode).toBe(422);
    const good = await submit(completeEntries(), { headers });
    expect(good.statusCode).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses an Idempotency-Key reused for another vacancy or malformed', async () => {
    const headers = { 'idempotency-key': 'form-other-vacancy' };
    expect((await submit(completeEntries(), { headers })).statusCode).toBe(201);
    const company = await t.database.db.select().from(companies).limit(1);
    const other = await seedVacancy(t.database.db, company[0]?.id ?? 0);
    before = await countRows();
    expect((await submit(completeEntries(), { headers, id: other.id })).statusCode).toBe(400);
    expect(
      (await submit(completeEntries(), { headers: { 'idempotency-key': 'spaces are not allowed' } }))
        .statusCode,
    ).toBe(400);
    await expectNothingWritten();
  });

  it('answers 409 while the same key is still being processed', async () => {
    const db = t.database.db;
    const [company] = await db.select().from(companies).limit(1);
    await db.insert(idempotencyKeys).values({
      companyId: company?.id ?? 0,
      key: 'in-flight',
      route: 'POST /api/v1/public-vacancies/:id/response',
      requestHash: `vacancy:${vacancyId}`,
      // Claimed 5 s before the clock: well inside the lease, so nobody may take it over yet.
      createdAt: new Date('2026-11-21T11:59:55Z'),
    });
    const res = await submit(completeEntries(), { headers: { 'idempotency-key': 'in-flight' } });
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBeDefined();
    await expectNothingWritten();
  });
});

describe('captcha and rate limits', () => {
  let c: TestApp;
  let id: number;
  let companyId: number;
  let formFields: FormField[];

  beforeAll(async () => {
    c = await createTestApp({ env: { RATE_LIMIT_SUBMISSIONS: '3' } });
    const company = await seedCompany(c.database.db, { captchaProvider: 'test' });
    companyId = company.id;
    await seedForm(c.database.db, company.id, [
      { name: 'First name', type: 'name', inputType: 'text', required: true },
    ]);
    id = (await seedVacancy(c.database.db, company.id)).id;
    formFields = (await c.app.inject({ url: `/api/v1/public-vacancies/${id}/response` })).json().fields;
  });
  afterAll(async () => c.close());

  async function send(token: string | null, ip = '10.0.0.1') {
    const entries: Entry[] = [
      ['fields[0][type]', formFields[0]?.type ?? 'name'],
      ['fields[0][input_value]', 'Ann'],
    ];
    if (token) entries.unshift(['g_recaptcha_response', token]);
    const body = await multipart(entries);
    return c.app.inject({
      method: 'POST',
      url: `/api/v1/public-vacancies/${id}/response`,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: ip,
    });
  }

  it('refuses missing, expired, wrong-action and replayed tokens, and keeps nothing', async () => {
    expect((await send('test:pass:one', '10.0.1.1')).statusCode).toBe(201);
    const tokens = [null, 'test:expired:a', 'test:pass:b:contact_us', 'test:pass:one', 'forged'];
    for (const [n, token] of tokens.entries()) {
      const res = await send(token, `10.0.2.${n}`);
      expect(res.statusCode, String(token)).toBe(422);
      expect(res.json().message).toBe(en['errors.captcha_failed']);
    }
    expect(await c.database.db.$count(applications, eq(applications.companyId, companyId))).toBe(1);
  });

  it('limits submissions per IP with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(`test:pass:rl-${i}`, '10.0.0.9')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const limited = await send('test:pass:rl-x', '10.0.0.9');
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toEqual({ message: en['errors.too_many_requests'] });
    // Another address is not affected.
    expect((await send('test:pass:rl-other', '10.0.0.10')).statusCode).toBe(201);
  });
});

describe('the test captcha provider in production', () => {
  it('is treated as misconfigured: submissions to a company that stores it are refused 503 with Retry-After, and nothing is kept', async () => {
    const p = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const company = await seedCompany(p.database.db, { captchaProvider: 'test' });
      await seedForm(p.database.db, company.id, [
        { name: 'First name', type: 'name', inputType: 'text', required: true },
      ]);
      const id = (await seedVacancy(p.database.db, company.id)).id;
      const body = await multipart([
        ['g_recaptcha_response', 'test:pass:anyone-can-write-this'],
        ['fields[0][type]', 'name'],
        ['fields[0][input_value]', 'Ann'],
      ]);
      const res = await p.app.inject({
        method: 'POST',
        url: `/api/v1/public-vacancies/${id}/response`,
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toEqual({ message: en['errors.service_unavailable'] });
      expect(await p.database.db.$count(applications)).toBe(0);
    } finally {
      await p.close();
    }
  });
});

describe('candidate name', () => {
  let c: TestApp;
  let id: number;
  let companyId: number;

  beforeAll(async () => {
    c = await createTestApp();
    const company = await seedCompany(c.database.db);
    companyId = company.id;
    await seedForm(c.database.db, company.id, [
      { name: 'Email', type: 'email', inputType: 'email', required: true },
    ]);
    id = (await seedVacancy(c.database.db, company.id)).id;
  });
  afterAll(async () => c.close());

  it('comes from the parsed CV when the form has no name fields', async () => {
    const [parse] = await c.database.db
      .insert(cvParses)
      .values({
        companyId,
        text: 'Grace Hopper',
        parsed: { name: 'Grace Hopper', email: null, phone: null, links: [] },
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning({ cacheId: cvParses.cacheId });
    const body = await multipart([
      ['cache_id', parse?.cacheId ?? ''],
      ['fields[0][type]', 'email'],
      ['fields[0][input_value]', 'grace@example.com'],
    ]);
    const res = await c.app.inject({
      method: 'POST',
      url: `/api/v1/public-vacancies/${id}/response`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await c.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, res.json().data.id));
    const [candidate] = await c.database.db
      .select()
      .from(candidates)
      .where(eq(candidates.id, row?.candidateId ?? 0));
    expect(candidate?.name).toBe('Grace Hopper');
    expect(row?.cvParseId).not.toBeNull();
  });
});
