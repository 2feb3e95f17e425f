import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { type AbsencesCompany, generateAbsencesCompany } from './absences-company';
import { send } from './people';
import type { FigureRow } from './report';
import { type RunningProcess, startKadryServer } from './server-process';
import { computeMedian, computePercentile } from './stats';

// The absences section of the bench (issue 14): a generated company of 10,000 employees with three
// years of absences (~300,000 requests with their steps and ledger) and one of 100 with the same
// density, in one database; p95 of creating a request, one person's balance, revoking an absence,
// the company's month report and who is absent today (when those are served) on each, the big one's
// as a ratio to the small one's (goal ≤ 2×), and revoking's p95 against its own goal (< 50 ms).

export type AbsencesBenchOptions = {
  repoRoot: string;
  databaseUrl?: string | undefined;
  /** The environment the server starts from. */
  baseEnv: NodeJS.ProcessEnv;
  log: (message: string) => void;
  /** Requests per measured call and company (each write uses a person or absence of its own). */
  samples?: number;
};

type Call = {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  /** Answers that count as success. */
  ok: readonly number[];
};

/** Times `count` calls (after `warmup` more), failing on any unexpected status. */
async function measure(origin: string, company: AbsencesCompany, calls: (i: number) => Call, count: number) {
  const times: number[] = [];
  const warmup = Math.max(2, Math.ceil(count / 10));
  for (let i = 0; i < warmup + count; i += 1) {
    const call = calls(i);
    const payload = call.body ? Buffer.from(JSON.stringify(call.body)) : null;
    const answer = await send(`${origin}${call.path}`, {
      method: call.method,
      headers: {
        ...company.headers,
        accept: 'application/json',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload
        ? {
            length: payload.length,
            body: () => Readable.from([payload]),
          }
        : {}),
    });
    if (!call.ok.includes(answer.status)) {
      throw new Error(
        `${call.method} ${call.path} (${company.host}) answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`,
      );
    }
    if (i >= warmup) times.push(answer.ms);
  }
  return { p95: computePercentile(times, 95), median: computeMedian(times), samples: times.length };
}

/** Whether a GET route is served (a planned route answers 404). */
async function isServed(origin: string, company: AbsencesCompany, pathname: string): Promise<boolean> {
  const answer = await send(`${origin}${pathname}`, {
    headers: { ...company.headers, accept: 'application/json' },
  });
  return answer.status === 200;
}

const format = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

/** A Monday of the year after `today` (no generated absence lies there). */
function mondayOfNextYear(today: string, week: number): string {
  const year = Number(today.slice(0, 4)) + 1;
  const first = new Date(Date.UTC(year, 0, 1));
  const shift = (8 - (first.getUTCDay() === 0 ? 7 : first.getUTCDay())) % 7;
  return new Date(Date.UTC(year, 0, 1 + shift + week * 7)).toISOString().slice(0, 10);
}

