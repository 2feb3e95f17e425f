import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FormField } from '@kadry/shared/schemas/form';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresCluster, type PostgresCluster } from '../../../../tooling/system/postgres-cluster';
import { findNginx } from '../../../../tooling/system/system-tools';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema/users';
import { deriveCsrfToken } from '../../src/lib/tokens';
import { DEMO_OWNER_EMAIL } from '../../src/modules/auth/seed-demo-owner';
import { SESSION_COOKIE } from '../../src/plugins/session';
import { createSession } from '../../src/plugins/session-store';
import { type NginxBalancer, startNginxBalancer } from '../nginx-balancer';
import {
  type Acknowledgement,
  buildApplication,
  createPdfFile,
  fetchDemoForm,
  submitUntilAcknowledged,
} from './application-client';
import { crashServer, findFreePort, type KadryProcess, killAllServers, startServer } from './kadry-process';

// Issue 16 item 2: two Kadry processes on one private PostgreSQL behind a real nginx (round robin,
// TRUST_PROXY=1). Candidates' applications (with Idempotency-Keys) and staff list calls run through
// nginx while one process is killed with SIGKILL and started again, twice (first one, then the
// other). Afterwards, straight from the database and a real SMTP server: every acknowledged
// application exists exactly once, every staff notification mail (a durable job) went out, every
// outbox event was delivered exactly once, and events the killed process left behind were delivered
// by the surviving one while it was down.

/** A kill after every this many acknowledged applications (the previous restart done), and as many after the last. */
const KILL_EVERY = 20;
const KILLS = 2;
/** Candidates sending at once, each pausing between applications: a steady stream, not a flood. */
const APPLICATION_CONCURRENCY = 4;
const PAUSE_MS = 100;
const STAFF_CONCURRENCY = 2;
const STAFF_LISTS = ['/api/v1/employees/visible?per_page=20', '/api/v1/applications?per_page=20'];

type SentMail = { to: string; applicationId: number };
type KillRecord = {
  victim: number;
  killedAt: number;
  /** Outbox rows not yet delivered at the kill that the killed process wrote and nobody had claimed. */
  orphaned: number[];
  /** When the other process had delivered the first of them (null: none within the wait). */
  firstBySurvivorAt: number | null;
  readyAgainAt: number;
};

/** How long a killed process stays down at most while the test waits for the other to take over its events. */
const MAX_DOWNTIME_MS = 15_000;

let cluster: PostgresCluster | undefined;
let database: DatabaseHandle | undefined;
let nginx: NginxBalancer | undefined;
let smtp: SMTPServer | undefined;
let dataDir: string | undefined;
const ports: number[] = [];
const servers: KadryProcess[] = [];
const mails: SentMail[] = [];
let serverEnv: Record<string, string> = {};
let vacancyId: number;
let fields: FormField[];
let staffHeaders: Record<string, string>;

function requireNginx(): string {
  const found = findNginx();
  if (!found.isFound) {
    throw new Error(`nginx is needed here: ${found.reason} (npm test installs it when it may)`);
  }
  return found.path;
}

/** A real SMTP server that records who got mail about which application. */
async function startSmtpSink(): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const match = /\/app\/applications\/(\d+)/.exec(parsed.text ?? '');
          for (const recipient of session.envelope.rcptTo) {
            mails.push({ to: recipient.address.toLowerCase(), applicationId: Number(match?.[1] ?? 0) });
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await findFreePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, port };
}

function startSlot(slot: number): Promise<KadryProcess> {
  if (!dataDir) throw new Error('no data directory');
  return startServer({ dataDir, port: ports[slot] ?? 0, env: serverEnv, readyTimeoutMs: 60_000 });
}

function db() {
  if (!database) throw new Error('no database');
  return database.db;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute(query)).rows as T[];
}

