import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createMetrics } from '../lib/metrics';
import { listenForMetrics } from '../lib/metrics-server';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

async function scrape(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe('/metrics on the main port', () => {
  it('refuses a scrape without the token, or with another one (401)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('labels requests by route pattern and status, never by the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/public-vacancies/987654' });
    await t.app.inject({ method: 'GET', url: '/api/v1/public-vacancies/123456' });
    await t.app.inject({ method: 'GET', url: '/no-such-page-4242' });
    const text = await scrape();
    const line = text
      .split('\n')
      .find((l) => l.startsWith('kadry_http_requests_total{') && l.includes('/public-vacancies/:id"'));
    expect(line).toMatch(/method="GET",route="\/api\/v1\/public-vacancies\/:id",status="404"} 2$/);
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('987654');
    expect(text).not.toContain('no-such-page-4242');
    expect(text).toMatch(
      /kadry_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v1\/public-vacancies\/:id",status="404"}/,
    );
  });

  it('shows database query time, shed requests, event-loop delay and memory', async () => {
    const text = await scrape();
    for (const series of [
      'kadry_db_query_duration_seconds_count',
      '# TYPE kadry_http_shed_requests_total counter',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(series);
    }
    // PostgreSQL's pool has its series; the embedded database has no pool, so none that would always
    // read zero.
    if (inject('kadryTestDatabase').kind === 'postgres') expect(text).toContain('kadry_db_pool_connections');
    else expect(text).not.toContain('kadry_db_pool_connections');
  });
});

describe('/metrics on a port of its own', () => {
  it('serves the series without a token, and only /metrics', async () => {
    const metrics = createMetrics();
    metrics.observeRequest({ method: 'GET', route: '/careers/:id', status: 200 }, 0.01);
    metrics.watchPool(() => ({ total: 4, idle: 1, waiting: 2 }));
    const listener = await listenForMetrics({ metrics, host: '127.0.0.1', port: 0 });
    try {
      const address = listener.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const origin = `http://127.0.0.1:${address.port}`;
      const text = await (await fetch(`${origin}/metrics`)).text();
      expect(text).toContain('kadry_http_requests_total{method="GET",route="/careers/:id",status="200"} 1');
      expect(text).toContain('kadry_db_pool_connections{state="busy"} 3');
      expect(text).toContain('kadry_db_pool_waiting_requests 2');
      expect((await fetch(`${origin}/careers`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
