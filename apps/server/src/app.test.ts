import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCatalog } from '@kadry/shared/i18n/translate';
import { type ErrorBody, errorBodySchema } from '@kadry/shared/schemas/error';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREERS_SERVER_ENTRY } from '../test/careers-build';
import { createTestDatabase, seedCompany, seedVacancy } from '../test/db';
import { buildApp } from './app';
import { parseEnv } from './config/env';
import type { DatabaseHandle } from './db/client';
import { type CvParserPool, createCvParserPool } from './modules/cv/cv-parser-pool';
import { createLocalDirStore } from './storage/local-dir';

// Built with buildApp directly rather than the test harness: these tests add routes that throw (which must
// happen before ready()) and read the structured log.

const en = getCatalog('en');
const SECRET = 'postgres://kadry:hunter2@db.internal:5432/kadry';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let app: FastifyInstance;
let database: DatabaseHandle;
let cvParser: CvParserPool;
let dataDir: string;
let vacancyId: number;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-app-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  database = await createTestDatabase();
  cvParser = createCvParserPool({ workers: 1 });
  app = await buildApp({
    env,
    database,
    fileStore: createLocalDirStore(path.join(dataDir, 'files')),
    cvParser,
    careersClientDir: path.join(dataDir, 'no-client-build'),
    careersServerEntry: CAREERS_SERVER_ENTRY,
    logger: {
      level: 'info',
      stream: { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  });
  app.get('/test/boom', { schema: { hide: true } }, async () => {
    throw new Error(`could not connect to ${SECRET}`);
  });
  app.get('/test/boom-status', { schema: { hide: true } }, async () => {
    throw Object.assign(new Error(`upstream ${SECRET} failed`), {
      statusCode: 502,
      code: 'ERR_INTERNAL_STATE',
    });
  });
  app.get('/test/boom-object', { schema: { hide: true } }, async () => {
    // Not an Error at all: the handler must still answer the one shape.
    throw { password: 'hunter2', connection: SECRET };
  });
  await app.ready();
  const company = await seedCompany(database.db);
  ({ id: vacancyId } = await seedVacancy(database.db, company.id));
});

afterAll(async () => {
  await app?.close();
  await cvParser?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function expectErrorShape(response: LightMyRequestResponse): ErrorBody {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBodySchema.strict().parse(response.json());
  expect(body.message.trim()).not.toBe('');
  return body;
}

describe('health and readiness (database open)', () => {
  it('answers GET /health with 200', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers GET /ready with 200 while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });
});

describe('errors', () => {
  it('answers an unknown route with 404 {message}', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: en['errors.not_found'] });
  });

  it.each(['/test/boom', '/test/boom-status', '/test/boom-object'])(
    'answers a failure in %s with 500 and a generic message, leaking nothing',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: en['errors.server'] });
      expect(response.body).not.toMatch(/hunter2|postgres:|db\.internal|ERR_INTERNAL_STATE|stack|Error/);
    },
  );

  it('logs a 5xx with its cause and the request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/test/boom',
      headers: { 'x-request-id': 'boom-trace-1' },
    });
    expect(response.statusCode).toBe(500);
    const entry = logLines.find((line) => line.reqId === 'boom-trace-1' && line.level === 50);
    expect(JSON.stringify(entry?.err)).toContain('hunter2');
  });

  it.each<
    [string, { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: string; ct?: string }, number]
  >([
    ['an unknown route', { method: 'GET', url: '/nope' }, 404],
    ['an unknown method', { method: 'DELETE', url: '/api/v1/public-vacancies' }, 404],
    ['an unknown vacancy', { method: 'GET', url: '/api/v1/public-vacancies/abc' }, 404],
    ['a bad query', { method: 'GET', url: '/api/v1/public-vacancies?per_page=101' }, 422],
    [
      'a non-multipart CV upload',
      { method: 'POST', url: '/api/v1/public-vacancies/parse/cv', payload: '{}', ct: 'application/json' },
      415,
    ],
    [
      'broken JSON',
      {
        // The sign-in form takes JSON from anyone (the public careers API takes only multipart: 415).
        method: 'POST',
        url: '/app/sign-in',
        payload: '{"a":',
        ct: 'application/json',
      },
      400,
    ],
    ['a server failure', { method: 'GET', url: '/test/boom' }, 500],
  ])('answers %s with the one error shape {message, errors?}', async (_label, request, status) => {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      ...(request.ct ? { headers: { 'content-type': request.ct } } : {}),
    });
    expect(response.statusCode).toBe(status);
    const body = expectErrorShape(response);
    if (status === 422) expect(Object.keys(body.errors ?? {}).length).toBeGreaterThan(0);
    else expect(body.errors).toBeUndefined();
  });
});

