import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CV_CACHE_TTL_MS, FILE_MAX_BYTES, FILE_MIN_BYTES } from '@kadry/shared/constants';
import { getCatalog } from '@kadry/shared/i18n/translate';
import type { ErrorBody } from '@kadry/shared/schemas/error';
import type { CvParseResponse } from '@kadry/shared/schemas/form';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from '../../../test/app';
import { seedCompany } from '../../../test/db';
import { createTextFlood, MAXIMAL_TEXT_FLOOD } from '../../../test/text-flood';
import { cvParses } from '../../db/schema/cv-parses';
import { makeDocx, makePdf } from './fixtures/cv-fixtures';

const URL_PATH = '/api/v1/public-vacancies/parse/cv';
const RATE_LIMIT = 2;
const en = getCatalog('en');

let t: TestApp;
let companyId: number;

// The rate limit counts per client IP. Every test but the rate-limit one comes from an address of its own,
// so one app (with a limit low enough to reach) serves the whole file.
let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** A plain-text CV padded with a harmless paragraph to exactly `size` bytes. */
function makeTxt(lines: string[], size: number): Buffer {
  const head = `${lines.join('\n')}\n\n`;
  const filler = 'Experienced with distributed systems and calm on call. '.repeat(Math.ceil(size / 50));
  const text = Buffer.from(head + filler, 'utf8').subarray(0, size);
  expect(text.length).toBe(size);
  return text;
}

async function postCv(
  entries: [string, string | Blob, string?][],
  opts: { ip?: string; headers?: Record<string, string> } = {},
) {
  const { payload, headers } = await multipart(entries);
  return t.app.inject({
    method: 'POST',
    url: URL_PATH,
    payload,
    headers: { ...headers, ...opts.headers },
    remoteAddress: opts.ip ?? nextIp(),
  });
}

function fileOf(bytes: Uint8Array, type: string): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

async function countParses(): Promise<number> {
  return t.database.db.$count(cvParses);
}