/** Runs the absences section on a server of its own; answers the table rows. */
export async function measureAbsences(options: AbsencesBenchOptions): Promise<FigureRow[]> {
  const { log } = options;
  const samples = options.samples ?? 60;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kadry-bench-absences-'));
  const rows: FigureRow[] = [];
  const today = new Date().toISOString().slice(0, 10);
  let server: RunningProcess | null = null;
  try {
    log('absences: generating 10,000 employees with 3 years of absences, and 100 with the same density');
    const database = await openDatabase(
      options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir },
    );
    let big: AbsencesCompany;
    let small: AbsencesCompany;
    const suffix = Date.now().toString(36);
    try {
      await migrateDatabase(database);
      const started = performance.now();
      big = await generateAbsencesCompany(database.db, {
        slug: `bench-abs-10k-${suffix}`,
        host: `bench-abs-10k-${suffix}.localhost`,
        employees: 10_000,
        teams: 300,
        years: 3,
        today,
      });
      small = await generateAbsencesCompany(database.db, {
        slug: `bench-abs-100-${suffix}`,
        host: `bench-abs-100-${suffix}.localhost`,
        employees: 100,
        teams: 10,
        years: 3,
        today,
      });
      const generatedMs = performance.now() - started;
      log(
        `absences: generated ${big.requests.toLocaleString('en')} + ${small.requests.toLocaleString('en')} requests and ` +
          `${big.ledgerEntries.toLocaleString('en')} + ${small.ledgerEntries.toLocaleString('en')} ledger entries in ${Math.round(generatedMs)} ms`,
      );
      rows.push({
        key: 'absences.generated',
        figure: '10,000 people × 3 years of absences: generated rows',
        value: `${big.requests.toLocaleString('en')} requests`,
        baseline: `${big.ledgerEntries.toLocaleString('en')} ledger entries, ${format(generatedMs)} (both companies)`,
        data: { requests: big.requests, ledgerEntries: big.ledgerEntries, generatedMs },
      });
    } finally {
      await database.close();
    }
    server = await startKadryServer({
      repoRoot: options.repoRoot,
      dataDir,
      baseEnv: { ...options.baseEnv, SHED_EVENT_LOOP_DELAY_MS: '0' },
      databaseUrl: options.databaseUrl,
    });
    const origin = server.origin;
    const writes = Math.min(samples, 40);
    const [year, month] = today.split('-').map(Number) as [number, number];

    const measured: {
      key: string;
      label: string;
      calls: (company: AbsencesCompany) => (i: number) => Call;
      count: number;
    }[] = [
      {
        key: 'absences.create',
        label: 'create a request (vacation, 1 day)',
        calls: (company) => (i) => ({
          method: 'POST',
          path: '/api/v1/employee-request/requests',
          body: {
            absence_type: 'vacation',
            employee_id: company.freeEmployeeIds[i % company.freeEmployeeIds.length],
            date_from: mondayOfNextYear(today, Math.floor(i / company.freeEmployeeIds.length)),
            date_to: mondayOfNextYear(today, Math.floor(i / company.freeEmployeeIds.length)),
          },
          ok: [201],
        }),
        count: writes,
      },
      {
        key: 'absences.balance',
        label: 'balance of one person (dashboard.balance.absence)',
        calls: () => () => ({ method: 'GET', path: '/api/v1/dashboard/balance/absence', ok: [200] }),
        count: samples,
      },
      {
        key: 'absences.revoke',
        label: 'revoke one approved absence',
        calls: (company) => (i) => ({
          method: 'POST',
          path: `/api/v1/employee-request/requests/${company.approvedVacationIds[i]}/revoke`,
          body: { reason: 'bench' },
          ok: [200],
        }),
        count: writes,
      },
    ];
    const reportPath = `/api/v1/absences/report?period=month&year=${year}&month=${month}&group_by=team`;
    if (await isServed(origin, small, reportPath)) {
      measured.push({
        key: 'absences.report.month',
        label: 'company report for one month (by team)',
        calls: () => () => ({ method: 'GET', path: reportPath, ok: [200] }),
        count: samples,
      });
    } else log('absences: the month report is not served; skipped');
    const absentTodayPath = '/api/v1/dashboard/absent-today';
    if (await isServed(origin, small, absentTodayPath)) {
      measured.push({
        key: 'absences.absentToday',
        label: 'absent today',
        calls: () => () => ({ method: 'GET', path: absentTodayPath, ok: [200] }),
        count: samples,
      });
    } else log('absences: absent today is not served; skipped');

    for (const item of measured) {
      log(`absences: ${item.label}`);
      const onBig = await measure(origin, big, item.calls(big), item.count);
      const onSmall = await measure(origin, small, item.calls(small), item.count);
      const ratio = onBig.p95 / onSmall.p95;
      rows.push({
        key: item.key,
        figure: `10,000 people, 3 years of absences: ${item.label}: p95`,
        value: format(onBig.p95),
        baseline: `100 people: ${format(onSmall.p95)}`,
        ratio: `${ratio.toFixed(2)}×`,
        targets: [
          { label: '≤ 2× (#14)', isMet: ratio <= 2 },
          ...(item.key === 'absences.revoke' ? [{ label: '< 50 ms (#14)', isMet: onBig.p95 < 50 }] : []),
        ],
        data: {
          p95Ms: onBig.p95,
          medianMs: onBig.median,
          smallP95Ms: onSmall.p95,
          smallMedianMs: onSmall.median,
          samples: onBig.samples,
        },
      });
    }
    return rows;
  } finally {
    if (server) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
