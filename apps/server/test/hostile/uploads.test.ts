import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FILE_MAX_BYTES } from '@kadry/shared/constants';
import type { FormField } from '@kadry/shared/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, makeZipBombDocx } from '../../src/modules/cv/fixtures/cv-fixtures';
import { expectErrorBody } from './answer-checks';
import { buildRawMultipart, createRawPart, type RawPart } from './raw-multipart';
import { type ServerProcess, sampleRssPeak, startServerProcess } from './server-process';
import { sendStreamedUpload, type UploadResult } from './streamed-upload';

// Uploads against the real server process over real sockets: memory while big files stream in, the
// size limit, a zip bomb, and a client that trickles. About 35 s with the server's start, 20 s of it
// the grace period the slow-upload cut-off allows before it judges the rate.

const MB = 1024 * 1024;
const BOUNDARY = '----KadryUploadBoundary5f2c9a';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
/** The server's minimum upload rate (its default) and the rate the slow client keeps to. */
const MIN_BYTES_PER_SEC = 4_096;
const TRICKLE_BYTES_PER_SEC = 1_024;
/** The cut-off comes after the 20 s grace period, at the next 2 s check. */
const TRICKLE_CUT_OFF_MAX_MS = 25_000;

let server: ServerProcess;
let vacancyId: number;
let fields: FormField[];
const pdfHead = makePdf(['Olena Petrenko', 'olena@example.com']);

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${url}`);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

/** The text parts of a valid application to the demo form, then the CV part's headers. */
function buildSubmissionParts(): { before: Buffer; after: Buffer } {
  const parts: RawPart[] = [];
  fields.forEach((field, i) => {
    parts.push(createRawPart(`fields[${i}][type]`, field.type));
    if (field.value !== null && field.value !== undefined)
      parts.push(createRawPart(`fields[${i}][value]`, String(field.value)));
    if (field.type === 'name') parts.push(createRawPart(`fields[${i}][input_value]`, 'Olena'));
    if (field.input_type === 'email')
      parts.push(createRawPart(`fields[${i}][input_value]`, 'olena@example.com'));
  });
  const cv = fields.findIndex((field) => field.type === 'cv');
  expect(cv, 'the demo form has a CV field').toBeGreaterThanOrEqual(0);
  return splitAroundFile(parts, `fields[${cv}][input_value]`, 'olena-cv.pdf');
}

/**
 * The multipart bytes before and after a file part's content. The file part goes last, so the text
 * parts are read before the file streams.
 */
function splitAroundFile(
  parts: RawPart[],
  fileField: string,
  fileName: string,
): { before: Buffer; after: Buffer } {
  const marker = '\u0000FILE\u0000';
  const body = buildRawMultipart(
    [...parts, createRawPart(fileField, marker, { fileName, contentType: 'application/pdf' })],
    { boundary: BOUNDARY },
  );
  const at = body.indexOf(marker, 0, 'utf8');
  return { before: body.subarray(0, at), after: body.subarray(at + Buffer.byteLength(marker)) };
}

function uploadSubmission(fileSize: number, opts: { bytesPerSecond?: number; chunkSize?: number } = {}) {
  const { before, after } = buildSubmissionParts();
  return sendStreamedUpload({
    url: `${server.baseUrl}/api/v1/public-vacancies/${vacancyId}/response`,
    before,
    after,
    fileHead: pdfHead,
    fileSize,
    contentType: CONTENT_TYPE,
    ...opts,
  });
}

function uploadCv(
  fileHead: Buffer,
  fileSize: number,
  opts: { bytesPerSecond?: number; chunkSize?: number } = {},
) {
  const { before, after } = splitAroundFile([], 'cv', 'cv.docx');
  return sendStreamedUpload({
    url: `${server.baseUrl}/api/v1/public-vacancies/parse/cv`,
    before,
    after,
    fileHead,
    fileSize,
    contentType: CONTENT_TYPE,
    ...opts,
  });
}

/** The sha256 of what uploadSubmission sends as the file: the PDF, then spaces up to `size`. */
function hashFileContent(size: number): string {
  const hash = createHash('sha256').update(pdfHead);
  const spaces = Buffer.alloc(MB, 0x20);
  for (let left = size - pdfHead.length; left > 0; left -= spaces.length)
    hash.update(spaces.subarray(0, Math.min(left, spaces.length)));
  return hash.digest('hex');
}

/** Stored files (outside the store's temporary directory) and every temporary file, by path. */
async function listStorage(): Promise<{ stored: string[]; temporary: string[] }> {
  const files = path.join(server.dataDir, 'files');
  const storeEntries = await readdir(files, { recursive: true, withFileTypes: true }).catch(() => []);
  const all = storeEntries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(files, path.join(entry.parentPath, entry.name)));
  const cvTemp = await readdir(path.join(server.dataDir, 'tmp')).catch(() => []);
  return {
    stored: all.filter((file) => !file.startsWith(`tmp${path.sep}`)),
    temporary: [
      ...all.filter((file) => file.startsWith(`tmp${path.sep}`)),
      ...cvTemp.map((name) => `tmp/${name}`),
    ],
  };
}

async function countApplications(): Promise<number> {
  return (await getJson<{ data: unknown[] }>('/api/test/applications')).data.length;
}

function expectAnswer(result: UploadResult, status: number, label: string): void {
  expect(result.status, `${label}: ${result.error ?? result.body.slice(0, 300)}`).toBe(status);
  if (status >= 400) expectErrorBody(result.body, result.headers['content-type'], label);
}

beforeAll(async () => {
  server = await startServerProcess({ UPLOAD_MIN_BYTES_PER_SEC: String(MIN_BYTES_PER_SEC) });
  const list = await getJson<{ data: { id: number }[] }>('/api/v1/public-vacancies');
  vacancyId = list.data[0]?.id ?? 0;
  fields = (await getJson<{ fields: FormField[] }>(`/api/v1/public-vacancies/${vacancyId}/response`)).fields;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('uploads to a running server', () => {
  it('5 concurrent 50 MB uploads raise its RSS by under 100 MB, and every file is stored byte for byte', async () => {
    // Warm up every code path of a submission first, so the baseline is the server at work, not cold.
    expectAnswer(await uploadSubmission(64 * 1024), 201, 'warm-up');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = await server.readRssBytes();
    const sampler = sampleRssPeak(server.pid);
    const results = await Promise.all(Array.from({ length: 5 }, () => uploadSubmission(FILE_MAX_BYTES)));
    const peak = await sampler.stop();
    results.forEach((result, i) => {
      expectAnswer(result, 201, `upload ${i}`);
    });
    const growthMb = (peak - baseline) / MB;
    expect(growthMb, `RSS ${Math.round(baseline / MB)} MB → peak ${Math.round(peak / MB)} MB`).toBeLessThan(
      100,
    );

    const expectedSha256 = hashFileContent(FILE_MAX_BYTES);
    for (const result of results) {
      const { data } = JSON.parse(result.body) as { data: { id: number } };
      const stored = await getJson<{ data: { files: { size: number; storedSha256: string }[] } }>(
        `/api/test/applications/${data.id}`,
      );
      expect(stored.data.files).toEqual([
        expect.objectContaining({ size: FILE_MAX_BYTES, storedSha256: expectedSha256 }),
      ]);
    }
  }, 180_000);

  it('a 50 MB + 1 byte file gets 413 and leaves nothing in storage, in an application or as a CV to parse', async () => {
    const before = await listStorage();
    const applicationsBefore = await countApplications();
    expectAnswer(await uploadSubmission(FILE_MAX_BYTES + 1), 413, 'application');
    expectAnswer(await uploadCv(Buffer.from('Jane Doe jane@example.com\n'), FILE_MAX_BYTES + 1), 413, 'CV');
    const after = await listStorage();
    expect(after.stored).toEqual(before.stored);
    expect(after.temporary).toEqual([]);
    expect(await countApplications()).toBe(applicationsBefore);
  }, 120_000);

  it.each([
    ['a 1 GiB zip bomb that states its size', makeZipBombDocx(1024 * MB, false)],
    ['a 4 GiB zip bomb that lies about its size', makeZipBombDocx(4096 * MB, true)],
  ])(
    'parse/cv refuses %s with 422 without exhausting memory',
    async (_label, bomb) => {
      const baseline = await server.readRssBytes();
      const sampler = sampleRssPeak(server.pid);
      const result = await uploadCv(bomb, bomb.length);
      const peak = await sampler.stop();
      expectAnswer(result, 422, 'zip bomb');
      // The archive is inflated in a worker thread, streaming and counting, never whole.
      expect(
        (peak - baseline) / MB,
        `RSS ${Math.round(baseline / MB)} MB → peak ${Math.round(peak / MB)} MB`,
      ).toBeLessThan(200);
      expect((await listStorage()).temporary).toEqual([]);
      expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    },
    60_000,
  );

  it(`uploads trickling in at ${TRICKLE_BYTES_PER_SEC} B/s are cut off (408) within ${TRICKLE_CUT_OFF_MAX_MS / 1000} s and leave no temporary file`, async () => {
    const before = await listStorage();
    const applicationsBefore = await countApplications();
    const slow = { bytesPerSecond: TRICKLE_BYTES_PER_SEC, chunkSize: 1_024 };
    // Both endpoints at once: the application (file into storage) and the CV parse (temporary file).
    const [application, cv] = await Promise.all([
      uploadSubmission(FILE_MAX_BYTES, slow),
      uploadCv(Buffer.from('Jane Doe jane@example.com\n'), FILE_MAX_BYTES, slow),
    ]);
    for (const [label, result] of [
      ['application', application],
      ['CV', cv],
    ] as const) {
      // Cut off means a 408 answer, or at least a closed connection, well before the file is sent.
      if (result.status === null) expect(result.error, label).toMatch(/closed|ECONNRESET|EPIPE/);
      else expectAnswer(result, 408, label);
      expect(result.elapsedMs, label).toBeLessThan(TRICKLE_CUT_OFF_MAX_MS);
      expect(result.fileBytesSent, label).toBeLessThan(40 * 1_024);
    }
    // The server may answer (or cut the connection) a moment before it has removed what it received.
    await expect.poll(async () => (await listStorage()).temporary, { timeout: 3_000 }).toEqual([]);
    expect((await listStorage()).stored).toEqual(before.stored);
    expect(await countApplications()).toBe(applicationsBefore);
  }, 60_000);
});
