import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FormField } from '@kadry/shared/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresCluster, type PostgresCluster } from '../../../../tooling/system/postgres-cluster';
import {
  type Application,
  buildApplication,
  createPdfFile,
  fetchDemoForm,
  postBody,
  submitUntilAcknowledged,
} from './application-client';
import { findFreePort, type KadryProcess, killAllServers, startServer } from './kadry-process';

/** How soon after the database is back the service must be, without a restart (issue 6). */
const RECOVERY_LIMIT_MS = 5_000;
const OUTAGE_MS = 6_000;

type Answer = { what: string; status: number; retryAfter: string | undefined };

let cluster: PostgresCluster | undefined;
let dataDir: string | undefined;
let server: KadryProcess;
let vacancyId: number;
let fields: FormField[];

function newApplication(seq: number): Application {
  return buildApplication(fields, seq, createPdfFile(`cv-${seq}.pdf`, 4_096));
}

async function submit(application: Application, key: string): Promise<Answer> {
  const answer = await postBody(
    `${server.origin}/api/v1/public-vacancies/${vacancyId}/response`,
    application.contentType,
    application.body,
    { headers: { 'idempotency-key': key }, timeoutMs: 15_000 },
  );
  return { what: 'submission', status: answer.status, retryAfter: answer.headers['retry-after'] };
}

async function get(what: string, pathAndQuery: string): Promise<Answer> {
  const response = await fetch(`${server.origin}${pathAndQuery}`, { signal: AbortSignal.timeout(15_000) });
  await response.arrayBuffer();
  return { what, status: response.status, retryAfter: response.headers.get('retry-after') ?? undefined };
}

beforeAll(async () => {
  // Throws (never skips) when this machine cannot run PostgreSQL; npm test provisions it.
  cluster = await createPostgresCluster();
  await cluster.start();
  await cluster.createDatabase('kadry');
  dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-outage-'));
  server = await startServer({
    dataDir,
    port: await findFreePort(),
    env: { DATABASE_URL: cluster.urlOf('kadry'), DEMO_DATA: '1' },
  });
  ({ vacancyId, fields } = await fetchDemoForm(server.origin));
});

afterAll(async () => {
  await killAllServers();
  await cluster?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL stopped and started again under a running server', () => {
  it('answers 503 with Retry-After while it is down and serves again within 5 s of its return, no restart', async () => {
    if (!cluster) throw new Error('no cluster');
    // Liveness is polled throughout: it must never depend on the database.
    const health: string[] = [];
    let isPolling = true;
    const poller = (async () => {
      while (isPolling) {
        const answer = await get('health', '/health').catch((error: unknown) => ({ status: String(error) }));
        health.push(String(answer.status));
        await sleep(100);
      }
    })();

    expect((await submit(newApplication(0), `outage-before-${randomUUID()}`)).status).toBe(201);

    // A candidate whose upload is under way when the database goes: the key is claimed, the files are
    // still arriving. It must get a 503 too, and its retry after the outage must not be held up.
    const inFlightKey = `outage-in-flight-${randomUUID()}`;
    const inFlight = newApplication(2);
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let isHeld = false;
    const inFlightAnswer = postBody(
      `${server.origin}/api/v1/public-vacancies/${vacancyId}/response`,
      inFlight.contentType,
      inFlight.body,
      {
        headers: { 'idempotency-key': inFlightKey },
        gate: { afterBytes: inFlight.body.length - 100, open: gate },
        onHeld: () => {
          isHeld = true;
        },
        timeoutMs: 15_000,
      },
    );
    while (!isHeld) await sleep(10);
    await sleep(300);

    await cluster.stop('immediate');
    const downAt = Date.now();
    openGate();
    const inFlightDuringOutage = await inFlightAnswer;
    const duringOutage: Answer[] = [];
    const heldKey = `outage-held-${randomUUID()}`;
    const held = newApplication(1);
    for (let round = 0; Date.now() - downAt < OUTAGE_MS; round++) {
      // Fresh queries each round (a new search, a new page), so no cache can answer for the database.
      duringOutage.push(
        await submit(
          round === 0 ? held : newApplication(100 + round),
          round === 0 ? heldKey : `outage-${randomUUID()}`,
        ),
        await get('list', `/api/v1/public-vacancies?search=outage${round}`),
        await get('details', `/api/v1/public-vacancies/${vacancyId}?round=${round}`),
        await get('ready', '/ready'),
      );
      await sleep(250);
    }

    await cluster.start();
    const upAt = Date.now();
    let readyAt: number | undefined;
    let acceptedAt: number | undefined;
    let seq = 1_000;
    while ((readyAt === undefined || acceptedAt === undefined) && Date.now() - upAt < 15_000) {
      if (readyAt === undefined && (await get('ready', '/ready')).status === 200) readyAt = Date.now();
      if (
        acceptedAt === undefined &&
        (await submit(newApplication(seq++), `outage-after-${randomUUID()}`)).status === 201
      ) {
        acceptedAt = Date.now();
      }
      await sleep(100);
    }
    // The candidates who were told to come back later do, with the same keys, the way a client retries
    // (honouring Retry-After): accepted, within the same 5 s.
    const retried = await submit(held, heldKey);
    const retriedInFlight = await submitUntilAcknowledged({
      url: `${server.origin}/api/v1/public-vacancies/${vacancyId}/response`,
      application: inFlight,
      key: inFlightKey,
      deadlineMs: 15_000,
    });
    const inFlightAcceptedAt = Date.now();
    isPolling = false;
    await poller;

    const summary = (answers: Answer[]) => {
      const counts = new Map<string, number>();
      for (const { what, status, retryAfter } of answers) {
        const key = `${what} ${status} retry-after=${retryAfter}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].map(([key, count]) => `${key} ×${count}`);
    };
    console.info(
      `database outage test: during ${OUTAGE_MS} ms down: ${summary(duringOutage).join('; ')}; ` +
        `the upload in flight got ${inFlightDuringOutage.status}, its retries afterwards got ${retriedInFlight.statuses.join(',')} ` +
        `(accepted ${inFlightAcceptedAt - upAt} ms after the database was back). ` +
        `Back up: /ready 200 after ${readyAt === undefined ? 'never' : readyAt - upAt} ms, ` +
        `a submission 201 after ${acceptedAt === undefined ? 'never' : acceptedAt - upAt} ms; ` +
        `/health polled ${health.length}×: ${[...new Set(health)].join(',')}`,
    );

    // Every answer while the database was down: 503 with a Retry-After in seconds, never a 500.
    // (None of these calls can come from a cache: the details were never read before the outage.)
    expect(duringOutage.length).toBeGreaterThanOrEqual(4 * 3);
    expect([inFlightDuringOutage.status, inFlightDuringOutage.headers['retry-after']]).toEqual([503, '5']);
    expect(
      duringOutage.filter((answer) => !(answer.status === 503 && Number(answer.retryAfter) >= 1)),
    ).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect((readyAt ?? Number.POSITIVE_INFINITY) - upAt).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect((acceptedAt ?? Number.POSITIVE_INFINITY) - upAt).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(retried.status).toBe(201);
    expect(inFlightAcceptedAt - upAt).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(new Set(health)).toEqual(new Set(['200']));
  });
});