describe('security headers', () => {
  it.each(['/api/v1/public-vacancies', '/no/such/route', '/health'])(
    'sends a CSP allowing the captcha script, nosniff and a referrer policy on %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy'] ?? '');
      const directives = new Map(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name = '', ...values]) => [name, values]),
      );
      const scriptSrc = directives.get('script-src') ?? [];
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).toContain('https://www.google.com/recaptcha/');
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toEqual(expect.any(String));
    },
  );
});

describe('OpenAPI document', () => {
  it('serves an OpenAPI 3 document at /api/docs/json listing every public route', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths['/api/v1/public-vacancies'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/v1/public-vacancies/{id}'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/v1/public-vacancies/{id}/response'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(doc.paths['/api/v1/public-vacancies/parse/cv'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths)).not.toContain('/test/boom');
  });

  it('serves the documentation page at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBeLessThan(400);
  });
});

describe('request ids', () => {
  it('logs a request under the x-request-id it came with', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/public-vacancies/${vacancyId}`,
      headers: { 'x-request-id': 'trace-abc-123' },
    });
    expect(response.statusCode).toBe(200);
    expect(logLines.some((line) => line.reqId === 'trace-abc-123')).toBe(true);
  });

  it('logs a request without x-request-id under a fresh UUID', async () => {
    const before = logLines.length;
    const response = await app.inject({ method: 'GET', url: `/api/v1/public-vacancies/${vacancyId}` });
    expect(response.statusCode).toBe(200);
    const ids = logLines.slice(before).map((line) => line.reqId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => typeof id === 'string' && UUID.test(id))).toBe(true);
  });

  it('echoes the request id on the response, incoming or assigned', async () => {
    const traced = await app.inject({
      method: 'GET',
      url: `/api/v1/public-vacancies/${vacancyId}`,
      headers: { 'x-request-id': 'trace-abc-456' },
    });
    expect(traced.headers['x-request-id']).toBe('trace-abc-456');
    const before = logLines.length;
    const fresh = await app.inject({ method: 'GET', url: '/no/such/route' });
    expect(fresh.headers['x-request-id']).toEqual(expect.stringMatching(UUID));
    expect(logLines.slice(before).map((line) => line.reqId)).toContain(fresh.headers['x-request-id']);
  });
});

// Last: closes the database for good.
describe('health and readiness (database closed)', () => {
  beforeAll(async () => {
    await database.close();
  });

  it('still answers GET /health with 200: liveness does not depend on the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers an API request with the database gone in the one error shape, leaking nothing', async () => {
    // A host not seen before, so the company lookup cannot come from the resolver's cache.
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/public-vacancies',
      headers: { host: 'not-cached.example' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    const body = expectErrorShape(response);
    expect([en['errors.server'], en['errors.service_unavailable']]).toContain(body.message);
    expect(response.body).not.toMatch(/pglite|closed|select|Error/i);
  });

  it('answers GET /ready with 503 {message} and Retry-After', async () => {
    const response = await app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: en['errors.service_unavailable'] });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
