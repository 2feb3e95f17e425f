import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  combineRounds,
  describeLoadFailure,
  type LoadResult,
  type LoadRound,
  measureAgainstBaseline,
  measureLoad,
} from './load';

async function withServer<T>(status: number, run: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((_request, response) => {
    response.writeHead(status);
    response.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('measureLoad', () => {
  it('reports throughput and latency of a server that answers 200', async () => {
    const result = await withServer(200, (url) =>
      measureLoad({ url, connections: 4, durationSec: 1, warmupSec: 0 }),
    );
    expect(result.requestsPerSec).toBeGreaterThan(100);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
    expect(describeLoadFailure('ok', result)).toBeNull();
  });

  it('counts answers that are not 2xx as a failure', async () => {
    const result = await withServer(503, (url) =>
      measureLoad({ url, connections: 2, durationSec: 1, warmupSec: 0 }),
    );
    expect(result.non2xx).toBeGreaterThan(0);
    expect(describeLoadFailure('list', result)).toMatch(/^list: 0 errors \(0 timeouts\) and \d+ non-2xx/);
  });
});

describe('describeLoadFailure', () => {
  it('calls a run without a single completed request a failure', () => {
    const none: LoadResult = {
      url: '',
      requestsPerSec: 0,
      p50Ms: 0,
      p99Ms: 0,
      requests: 0,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
    };
    expect(describeLoadFailure('details', none)).toBe('details: no request completed');
  });
});

function round(duration: number, total: number, p50: number, p99: number, non2xx = 0): LoadRound {
  return { duration, requests: { total }, latency: { p50, p99 }, non2xx, errors: 0, timeouts: 0 };
}

describe('combineRounds', () => {
  it('divides all requests by all time, takes the median p50 and the worst p99', () => {
    const result = combineRounds('u', [
      round(2, 2000, 3, 10),
      round(2, 4000, 1, 50, 2),
      round(4, 2000, 2, 9),
    ]);
    expect(result).toMatchObject({ requestsPerSec: 1000, requests: 8000, p50Ms: 2, p99Ms: 50, non2xx: 2 });
  });
});

describe('measureAgainstBaseline', () => {
  it('alternates rounds between the endpoint and the baseline and reports each', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      const target = request.url ?? '';
      if (hits.at(-1) !== target) hits.push(target);
      response.end('{}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { endpoint, baseline } = await measureAgainstBaseline({
        endpointUrl: `${origin}/e`,
        baselineUrl: `${origin}/b`,
        connections: 2,
        durationSec: 1,
        warmupSec: 0,
        rounds: 2,
      });
      expect(hits).toEqual(['/e', '/b', '/e', '/b']);
      expect(endpoint.url).toBe(`${origin}/e`);
      expect(endpoint.requests).toBeGreaterThan(10);
      expect(baseline.requests).toBeGreaterThan(10);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
