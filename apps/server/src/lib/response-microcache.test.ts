import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { seedCompany, seedVacancy } from '../../test/db';
import { createResponseMicrocache } from './response-microcache';

function fakeExchange(url: string, method = 'GET') {
  const written: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  const request = { method, url, headers: { host: 'jobs.test' } } as unknown as IncomingMessage;
  const response = {
    writeHead(status: number, headers: Record<string, string>) {
      written.status = status;
      written.headers = headers;
    },
    end(body: Buffer) {
      written.body = body;
    },
  } as unknown as ServerResponse;
  return { request, response, written };
}

describe('createResponseMicrocache', () => {
  it('serves a stored answer with its headers, a fresh request id and the right length', () => {
    const cache = createResponseMicrocache();
    cache.store('jobs.test', '/api/v1/public-vacancies', 1, '{"data":[]}', {
      'content-type': 'application/json',
      'x-request-id': 'old',
      'x-frame-options': 'SAMEORIGIN',
    });
    const { request, response, written } = fakeExchange('/api/v1/public-vacancies');
    expect(cache.serve(request, response)).toBe(true);
    expect(written.status).toBe(200);
    expect(written.headers).toMatchObject({
      'content-type': 'application/json',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(written.headers?.['x-request-id']).not.toBe('old');
    expect(written.headers?.['content-length']).toBe('11');
    expect(written.body?.toString()).toBe('{"data":[]}');
  });

  it('misses other URLs, other methods, expired entries and invalidated companies', () => {
    let clock = 0;
    const cache = createResponseMicrocache({ ttlMs: 1000, now: () => clock });
    cache.store('jobs.test', '/a', 1, 'x', {});
    cache.store('jobs.test', '/b', 2, 'y', {});
    expect(cache.serve(fakeExchange('/c').request, fakeExchange('/c').response)).toBe(false);
    expect(cache.serve(fakeExchange('/a', 'POST').request, fakeExchange('/a').response)).toBe(false);
    cache.invalidate(1);
    expect(cache.serve(fakeExchange('/a').request, fakeExchange('/a').response)).toBe(false);
    expect(cache.serve(fakeExchange('/b').request, fakeExchange('/b').response)).toBe(true);
    clock = 1000;
    expect(cache.serve(fakeExchange('/b').request, fakeExchange('/b').response)).toBe(false);
  });
});

describe('the microcache in front of the listening app', () => {
  let t: TestApp;
  let origin: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { KADRY_TEST_ROUTES: '1' } });
    companyId = (await seedCompany(t.database.db)).id;
    await seedVacancy(t.database.db, companyId, { name: 'First' });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('answers repeated list calls identically, and shows a change at once after invalidation', async () => {
    const first = await fetch(`${origin}/api/v1/public-vacancies`);
    const second = await fetch(`${origin}/api/v1/public-vacancies`);
    const firstBody = await first.text();
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    // The test route invalidates the company's caches, as every staff change does.
    const created = await fetch(`${origin}/api/test/vacancies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Second' }),
    });
    expect(created.status).toBe(201);
    const after = (await (await fetch(`${origin}/api/v1/public-vacancies`)).json()) as {
      data: { name: string }[];
    };
    expect(after.data.map((v) => v.name)).toContain('Second');
  });

  it('never caches a miss: an unknown vacancy stays 404 and a new one shows', async () => {
    expect((await fetch(`${origin}/api/v1/public-vacancies/999999`)).status).toBe(404);
    expect((await fetch(`${origin}/api/v1/public-vacancies/999999`)).status).toBe(404);
  });
});
