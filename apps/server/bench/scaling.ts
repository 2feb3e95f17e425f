import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { users } from '../src/db/schema/users';
import { DEMO_OWNER_EMAIL } from '../src/modules/auth/seed-demo-owner';
import { SESSION_COOKIE } from '../src/plugins/session';
import { createSession } from '../src/plugins/session-store';
import { type NginxBalancer, startNginxBalancer } from '../test/nginx-balancer';
import { buildApplicationEntries, createPdfFile } from './application';
import { discoverDemoTargets } from './endpoints';
import { createMultipartBody, postMultipart } from './multipart-stream';
import type { FigureRow } from './report';
import { type RunningProcess, startKadryServer } from './server-process';
import { computePercentile } from './stats';

// The scaling section of the bench (issue 16 item 7, docs/scaling.md): 1, 2 and 4 server processes
// on one PostgreSQL (a private cluster npm run bench starts), behind nginx (or, without nginx, a
// client-side round robin over the processes). Per process count: candidates' applications per
// second, and staff list calls per second, with the CPU the servers and the whole machine used.

export const SCALING_PROCESS_COUNTS = [1, 2, 4] as const;

export type ScalingOptions = {
  repoRoot: string;
  databaseUrl: string;
  /** nginx, when found; null: round robin in the client (said so in the table). */
  nginxBin: string | null;
  durationSec: number;
  log: (message: string) => void;
  /** Applications in flight at once, and staff connections. */
  applicationConcurrency?: number;
  staffConnections?: number;
  counts?: readonly number[];
};

export type ScalingStep = {
  processes: number;
  applicationsPerSec: number;
  applicationP50Ms: number;
  applicationP99Ms: number;
  applicationFailures: number;
  /** The first failed submission's answer or error, to explain it. */
  applicationFirstFailure: string | null;
  staffListPerSec: number;
  staffListP50Ms: number;
  staffListP99Ms: number;
  staffListFailures: number;
  /** Where the CPU went during each load. */
  applicationsCpu: CpuShare;
  staffListCpu: CpuShare;
  cores: number;
};

/**
 * Shares of the machine's CPU time (all cores together = 100%) while loaded: busy in all, used by the
 * server processes, and by PostgreSQL's backends serving them.
 */
export type CpuShare = { machinePercent: number; serversPercent: number; databasePercent: number };

/** The staff list measured: page 1 of the employee directory, as the HR app opens it. */
export const STAFF_LIST_PATH = '/api/v1/employees/visible?per_page=20';

type CpuTimes = { busy: number; total: number };

/** The whole machine's CPU ticks from /proc/stat (all cores). */
function readMachineCpu(): CpuTimes {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** CPU ticks (user + system) a process has used; 0 when it is gone. */
export function readProcessCpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends of the bench's database right now (the servers' pools among them). */
async function findBackendPids(database: DatabaseHandle): Promise<number[]> {
  const result = await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return (result.rows as { pid: number }[]).map((row) => Number(row.pid));
}

/**
 * Measures the CPU used while `work` runs: the machine's busy share, the servers' share and the share
 * of PostgreSQL's backends (those alive at the end; pools keep theirs while loaded).
 */
async function withCpu<T>(
  pids: readonly number[],
  database: DatabaseHandle,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuShare }> {
  const ticksOf = (list: readonly number[]) => list.reduce((sum, pid) => sum + readProcessCpuTicks(pid), 0);
  const backendsBefore = new Map(
    (await findBackendPids(database)).map((pid) => [pid, readProcessCpuTicks(pid)]),
  );
  const machineBefore = readMachineCpu();
  const serversBefore = ticksOf(pids);
  const result = await work();
  const machineAfter = readMachineCpu();
  const serversAfter = ticksOf(pids);
  const databaseTicks = (await findBackendPids(database)).reduce(
    (sum, pid) => sum + readProcessCpuTicks(pid) - (backendsBefore.get(pid) ?? 0),
    0,
  );
  const total = machineAfter.total - machineBefore.total;
  const percentOf = (ticks: number) => (total > 0 ? (ticks / total) * 100 : 0);
  return {
    result,
    cpu: {
      machinePercent: percentOf(machineAfter.busy - machineBefore.busy),
      serversPercent: percentOf(serversAfter - serversBefore),
      databasePercent: percentOf(databaseTicks),
    },
  };
}

