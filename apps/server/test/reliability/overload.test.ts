import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config/env';
import { buildApplication, createPdfFile, fetchDemoForm, postBody } from './application-client';
import {
  findFreePort,
  type KadryProcess,
  killAllServers,
  readRssBytes,
  sampleRss,
  startServer,
} from './kadry-process';

const MIB = 1024 * 1024;
const CONNECTIONS = 400;
const DURATION_S = 10;
/**
 * Shedding on event-loop delay at half the production default (1 s): at the default this load is shed
 * too, but in one run of eight only ~120 of ~1,200 answers were 503; half gives the assertion margin.
 */
const SHED_EVENT_LOOP_DELAY_MS: number = envSchema.shape.SHED_EVENT_LOOP_DELAY_MS.parse(undefined) / 2;
/**
 * The memory threshold: far above what the server uses here (~450 MiB idle, ~560 MiB under this load).
 * It must be: RSS does not fall back to idle after a burst (it stayed ~50 MiB up a minute later), so a
 * threshold near the working set would keep shedding after the load is gone.
 */
const SHED_RSS_MB = 1_024;
/** The bound this test states for memory under overload: idle RSS plus this much. */
const RSS_GROWTH_LIMIT_MB = 256;

let dataDir: string;
let server: KadryProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-overload-'));
  const port = await findFreePort();
  // The first start creates and seeds the database, which leaves the embedded PostgreSQL holding twice
  // the memory a server normally runs with; measure a server started the usual way, on existing data.
  const first = await startServer({ dataDir, port });
  first.child.kill('SIGTERM');
  await first.exited;
  server = await startServer({
    dataDir,
    port,
    env: { SHED_EVENT_LOOP_DELAY_MS: String(SHED_EVENT_LOOP_DELAY_MS), SHED_RSS_MB: String(SHED_RSS_MB) },
  });
});

afterAll(async () => {
  await killAllServers();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('far more clients than the server can serve', () => {
  it('sheds load with 503 + Retry-After, never a 500, keeps its memory bounded and recovers', async () => {
    const { vacancyId, fields } = await fetchDemoForm(server.origin);
    const submitPath = `/api/v1/public-vacancies/${vacancyId}/response`;
    const application = buildApplication(fields, 1, createPdfFile('cv.pdf', 8_192));
    const statuses = new Map<number, number>();
    let sheddingWithoutRetryAfter = 0;
    const onResponse = (
      status: number,
      _body: string,
      _context: object,
      headers?: Record<string, unknown>,
    ) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 503 && !headers?.['retry-after']) sheddingWithoutRetryAfter += 1;
    };

    const idleRss = readRssBytes(server.pid) ?? 0;
    const rss = sampleRss(server.pid);
    let search = 0;
    const result = await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 30,
      requests: [
        // The cached list, and a search the cache has never seen (so it reaches the database)…
        { method: 'GET', path: '/api/v1/public-vacancies', onResponse },
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/public-vacancies?search=load${search++}`,
          }),
          onResponse,
        },
        // …and complete applications with a CV, each under a fresh idempotency key.
        {
          method: 'POST',
          path: submitPath,
          body: application.body,
          setupRequest: (request) => ({
            ...request,
            headers: {
              ...request.headers,
              'content-type': application.contentType,
              'idempotency-key': `overload-${randomUUID()}`,
            },
          }),
          onResponse,
        },
      ],
    });
    const { peakBytes, samples } = rss.stop();
    const isAlive = server.child.exitCode === null && server.child.signalCode === null;

    // Afterwards: normal service again (shedding stops once the pressure is gone).
    const recoveryStarted = Date.now();
    let recoveredMs: number | undefined;
    while (Date.now() - recoveryStarted < 30_000) {
      const list = await fetch(`${server.origin}/api/v1/public-vacancies?search=after`).catch(() => null);
      await list?.arrayBuffer();
      const submission = await postBody(
        `${server.origin}${submitPath}`,
        application.contentType,
        application.body,
        {
          headers: { 'idempotency-key': `overload-after-${randomUUID()}` },
        },
      ).catch(() => null);
      if (list?.status === 200 && submission?.status === 201) {
        recoveredMs = Date.now() - recoveryStarted;
        break;
      }
      await sleep(250);
    }

    const counts = [...statuses].sort(([a], [b]) => a - b);
    const served = counts.filter(([status]) => status < 400).reduce((sum, [, n]) => sum + n, 0);
    console.info(
      `overload test: ${CONNECTIONS} connections for ${DURATION_S} s, shedding at event-loop delay > ` +
        `${SHED_EVENT_LOOP_DELAY_MS} ms or RSS > ${SHED_RSS_MB} MiB: answers ${counts.map(([s, n]) => `${s}×${n}`).join(', ')} ` +
        `(${Math.round(served / DURATION_S)} served/s); connection errors ${result.errors}, timeouts ${result.timeouts}; ` +
        `RSS idle ${Math.round(idleRss / MIB)} MiB, peak ${Math.round(peakBytes / MIB)} MiB over ${samples} samples; ` +
        `normal service ${recoveredMs === undefined ? 'never came back' : `${recoveredMs} ms after the load stopped`}`,
    );

    expect(isAlive).toBe(true);
    // Only served (200, 201) or shed (503, always with Retry-After): no 500, no other failure.
    expect(counts.map(([status]) => status).filter((status) => ![200, 201, 503].includes(status))).toEqual(
      [],
    );
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(sheddingWithoutRetryAfter).toBe(0);
    expect(result.errors).toBe(0);
    expect(peakBytes).toBeLessThan(idleRss + RSS_GROWTH_LIMIT_MB * MIB);
    expect(recoveredMs).toBeLessThan(15_000);
  });
});
