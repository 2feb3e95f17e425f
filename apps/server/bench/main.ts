import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import { measureAbsences } from './absences';
import { startBaselineServer } from './baseline-server';
import { type BenchOptions, type BenchSection, readBenchOptions } from './bench-options';
import { measureBulkMove } from './bulk-move';
import { measureCandidateSearch } from './candidate-search';
import { measureDashboard } from './dashboard';
import { type DemoTargets, discoverDemoTargets } from './endpoints';
import { buildApiRows, buildPagesRows, buildSubmissionRows, buildUploadRows } from './figures';
import { getRaw } from './http-get';
import { buildLighthouseRows, measureLighthouse } from './lighthouse';
import { describeLoadFailure, type LoadResult, measureAgainstBaseline } from './load';
import { measureCareersPages } from './pages';
import { measurePeople } from './people';
import { type BenchReport, type FigureRow, formatReportTable, writeReportJson } from './report';
import { buildScalingRows, measureScaling } from './scaling';
import { killTrackedChildren, type RunningProcess, startKadryServer } from './server-process';
import { measureStatistics } from './statistics';
import { measureSubmissions } from './submissions';
import { measureUploadMemory } from './upload-memory';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CAREERS_CLIENT_DIR = path.join(REPO_ROOT, 'apps/careers/dist/client');
const RESULTS_FILE = path.join(REPO_ROOT, 'bench-results/latest.json');

function log(message: string): void {
  console.error(`[bench] ${message}`);
}

/** What the run has gathered so far: table rows, and failures that make it exit non-zero. */
type Findings = { rows: FigureRow[]; failures: string[] };

/** Runs one part of the bench; a failure is recorded and the rest still runs. */
async function runStep(name: string, findings: Findings, work: () => Promise<FigureRow[]>): Promise<void> {
  log(`${name}…`);
  try {
    findings.rows.push(...(await work()));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    findings.failures.push(`${name}: ${message}`);
    log(`${name} FAILED: ${message}`);
  }
}

async function measureApi(
  server: RunningProcess,
  targets: DemoTargets,
  options: BenchOptions,
  findings: Findings,
) {
  for (const endpoint of targets.endpoints) {
    await runStep(`${endpoint.label} (${endpoint.path})`, findings, async () => {
      const answer = await getRaw(`${server.origin}${endpoint.path}`);
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
      const baselineServer = await startBaselineServer(answer.body);
      let paired: { endpoint: LoadResult; baseline: LoadResult };
      try {
        paired = await measureAgainstBaseline({
          endpointUrl: `${server.origin}${endpoint.path}`,
          baselineUrl: `${baselineServer.origin}${endpoint.path}`,
          connections: options.connections,
          durationSec: options.durationSec,
          warmupSec: options.warmupSec,
          rounds: options.rounds,
        });
      } finally {
        await baselineServer.stop();
      }
      const { endpoint: measured, baseline } = paired;
      for (const [label, result] of [
        [endpoint.label, measured],
        [`${endpoint.label} baseline`, baseline],
      ] as const) {
        const failure = describeLoadFailure(label, result);
        if (failure) findings.failures.push(failure);
      }
      return buildApiRows({ ...endpoint, bodyBytes: answer.body.length, endpoint: measured, baseline });
    });
  }
}

/** Above this 1-minute load average per core, other programs are competing with the bench for the CPU. */
const BUSY_LOAD_PER_CORE = 0.5;

/** The public side's sections (all but people) on one server with the demo data. */
async function measurePublicSide(
  options: BenchOptions,
  dataDir: string,
  findings: Findings,
  runs: (section: BenchSection) => boolean,
): Promise<void> {
  log(`starting the server (${options.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, data in ${dataDir})`);
  const server = await startKadryServer({
    repoRoot: REPO_ROOT,
    dataDir,
    baseEnv: process.env,
    databaseUrl: options.databaseUrl,
  });
  try {
    log(`server ready at ${server.origin} (pid ${server.pid})`);
    const targets = await discoverDemoTargets(server.origin);
    for (const note of targets.notes) log(note);
    const today = getTodayIsoDate();
    const submission = { origin: server.origin, vacancyId: targets.vacancyId, fields: targets.fields, today };

    if (runs('api')) await measureApi(server, targets, options, findings);
    if (runs('uploads')) {
      await runStep('uploads and memory', findings, async () => {
        const result = await measureUploadMemory({ ...submission, pid: server.pid });
        if (result.firstFailure) findings.failures.push(`upload refused: ${result.firstFailure}`);
        return buildUploadRows(result);
      });
    }
    if (runs('submissions')) {
      await runStep('submissions', findings, async () => {
        const result = await measureSubmissions(submission);
        if (result.firstFailure)
          findings.failures.push(`${result.failed} submissions refused, first: ${result.firstFailure}`);
        return buildSubmissionRows(result);
      });
    }
    if (runs('pages')) {
      await runStep('careers pages', findings, async () =>
        buildPagesRows(await measureCareersPages(server.origin, targets.vacancyId, CAREERS_CLIENT_DIR)),
      );
    }
    if (runs('lighthouse')) {
      await runStep('lighthouse', findings, async () =>
        buildLighthouseRows(
          await measureLighthouse([
            `${server.origin}/careers`,
            `${server.origin}/careers/${targets.vacancyId}`,
          ]),
          ['/careers', '/careers/{id}'],
        ),
      );
    }
  } finally {
    log('stopping the server');
    await server.stop();
  }
}

