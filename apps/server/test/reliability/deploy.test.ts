import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildApplication,
  createPdfFile,
  fetchDemoForm,
  fetchJson,
  type HttpAnswer,
  postBody,
} from './application-client';
import { findFreePort, type KadryProcess, killAllServers, startServer } from './kadry-process';
import { runWithConcurrency } from './run-with-concurrency';

const IN_FLIGHT = 20;
const LARGE = 5;
const LARGE_BYTES = 20 * 1024 * 1024;

let dataDir: string;
let port: number;
let server: KadryProcess;

/** Opens a bare TCP connection: 'connected', or the error code that refused it. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-deploy-'));
  port = await findFreePort();
  server = await startServer({ dataDir, port });
});

afterAll(async () => {
  await killAllServers();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('SIGTERM during a deploy', () => {
  it('finishes all 20 requests in flight (5 of them 20 MB uploads), refuses new connections, then exits 0', async () => {
    const { vacancyId, fields } = await fetchDemoForm(server.origin);
    const url = `${server.origin}/api/v1/public-vacancies/${vacancyId}/response`;
    const applications = Array.from({ length: IN_FLIGHT }, (_, i) => {
      const cv = createPdfFile(`cv-${i}.pdf`, i < LARGE ? LARGE_BYTES : 4_096);
      return { key: `deploy-${i}-${randomUUID()}`, application: buildApplication(fields, i, cv) };
    });

    // Every request sends part of its body (headers, and 2 MB of a large upload or half a small one)
    // and holds there, so all 20 are inside the server when SIGTERM arrives.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let held = 0;
    const keepAliveAgent = new Agent({ keepAlive: true });
    const answers: Promise<HttpAnswer>[] = applications.map(({ key, application }, i) =>
      postBody(url, application.contentType, application.body, {
        headers: { 'idempotency-key': key },
        // Half of them over keep-alive connections, as browsers send them.
        ...(i % 2 === 0 ? { agent: keepAliveAgent } : {}),
        gate: {
          afterBytes: i < LARGE ? 2 * 1024 * 1024 : Math.floor(application.body.length / 2),
          open: gate,
        },
        // After the gate, large uploads go on at ~10 MB/s: still arriving well into the drain.
        chunkBytes: 256 * 1024,
        chunkDelayMs: i < LARGE ? 25 : 0,
        onHeld: () => {
          held += 1;
        },
      }),
    );
    while (held < IN_FLIGHT) await sleep(10);
    await sleep(500);

    const sigtermAt = Date.now();
    server.child.kill('SIGTERM');
    // Documented drain behaviour: once the signal is handled the listening socket is closed, so a new
    // connection is refused (a load balancer moves on to another instance), while the requests already
    // inside — all 20 still held at the gate — run to the end. (How soon the signal is handled depends
    // on the machine's load: poll for it, briefly.)
    let duringDrain = await tryConnect(port);
    while (duringDrain === 'connected' && Date.now() - sigtermAt < 5_000) {
      await sleep(50);
      duringDrain = await tryConnect(port);
    }
    const refusedAfterMs = Date.now() - sigtermAt;
    expect(server.child.exitCode).toBeNull();
    openGate();

    const settled = await Promise.allSettled(answers);
    const answeredAt = Date.now();
    keepAliveAgent.destroy();
    const exit = await server.exited;
    const exitedAt = Date.now();
    console.info(
      `deploy test: new connection during the drain → ${duringDrain} (from ${refusedAfterMs} ms after SIGTERM); ` +
        `the ${IN_FLIGHT} requests finished ` +
        `${answeredAt - sigtermAt} ms after SIGTERM, the process exited ${exitedAt - sigtermAt} ms after it ` +
        `with ${JSON.stringify(exit)}`,
    );

    expect(duringDrain).toBe('ECONNREFUSED');
    expect(
      settled.map((result) => (result.status === 'fulfilled' ? result.value.status : String(result.reason))),
    ).toEqual(Array(IN_FLIGHT).fill(201));
    // …each telling its client not to reuse the connection (keep-alive ones too: else the drain would wait
    // for the keep-alive timeout and end by SHUTDOWN_TIMEOUT_MS with exit code 1).
    expect(
      settled.map((result) => (result.status === 'fulfilled' ? result.value.headers.connection : undefined)),
    ).toEqual(Array(IN_FLIGHT).fill('close'));
    expect(exit).toEqual({ code: 0, signal: null });
    // The large uploads were still arriving for a while: the server did wait for them.
    expect(answeredAt - sigtermAt).toBeGreaterThan(1_000);

    // What was acknowledged before the exit is there after the next start, files byte for byte.
    server = await startServer({ dataDir, port });
    const ids = settled.map((result) =>
      result.status === 'fulfilled' ? (JSON.parse(result.value.body) as { data: { id: number } }).data.id : 0,
    );
    await runWithConcurrency(IN_FLIGHT, 4, async (i) => {
      const { data } = await fetchJson<{
        data: { idempotencyKey: string; files: { storedSha256: string }[] };
      }>(`${server.origin}/api/test/applications/${ids[i]}`);
      expect([data.idempotencyKey, data.files.map((file) => file.storedSha256)]).toEqual([
        applications[i]?.key,
        applications[i]?.application.files.map((file) => file.sha256),
      ]);
    });
  });
});