/** Applications (a 20 KB CV each) sent for `durationSec` with `concurrency` in flight; 201s per second. */
async function loadApplications(options: {
  origins: readonly string[];
  vacancyId: number;
  entries: (seq: number) => ReturnType<typeof buildApplicationEntries>;
  concurrency: number;
  durationSec: number;
}) {
  const latencies: number[] = [];
  let created = 0;
  let failures = 0;
  let firstFailure: string | null = null;
  let seq = 0;
  const started = performance.now();
  const deadline = started + options.durationSec * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const n = seq++;
        const origin = options.origins[n % options.origins.length] ?? '';
        const answer = await postMultipart(
          `${origin}/api/v1/public-vacancies/${options.vacancyId}/response`,
          createMultipartBody(options.entries(n)),
          { 'idempotency-key': randomUUID() },
        ).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
        if (typeof answer !== 'string' && answer.status === 201) {
          created += 1;
          latencies.push(answer.ms);
        } else {
          failures += 1;
          firstFailure ??=
            typeof answer === 'string' ? answer : `${answer.status} ${answer.body.slice(0, 200)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    perSec: created / seconds,
    p50: computePercentile(latencies, 50),
    p99: computePercentile(latencies, 99),
    failures,
    firstFailure,
  };
}

/**
 * Staff list calls for `durationSec` over keep-alive connections (autocannon); 200s per second. Without
 * nginx, one autocannon per process, the connections split evenly, at the same time.
 */
async function loadStaffList(options: {
  origins: readonly string[];
  headers: Record<string, string>;
  connections: number;
  durationSec: number;
}) {
  const runs = await Promise.all(
    options.origins.map((origin) =>
      autocannon({
        url: `${origin}${STAFF_LIST_PATH}`,
        connections: Math.max(1, Math.round(options.connections / options.origins.length)),
        duration: options.durationSec,
        headers: options.headers,
        pipelining: 1,
        timeout: 10,
      }),
    ),
  );
  const ok = runs.reduce((sum, run) => sum + run['2xx'], 0);
  const seconds = Math.max(...runs.map((run) => run.duration));
  return {
    perSec: ok / seconds,
    p50: Math.max(...runs.map((run) => run.latency.p50)),
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    failures: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  };
}

/** Runs the whole scaling section: answers the steps measured, one per process count. */
export async function measureScaling(options: ScalingOptions): Promise<ScalingStep[]> {
  const { log } = options;
  const counts = options.counts ?? SCALING_PROCESS_COUNTS;
  const maxProcesses = Math.max(...counts);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadry-bench-scaling-'));
  const servers: RunningProcess[] = [];
  let database: DatabaseHandle | null = null;
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    // Throughput is measured here, not the shedder (4 processes on 2 cores lag on purpose).
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_RSS_MB: '0',
    ...(options.nginxBin ? { TRUST_PROXY: '1' } : {}),
  };
  const start = () =>
    startKadryServer({ repoRoot: options.repoRoot, dataDir, baseEnv, databaseUrl: options.databaseUrl });
  try {
    // The first migrates and seeds the demo company; the others start on the ready database.
    log(`scaling: starting ${maxProcesses} server processes on PostgreSQL`);
    servers.push(await start());
    servers.push(...(await Promise.all(Array.from({ length: maxProcesses - 1 }, start))));
    const targets = await discoverDemoTargets(servers[0]?.origin ?? '');
    const today = getTodayIsoDate();
    const cv = createPdfFile('cv.pdf', 20_000);
    const entries = (seq: number) =>
      buildApplicationEntries(targets.fields, { today, seq: 500_000 + seq, cv });

    database = await openDatabase({ databaseUrl: options.databaseUrl });
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL)).limit(1);
    if (!owner) throw new Error('the demo owner is missing');
    const token = await createSession(database.db, {
      companyId: owner.companyId,
      userId: owner.id,
      now: new Date(),
      maxAgeMs: 24 * 3_600_000,
    });
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    const observed = database;

    const steps: ScalingStep[] = [];
    for (const processes of counts) {
      const group = servers.slice(0, processes);
      let balancer: NginxBalancer | null = null;
      if (options.nginxBin) {
        balancer = await startNginxBalancer({
          nginxBin: options.nginxBin,
          upstreams: group.map((server) => server.origin.replace('http://', '')),
        });
      }
      try {
        const origins = balancer ? [balancer.origin] : group.map((server) => server.origin);
        const pids = group.map((server) => server.pid);
        const concurrency = options.applicationConcurrency ?? 16;
        const connections = options.staffConnections ?? 32;
        log(`scaling: ${processes} process(es): warming up`);
        await loadApplications({
          origins,
          vacancyId: targets.vacancyId,
          entries,
          concurrency,
          durationSec: 2,
        });
        await loadStaffList({ origins, headers, connections, durationSec: 2 });
        log(`scaling: ${processes} process(es): applications for ${options.durationSec} s`);
        const applications = await withCpu(pids, observed, () =>
          loadApplications({
            origins,
            vacancyId: targets.vacancyId,
            entries,
            concurrency,
            durationSec: options.durationSec,
          }),
        );
        log(`scaling: ${processes} process(es): staff list calls for ${options.durationSec} s`);
        const staff = await withCpu(pids, observed, () =>
          loadStaffList({ origins, headers, connections, durationSec: options.durationSec }),
        );
        steps.push({
          processes,
          applicationsPerSec: applications.result.perSec,
          applicationP50Ms: applications.result.p50,
          applicationP99Ms: applications.result.p99,
          applicationFailures: applications.result.failures,
          applicationFirstFailure: applications.result.firstFailure,
          staffListPerSec: staff.result.perSec,
          staffListP50Ms: staff.result.p50,
          staffListP99Ms: staff.result.p99,
          staffListFailures: staff.result.failures,
          applicationsCpu: applications.cpu,
          staffListCpu: staff.cpu,
          cores: os.cpus().length,
        });
      } finally {
        await balancer?.stop();
      }
    }
    return steps;
  } finally {
    await database?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const perSec = (value: number) => `${value < 100 ? value.toFixed(1) : Math.round(value)}/s`;
/**
 * CPU milliseconds one request cost (servers, PostgreSQL): what holds on a busy machine too, where the
 * throughput itself only shows the share of the CPU the bench got.
 */
export function cpuMsPerRequest(cpu: CpuShare, cores: number, perSec: number) {
  const msOf = (percent: number) => (perSec > 0 ? ((percent / 100) * cores * 1000) / perSec : 0);
  return { serversMs: msOf(cpu.serversPercent), databaseMs: msOf(cpu.databasePercent) };
}

const describeCpu = (cpu: CpuShare, cores: number, perSec: number) => {
  const cost = cpuMsPerRequest(cpu, cores, perSec);
  return (
    `CPU of ${cores} cores: servers ${Math.round(cpu.serversPercent)}%, PostgreSQL ${Math.round(cpu.databasePercent)}%, ` +
    `machine ${Math.round(cpu.machinePercent)}%; per request ${cost.serversMs.toFixed(1)} ms in the servers, ` +
    `${cost.databaseMs.toFixed(1)} ms in PostgreSQL`
  );
};

/** The table rows of the scaling section; `via` says how requests were spread (nginx or round robin). */
export function buildScalingRows(steps: readonly ScalingStep[], via: string): FigureRow[] {
  const first = steps[0];
  const rows: FigureRow[] = [];
  for (const step of steps) {
    const label = `${step.processes} process${step.processes === 1 ? '' : 'es'} (${via})`;
    const isFirst = step === first;
    const compare = (value: number, base: number | undefined) =>
      !isFirst && base !== undefined && base > 0
        ? { baseline: `1 process: ${perSec(base)}`, ratio: `${(value / base).toFixed(2)}×` }
        : {};
    const cpuData = (cpu: CpuShare, perSec: number) => {
      const cost = cpuMsPerRequest(cpu, step.cores, perSec);
      return {
        machineCpuPercent: cpu.machinePercent,
        serversCpuPercent: cpu.serversPercent,
        databaseCpuPercent: cpu.databasePercent,
        cores: step.cores,
        serversCpuMsPerRequest: cost.serversMs,
        databaseCpuMsPerRequest: cost.databaseMs,
      };
    };
    rows.push({
      key: `scaling.applications.${step.processes}`,
      figure:
        `applications per second, ${label}: p50 ${Math.round(step.applicationP50Ms)} ms, ` +
        `p99 ${Math.round(step.applicationP99Ms)} ms; ${describeCpu(step.applicationsCpu, step.cores, step.applicationsPerSec)}`,
      value: perSec(step.applicationsPerSec),
      ...compare(step.applicationsPerSec, first?.applicationsPerSec),
      targets: [{ label: 'no failed submission', isMet: step.applicationFailures === 0 }],
      data: {
        perSec: step.applicationsPerSec,
        p50Ms: step.applicationP50Ms,
        p99Ms: step.applicationP99Ms,
        failures: step.applicationFailures,
        ...cpuData(step.applicationsCpu, step.applicationsPerSec),
      },
    });
    rows.push({
      key: `scaling.staffList.${step.processes}`,
      figure:
        `staff list calls per second (${STAFF_LIST_PATH}), ${label}: p50 ${Math.round(step.staffListP50Ms)} ms, ` +
        `p99 ${Math.round(step.staffListP99Ms)} ms; ${describeCpu(step.staffListCpu, step.cores, step.staffListPerSec)}`,
      value: perSec(step.staffListPerSec),
      ...compare(step.staffListPerSec, first?.staffListPerSec),
      targets: [{ label: 'no failed call', isMet: step.staffListFailures === 0 }],
      data: {
        perSec: step.staffListPerSec,
        p50Ms: step.staffListP50Ms,
        p99Ms: step.staffListP99Ms,
        failures: step.staffListFailures,
        ...cpuData(step.staffListCpu, step.staffListPerSec),
      },
    });
  }
  return rows;
}