beforeAll(async () => {
  const nginxBin = requireNginx();
  const sink = await startSmtpSink();
  smtp = sink.server;
  // Throws (never skips) when this machine cannot run PostgreSQL; npm test provisions it.
  cluster = await createPostgresCluster();
  await cluster.start();
  await cluster.createDatabase('kadry');
  // One file store for both, as a shared volume (or a bucket) would be.
  dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-balancer-'));
  serverEnv = {
    DATABASE_URL: cluster.urlOf('kadry'),
    DEMO_DATA: '1',
    TRUST_PROXY: '1',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
  };
  ports.push(await findFreePort(), await findFreePort());
  // The first one migrates and seeds; the second starts on the ready database.
  servers.push(await startSlot(0));
  servers.push(await startSlot(1));
  nginx = await startNginxBalancer({ nginxBin, upstreams: ports.map((port) => `127.0.0.1:${port}`) });
  ({ vacancyId, fields } = await fetchDemoForm(nginx.origin));

  // A staff session of the demo owner, in the database both processes read sessions from.
  database = await openDatabase({ databaseUrl: cluster.urlOf('kadry') });
  const [owner] = await db().select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL)).limit(1);
  if (!owner) throw new Error('the demo owner is missing');
  const token = await createSession(db(), {
    companyId: owner.companyId,
    userId: owner.id,
    now: new Date(),
    maxAgeMs: 3_600_000,
  });
  staffHeaders = { cookie: `${SESSION_COOKIE}=${token}`, 'x-csrf-token': deriveCsrfToken(token) };
});