async function runBench(options: BenchOptions, dataDir: string): Promise<BenchReport> {
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg()[0] ?? 0;
  const runs = (section: BenchSection) => options.sections.includes(section);
  const findings: Findings = { rows: [], failures: [] };
  if (
    options.sections.some(
      (section) =>
        section !== 'people' &&
        section !== 'absences' &&
        section !== 'candidate-search' &&
        section !== 'bulk-move' &&
        section !== 'statistics' &&
        section !== 'dashboard' &&
        section !== 'scaling',
    )
  ) {
    await measurePublicSide(options, dataDir, findings, runs);
  }
  // People (issue 13): a server of its own on a database with two generated companies.
  if (runs('people')) {
    await runStep('people', findings, () =>
      measurePeople({ repoRoot: REPO_ROOT, databaseUrl: options.databaseUrl, log }),
    );
  }
  // Absences (issue 14): a server of its own on a database with two generated companies.
  if (runs('absences')) {
    await runStep('absences', findings, () =>
      measureAbsences({ repoRoot: REPO_ROOT, databaseUrl: options.databaseUrl, baseEnv: process.env, log }),
    );
  }
  // Candidate search (issue 17): a server of its own on a database with 100,000 + 1,000 applications.
  if (runs('candidate-search')) {
    await runStep('candidate search', findings, () =>
      measureCandidateSearch({
        repoRoot: REPO_ROOT,
        databaseUrl: options.databaseUrl,
        baseEnv: process.env,
        log,
      }),
    );
  }
  // Bulk moves (issue 17): 1,000 applications moved to another stage in one request, then undone.
  if (runs('bulk-move')) {
    await runStep('bulk move', findings, () =>
      measureBulkMove({ repoRoot: REPO_ROOT, databaseUrl: options.databaseUrl, baseEnv: process.env, log }),
    );
  }
  // Children statistics (issue 15): the list and the export on 10,000 vs 100 employees, export memory.
  if (runs('statistics')) {
    await runStep('statistics', findings, () =>
      measureStatistics({ repoRoot: REPO_ROOT, databaseUrl: options.databaseUrl, baseEnv: process.env, log }),
    );
  }
  // The dashboard (issue 15): every widget's call as the HR app makes them, 10,000 vs 100 employees.
  if (runs('dashboard')) {
    await runStep('dashboard', findings, () =>
      measureDashboard({ repoRoot: REPO_ROOT, databaseUrl: options.databaseUrl, baseEnv: process.env, log }),
    );
  }
  // Scaling (issue 16 item 7): 1, 2 and 4 servers on the private PostgreSQL cluster npm run bench starts.
  if (runs('scaling')) {
    await runStep('scaling', findings, async () => {
      const databaseUrl = options.scalingDatabaseUrl;
      if (!databaseUrl) {
        throw new Error(
          'no PostgreSQL cluster: run it as `npm run bench -- --only scaling`, which starts one',
        );
      }
      const via = options.nginxBin ? 'nginx' : 'round robin in the client, nginx missing';
      if (!options.nginxBin) log('scaling: nginx not found: requests go round robin from the client');
      const steps = await measureScaling({
        repoRoot: REPO_ROOT,
        databaseUrl,
        nginxBin: options.nginxBin,
        durationSec: options.durationSec,
        log,
      });
      for (const step of steps) {
        if (step.applicationFailures > 0 || step.staffListFailures > 0) {
          findings.failures.push(
            `scaling with ${step.processes} processes: ${step.applicationFailures} failed applications ` +
              `(first: ${step.applicationFirstFailure ?? 'none'}), ${step.staffListFailures} failed staff calls`,
          );
        }
      }
      return buildScalingRows(steps, via);
    });
  }
  const cpus = os.cpus();
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      memoryBytes: os.totalmem(),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    },
    settings: {
      database:
        options.databaseUrl || options.sections.every((section) => section === 'scaling')
          ? 'postgresql'
          : 'pglite',
      durationSec: options.durationSec,
      warmupSec: options.warmupSec,
      rounds: options.rounds,
      connections: options.connections,
      sections: [...options.sections],
    },
    rows: findings.rows,
    failures: findings.failures,
  };
}

async function main(): Promise<number> {
  const options = readBenchOptions(process.env, process.argv.slice(2));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kadry-bench-'));
  const cleanUp = () => {
    killTrackedChildren();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping the processes the bench started`);
      cleanUp();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  process.once('exit', killTrackedChildren);
  try {
    const report = await runBench(options, dataDir);
    const { settings, machine } = report;
    console.log(
      `Kadry bench · ${settings.database} · ${machine.cpus} × ${machine.cpuModel} · node ${machine.node} · ` +
        `${settings.connections} connections × ${settings.durationSec} s in ${settings.rounds} rounds alternating with the baseline (warm-up ${settings.warmupSec} s)\n`,
    );
    console.log(formatReportTable(report.rows));
    // Only the load before counts: by the end the bench's own two processes are in the average.
    const { before } = machine.loadAverage;
    if (before > BUSY_LOAD_PER_CORE * machine.cpus) {
      console.log(
        `\nWARNING: the machine was busy before the run (load average ${before.toFixed(1)} on ${machine.cpus} ` +
          'cores): other programs shared the CPU, so these figures are not the machine at its best.',
      );
    }
    await writeReportJson(RESULTS_FILE, report);
    console.log(`\nwritten to ${path.relative(process.cwd(), RESULTS_FILE)}`);
    if (report.failures.length > 0) {
      console.log(
        `\nFAILURES (${report.failures.length}):\n${report.failures.map((f) => `  - ${f}`).join('\n')}`,
      );
      return 1;
    }
    return 0;
  } finally {
    cleanUp();
  }
}

// Exits explicitly: idle keep-alive sockets (fetch, autocannon) would otherwise hold the process for seconds.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