async function listTempFiles(): Promise<string[]> {
  return readdir(path.join(t.dataDir, 'tmp')).catch(() => []);
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_CV_PARSES: String(RATE_LIMIT) } });
  ({ id: companyId } = await seedCompany(t.database.db));
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/public-vacancies/parse/cv', () => {
  it.each([
    [
      'TXT',
      async () =>
        fileOf(makeTxt(['Jane Doe', 'jane.doe@example.com', '+1 415 555 0134'], 2048), 'text/plain'),
      'cv.txt',
      { name: 'Jane Doe', email: 'jane.doe@example.com', phone: '+14155550134' },
    ],
    [
      'PDF',
      async () =>
        fileOf(makePdf(['John Smith', 'john.smith@example.com', '+44 20 7946 0958']), 'application/pdf'),
      'cv.pdf',
      { name: 'John Smith', email: 'john.smith@example.com', phone: '+442079460958' },
    ],
    [
      'DOCX',
      async () =>
        fileOf(
          await makeDocx(
            ['Maria Garcia', 'maria.garcia@example.org', '+34 612 345 678', 'Senior accountant'],
            [{ label: 'GitHub', url: 'https://github.com/mgarcia' }],
          ),
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ),
      'cv.docx',
      { name: 'Maria Garcia', email: 'maria.garcia@example.org', phone: '+34612345678' },
    ],
  ])(
    'parses a %s CV into contacts kept for 24 hours under a cache id',
    async (_format, build, name, expected) => {
      const file = await build();
      expect(file.size).toBeGreaterThanOrEqual(FILE_MIN_BYTES);
      const before = Date.now();
      const response = await postCv([['cv', file, name]]);
      expect(response.statusCode).toBe(200);
      const body = response.json<CvParseResponse>();
      expect(Object.keys(body.data).sort()).toEqual(['cache_id', 'parsed']);
      expect(body.data.cache_id).toMatch(/^[\w-]{16,}$/);
      expect(body.data.parsed).toMatchObject(expected);
      expect(body.data.parsed.links).toEqual(expect.any(Array));

      const [row] = await t.database.db
        .select()
        .from(cvParses)
        .where(eq(cvParses.cacheId, body.data.cache_id));
      expect(row?.companyId).toBe(companyId);
      expect(row?.parsed).toEqual(body.data.parsed);
      const expiresAt = row?.expiresAt.getTime() ?? 0;
      expect(expiresAt).toBeGreaterThanOrEqual(before + CV_CACHE_TTL_MS - 1_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + CV_CACHE_TTL_MS + 1_000);
    },
  );

  it('keeps the links of a DOCX CV', async () => {
    const docx = await makeDocx(
      ['Maria Garcia', 'maria.garcia@example.org', 'Portfolio on the web'],
      [{ label: 'GitHub', url: 'https://github.com/mgarcia' }],
    );
    const response = await postCv([['cv', fileOf(docx, 'application/octet-stream'), 'cv.docx']]);
    expect(response.statusCode).toBe(200);
    expect(response.json<CvParseResponse>().data.parsed.links).toContain('https://github.com/mgarcia');
  });

  it('judges a file by its bytes, not its name: a text CV named cv.pdf is read as text', async () => {
    const txt = makeTxt(['Jane Doe', 'jane.doe@example.com'], 1500);
    const response = await postCv([['cv', fileOf(txt, 'application/pdf'), 'cv.pdf']]);
    expect(response.statusCode).toBe(200);
    expect(response.json<CvParseResponse>().data.parsed.email).toBe('jane.doe@example.com');
  });

  it('refuses an .exe renamed cv.pdf with 422 and the supported-formats message', async () => {
    const exe = Buffer.alloc(4096);
    exe.write('MZ', 0, 'latin1');
    exe.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
    const before = await countParses();
    const response = await postCv([['cv', fileOf(exe, 'application/pdf'), 'cv.pdf']]);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().message).toBe(en['candidate.cv.supported_formats']);
    expect(await countParses()).toBe(before);
  });

  it('accepts a 1024-byte file and refuses a 1023-byte one with 422', async () => {
    const lines = ['Jane Doe', 'jane.doe@example.com'];
    const smallest = await postCv([['cv', fileOf(makeTxt(lines, FILE_MIN_BYTES), 'text/plain'), 'cv.txt']]);
    expect(smallest.statusCode).toBe(200);

    const before = await countParses();
    const tooSmall = await postCv([
      ['cv', fileOf(makeTxt(lines, FILE_MIN_BYTES - 1), 'text/plain'), 'cv.txt'],
    ]);
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json<ErrorBody>().message).toBe(en['candidate.cv.supported_formats']);
    expect(await countParses()).toBe(before);
  });

  it.each([
    [
      'no file at all (only a text field)',
      (): [string, string | Blob, string?][] => [['source', 'linkedin']],
    ],
    ['a text value under cv', (): [string, string | Blob, string?][] => [['cv', 'not a file']]],
    [
      'the file under another field name',
      (): [string, string | Blob, string?][] => [
        ['resume', fileOf(makeTxt(['Jane Doe'], 2048), 'text/plain'), 'cv.txt'],
      ],
    ],
    ['an empty multipart body', (): [string, string | Blob, string?][] => []],
  ])('answers 422 {message, errors?} for %s', async (_label, entries) => {
    const response = await postCv(entries());
    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorBody>();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body).every((key) => key === 'message' || key === 'errors')).toBe(true);
  });

  it('answers 413 to a file of 50 MB + 1 byte and leaves no temporary file behind', async () => {
    const before = await countParses();
    const big = Buffer.alloc(FILE_MAX_BYTES + 1, 'a');
    const response = await postCv([['cv', fileOf(big, 'text/plain'), 'cv.txt']]);
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>()).toEqual({ message: en['errors.file_too_large'] });
    expect(await listTempFiles()).toEqual([]);
    expect(await countParses()).toBe(before);
  });

  it('accepts a file of exactly 50 MB as far as size goes', async () => {
    // Not a CV format (binary zeros): it must fail on format (422), not on size (413).
    const response = await postCv([['cv', fileOf(Buffer.alloc(FILE_MAX_BYTES), 'text/plain'), 'cv.txt']]);
    expect(response.statusCode).toBe(422);
    expect(await listTempFiles()).toEqual([]);
  });

  it.each([
    [
      '1,999 text parts of 100 KB (anonymous memory amplification)',
      MAXIMAL_TEXT_FLOOD,
      'errors.body_too_large',
    ],
    ['2,000 text parts of 1 KB', { parts: 2_000, partBytes: 1_000 }, 'errors.too_many_parts'],
  ])('refuses %s with 413 before the file, reading almost none of the body', async (_label, shape, key) => {
    const flood = createTextFlood(shape);
    const payload = flood.open();
    const response = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      payload,
      headers: { 'content-type': flood.contentType, 'content-length': String(flood.length) },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().message).toBe(en[key]?.replace('{size}', '4'));
    expect(payload.pulledBytes()).toBeLessThan(512 * 1024);
    expect(await listTempFiles()).toEqual([]);
  });

  it.each([
    ['application/json', '{"cv":"x"}'],
    ['text/plain', 'Jane Doe jane@example.com'],
    ['application/x-www-form-urlencoded', 'cv=x'],
  ])('answers 415 {message} to a %s body', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(415);
    expect(Object.keys(response.json<ErrorBody>())).toEqual(['message']);
  });

  it.each([
    ['garbage after a declared boundary', 'this is not multipart at all\r\n'],
    [
      'a part that never ends',
      '--XyZ\r\nContent-Disposition: form-data; name="cv"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\nJane',
    ],
    ['a part without headers', '--XyZ\r\n\r\n\r\n--XyZ--\r\n'],
  ])('answers a malformed multipart body (%s) with 4xx, not 5xx', async (_label, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      payload,
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<ErrorBody>().message).toEqual(expect.any(String));
    expect(await listTempFiles()).toEqual([]);
  });

  it(`answers the ${RATE_LIMIT + 1}th request a minute from one address with 429, Retry-After and {message}`, async () => {
    const ip = '192.0.2.10';
    const cv = fileOf(makeTxt(['Jane Doe', 'jane.doe@example.com'], 2048), 'text/plain');
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      expect((await postCv([['cv', cv, 'cv.txt']], { ip })).statusCode).toBe(200);
    }
    const limited = await postCv([['cv', cv, 'cv.txt']], { ip });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json<ErrorBody>()).toEqual({ message: en['errors.too_many_requests'] });
    // Another address is not limited by the first one's requests.
    expect((await postCv([['cv', cv, 'cv.txt']])).statusCode).toBe(200);
  });
});