afterAll(async () => {
  await killAllServers();
  await nginx?.stop();
  await database?.close();
  await cluster?.destroy();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL behind nginx, one killed and restarted twice', () => {
  it('keeps every acknowledged application exactly once, sends every mail and delivers every event', async () => {
    if (!nginx) throw new Error('no nginx');
    const origin = nginx.origin;
    const url = `${origin}/api/v1/public-vacancies/${vacancyId}/response`;
    const started = Date.now();
    const acknowledgements: Acknowledgement[] = [];
    const kills: KillRecord[] = [];
    const staffStatuses: (number | string)[] = [];
    let isDone = false;

    // Staff at work meanwhile: list calls through nginx, which retries them on the other process.
    const staff = Array.from({ length: STAFF_CONCURRENCY }, async (_, worker) => {
      for (let i = worker; !isDone; i += 1) {
        const listPath = STAFF_LISTS[i % STAFF_LISTS.length] ?? '';
        try {
          const response = await fetch(`${origin}${listPath}`, {
            headers: staffHeaders,
            signal: AbortSignal.timeout(15_000),
          });
          await response.arrayBuffer();
          staffStatuses.push(response.status);
        } catch (error) {
          staffStatuses.push(error instanceof Error ? error.message : String(error));
        }
        await sleep(20);
      }
    });

    // The kills: after every KILL_EVERY acknowledged applications, first process 0, then process 1;
    // each is started again on its port at once. The load goes on for KILL_EVERY more after the last.
    let isChaosDone = false;
    const chaos = (async () => {
      for (let k = 0; k < KILLS; k += 1) {
        const mark = acknowledgements.length + KILL_EVERY;
        while (acknowledgements.length < mark && !isDone) await sleep(10);
        if (isDone) return;
        const victim = k % servers.length;
        const server = servers[victim];
        if (!server) throw new Error(`no process ${victim}`);
        await crashServer(server);
        const killedAt = Date.now();
        // What it left: undelivered, unclaimed events of applications it created (nginx logged its 201).
        const victimAddress = `127.0.0.1:${ports[victim]}`;
        const writtenKeys = (await nginx?.readAccessLog())
          ?.filter(
            (entry) =>
              entry.method === 'POST' &&
              entry.status === 201 &&
              !entry.isReplayed &&
              entry.upstreams.at(-1) === victimAddress,
          )
          .map((entry) => entry.idempotencyKey);
        const orphaned = (
          await rows<{ id: number }>(sql`
            select o.id from outbox_events o
            join applications a on a.id = (o.payload->>'applicationId')::int and a.company_id = o.company_id
            where o.delivered_at is null and o.failed_at is null
              and (o.locked_until is null or o.locked_until < now())
              and a.idempotency_key = any(${`{${(writtenKeys ?? []).map((key) => `"${key}"`).join(',')}}`}::text[])`)
        ).map((row) => row.id);
        // It stays down until the other process has delivered one of them (as a restart that takes a
        // while would), at most MAX_DOWNTIME_MS.
        let firstBySurvivorAt: number | null = null;
        while (orphaned.length > 0 && firstBySurvivorAt === null && Date.now() - killedAt < MAX_DOWNTIME_MS) {
          const [delivered] = await rows<{ count: number }>(sql`
            select count(*)::int as count from outbox_events
            where delivered_at is not null
              and id = any(${`{${orphaned.join(',')}}`}::int[])`);
          if ((delivered?.count ?? 0) > 0) firstBySurvivorAt = Date.now();
          else await sleep(100);
        }
        servers[victim] = await startSlot(victim);
        kills.push({ victim, killedAt, orphaned, firstBySurvivorAt, readyAgainAt: Date.now() });
      }
    })().finally(() => {
      isChaosDone = true;
    });

    let submitted = 0;
    let lastMark = Number.POSITIVE_INFINITY;
    try {
      await Promise.all(
        Array.from({ length: APPLICATION_CONCURRENCY }, async () => {
          for (;;) {
            if (isChaosDone && lastMark === Number.POSITIVE_INFINITY) lastMark = submitted + KILL_EVERY;
            if (submitted >= lastMark) return;
            const i = submitted++;
            const key = `balancer-${i}-${randomUUID()}`;
            const application = buildApplication(fields, i, createPdfFile(`cv-${i}.pdf`, 3_000 + i * 17));
            acknowledgements.push(
              await submitUntilAcknowledged({ url, application, key, deadlineMs: 60_000 }),
            );
            await sleep(PAUSE_MS);
          }
        }),
      );
    } finally {
      isDone = true;
      await chaos;
      await Promise.all(staff);
    }
    const loadMs = Date.now() - started;

    // Every event delivered and every mail job finished (the leases of the killed processes run out
    // within 15 s), and the SMTP server has every notification's mail.
    const notifications = async () =>
      rows<{ email: string; application_id: number }>(sql`
        select lower(u.email) as email, n.application_id
        from notifications n join users u on u.id = n.user_id and u.company_id = n.company_id
        where n.kind = 'application_created'`);
    // The wait grows with the work the run left (three deliveries and three mails per application).
    const settleDeadline = Date.now() + 30_000 + 100 * acknowledgements.length;
    let isSettled = false;
    while (!isSettled && Date.now() < settleDeadline) {
      const [open] = await rows<{ events: number; jobs: number }>(sql`
        select (select count(*)::int from outbox_events where delivered_at is null and failed_at is null) as events,
               -- Jobs due now (the demo's interview reminders wait for their time).
               (select count(*)::int from jobs where state = 'pending' and available_at <= now()) as jobs`);
      const delivered = new Set(mails.map((mail) => `${mail.to} ${mail.applicationId}`));
      const expected = await notifications();
      isSettled =
        open?.events === 0 &&
        open.jobs === 0 &&
        expected.every((row) => delivered.has(`${row.email} ${row.application_id}`));
      if (!isSettled) await sleep(250);
    }
    const settleMs = Date.now() - started - loadMs;
    // What was still open at the deadline (nothing when settled): by event handler and by job kind.
    const openWork = isSettled
      ? []
      : await rows<{ what: string; count: number; attempts: number; last_error: string | null }>(sql`
          select 'event ' || name || ' → ' || handler as what, count(*)::int as count,
            max(attempts)::int as attempts, max(last_error) as last_error
          from outbox_events where delivered_at is null and failed_at is null group by 1
          union all
          select 'job ' || kind, count(*)::int, max(attempts)::int, max(last_error)
          from jobs where state = 'pending' and available_at <= now() group by 1`);

    // Applications: exactly the acknowledged ones, each once, under the id its client was given.
    const stored = await rows<{ id: number; idempotency_key: string }>(sql`
      select id, idempotency_key from applications where idempotency_key like 'balancer-%'`);
    const storedIdsByKey = new Map<string, number[]>();
    for (const row of stored) {
      storedIdsByKey.set(row.idempotency_key, [...(storedIdsByKey.get(row.idempotency_key) ?? []), row.id]);
    }
    const lost = acknowledgements.filter((ack) => !storedIdsByKey.get(ack.key)?.includes(ack.id));
    const duplicated = [...storedIdsByKey.values()].filter((ids) => ids.length > 1);
    const unacknowledged = stored.filter(
      (row) => !acknowledgements.some((ack) => ack.key === row.idempotency_key),
    );

    // Events: one application.created delivery per subscriber and application, every one delivered.
    const events = await rows<{
      id: number;
      handler: string;
      application_id: number;
      delivered_ms: number | null;
      is_failed: boolean;
      attempts: number;
    }>(sql`
      select id, handler, (payload->>'applicationId')::int as application_id, attempts,
        failed_at is not null as is_failed,
        (extract(epoch from delivered_at) * 1000)::float8 as delivered_ms
      from outbox_events where name = 'application.created'`);
    const handlers = [...new Set(events.map((event) => event.handler))].sort();
    const eventCounts = new Map<string, number>();
    for (const event of events) {
      const key = `${event.application_id} ${event.handler}`;
      eventCounts.set(key, (eventCounts.get(key) ?? 0) + 1);
    }
    const expectedEventKeys = stored.flatMap((row) => handlers.map((handler) => `${row.id} ${handler}`));
    const deliveredAt = new Map(events.map((event) => [event.id, event.delivered_ms]));

    // Mail: one job per notification, all done; the SMTP server got each notification's mail.
    const expectedMails = await notifications();
    const jobs = await rows<{ id: number; state: string; attempts: number }>(sql`
      select id, state, attempts from jobs where kind = 'mail.send'`);
    const mailCounts = new Map<string, number>();
    for (const mail of mails) {
      const key = `${mail.to} ${mail.applicationId}`;
      mailCounts.set(key, (mailCounts.get(key) ?? 0) + 1);
    }
    const missingMails = expectedMails.filter((row) => !mailCounts.has(`${row.email} ${row.application_id}`));
    const extraHandOvers = [...mailCounts.values()].reduce((sum, count) => sum + count - 1, 0);
    const rerunJobs = jobs.filter((job) => job.attempts > 1).length;

    // Answers: 5xx only for requests in flight on a killed process; staff calls retried by nginx.
    const attempts = acknowledgements.flatMap((ack) => ack.statuses);
    const networkErrors = acknowledgements.reduce((sum, ack) => sum + ack.networkErrors.length, 0);
    const applicationFailures = attempts.filter((status) => status >= 500).length + networkErrors;
    const staffFailures = staffStatuses.filter((status) => status !== 200);
    const access = await nginx.readAccessLog();
    // Of the events a killed process left, those delivered before it was back: by the other process.
    const survivorDeliveries = kills.map((kill) => {
      const bySurvivor = kill.orphaned.filter((id) => {
        const at = deliveredAt.get(id);
        return typeof at === 'number' && at < kill.readyAgainAt;
      });
      return { kill, bySurvivor };
    });
    const countOf = (status: number) => attempts.filter((s) => s === status).length;
    // What nginx answered 5xx, with the tries behind each answer (upstream and its status).
    const serverErrors = new Map<string, number>();
    for (const entry of access.filter((e) => e.status >= 500)) {
      const tries = entry.upstreams.map((upstream, i) => `${upstream}=${entry.upstreamStatuses[i] ?? '?'}`);
      const key = `${entry.status} ${entry.method} ${entry.uri.split('?')[0]} [${tries.join(' ')}]`;
      serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
    }

    console.info(
      `balancer test: requests ${attempts.length + networkErrors + staffStatuses.length} ` +
        `(${attempts.length + networkErrors} application attempts, ${staffStatuses.length} staff list calls; ` +
        `nginx logged ${access.length}, ${access.filter((entry) => entry.upstreams.length > 1).length} passed on to the other process), ` +
        `kills ${kills.length}, lost ${lost.length}, duplicated ${duplicated.length}; ` +
        `${acknowledgements.length} acknowledged in ${loadMs} ms, settled ${settleMs} ms later; ` +
        `application answers 201×${countOf(201)} 409×${countOf(409)} 502×${countOf(502)} 503×${countOf(503)}, network errors ${networkErrors}; ` +
        `staff calls not 200: ${staffFailures.length} (${staffFailures.join(', ')}); ` +
        `5xx from nginx: ${[...serverErrors].map(([key, count]) => `${key} ×${count}`).join('; ') || 'none'}; ` +
        `mails ${mails.length} for ${expectedMails.length} notifications (${jobs.length} jobs, ${rerunJobs} run again after a kill, ` +
        `${extraHandOvers} handed over twice); events ${events.length}, ` +
        survivorDeliveries
          .map(
            ({ kill, bySurvivor }) =>
              `kill of process ${kill.victim}: it left ${kill.orphaned.length} undelivered events, the other process delivered ` +
              `the first ${kill.firstBySurvivorAt === null ? 'never' : `${kill.firstBySurvivorAt - kill.killedAt} ms after the kill`} ` +
              `and ${bySurvivor.length} in the ${kill.readyAgainAt - kill.killedAt} ms it was down`,
          )
          .join('; ') +
        (openWork.length > 0
          ? `; still open at the deadline: ${openWork
              .map(
                (row) =>
                  `${row.what} ×${row.count} (attempts ≤ ${row.attempts}${row.last_error ? `, last error: ${row.last_error}` : ''})`,
              )
              .join('; ')}`
          : ''),
    );

    // nginx's reasons, once each (connect() refused by a killed process, premature closes…).
    const reasons = new Set(
      (await nginx.readErrorLog())
        .split('\n')
        .map((line) => /\] \d+#\d+: \*\d+ (.*?)(, client:|$)/.exec(line)?.[1])
        .filter((reason): reason is string => Boolean(reason)),
    );
    console.info(`balancer test: nginx reported ${[...reasons].join('; ') || 'nothing'}`);

    expect(kills).toHaveLength(KILLS);
    expect(acknowledgements).toHaveLength(submitted);
    expect(submitted).toBeGreaterThanOrEqual((KILLS + 1) * KILL_EVERY);
    expect(isSettled).toBe(true);
    expect({
      lost: lost.length,
      duplicated: duplicated.length,
      unacknowledged: unacknowledged.length,
    }).toEqual({
      lost: 0,
      duplicated: 0,
      unacknowledged: 0,
    });
    expect(new Set(acknowledgements.map((ack) => ack.id)).size).toBe(submitted);
    // No 5xx beyond the requests in flight on the killed process (at most one per client at a kill).
    expect(applicationFailures).toBeLessThanOrEqual(KILLS * APPLICATION_CONCURRENCY);
    expect(staffFailures.length).toBeLessThanOrEqual(KILLS * STAFF_CONCURRENCY);
    expect(staffStatuses.filter((status) => status === 200).length).toBeGreaterThan(0);

    // Every event exactly once: one row per application and subscriber, delivered, none failed.
    expect(handlers).toContain('notifications.new-application');
    expect([...eventCounts.keys()].sort()).toEqual(expectedEventKeys.sort());
    expect([...eventCounts.values()].every((count) => count === 1)).toBe(true);
    expect(events.filter((event) => event.delivered_ms === null || event.is_failed)).toEqual([]);
    // Events the killed process wrote and left unclaimed did not wait for it: the other process
    // delivered them while it was down.
    for (const { kill, bySurvivor } of survivorDeliveries) {
      if (kill.orphaned.length > 0) expect(bySurvivor.length).toBeGreaterThan(0);
    }

    // Every mail job ran to the end once: one per notification, each done, each mail received. A
    // second hand-over can only come from a job whose first run died with its process (at-least-once,
    // docs/decisions/020-job-queue.md), never from two processes running one job.
    expect(expectedMails.length).toBeGreaterThanOrEqual(submitted);
    expect(jobs).toHaveLength(expectedMails.length);
    expect(jobs.filter((job) => job.state !== 'done')).toEqual([]);
    expect(missingMails).toEqual([]);
    expect(extraHandOvers).toBeLessThanOrEqual(rerunJobs);
  });
});
