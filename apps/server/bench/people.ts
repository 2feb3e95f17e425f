import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { formatMs as format, measureCompanyRatios, quietRss, type RatioCall } from './company-ratio';
import { send } from './http-send';
import { generatePeopleCompany, type PeopleCompany } from './people-company';
import type { FigureRow } from './report';
import { type RunningProcess, startKadryServer } from './server-process';
import { startRssSampler } from './upload-memory';

// The people section of the bench (issue 13): a generated company of 10,000 employees in 300 teams and
// one of 100 in 3 teams (the same team size) in the same database; p95 of the directory (search + filters), one profile, visible-teams
// and the export on each, the big one's as a ratio to the small one's (goal ≤ 2×); and the server's
// peak RSS growth during a 10,000-row import (dry run, then confirmation) and a 10,000-row export.

export type PeopleBenchOptions = {
  repoRoot: string;
  databaseUrl?: string | undefined;
  log: (message: string) => void;
  /** Sequential requests per measured endpoint (export: a quarter). */
  samples?: number;
};

// `send` lives in http-send.ts; the other sections still import it from here.
export { send };

/** Writes a 10,000-row import file for the company (streamed to disk). */
export async function writeImportFile(file: string, company: PeopleCompany, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Employees');
  sheet
    .addRow(['employee_number', 'first_name', 'last_name', 'email', 'teams', 'start_of_work', 'salary'])
    .commit();
  for (let i = 1; i <= rows; i += 1) {
    sheet
      .addRow([
        `IMP${String(i).padStart(6, '0')}`,
        `Imported${i}`,
        `Person${i}`,
        `imported${i}@${company.host}`,
        company.teamNames[i % company.teamNames.length] ?? '',
        '2031-01-15',
        String(1000 + (i % 40) * 50),
      ])
      .commit();
  }
  await workbook.commit();
}

/** Sends a file as the multipart field `file`, streamed from disk. */
export function uploadFile(origin: string, company: PeopleCompany, file: string) {
  const boundary = `----kadrybench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.xlsx"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file).size;
  return send(`${origin}/api/v1/employee-imports`, {
    method: 'POST',
    headers: {
      ...company.headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      accept: 'application/json',
    },
    length: head.length + size + tail.length,
    body: () => {
      const stream = new PassThrough();
      stream.write(head);
      const source = createReadStream(file);
      source.on('end', () => stream.end(tail));
      source.pipe(stream, { end: false });
      return stream;
    },
  });
}

async function measureRssGrowth(pid: number, work: () => Promise<void>) {
  const before = await quietRss(pid);
  const sampler = startRssSampler(pid);
  const started = performance.now();
  try {
    await work();
  } finally {
    sampler.stop();
  }
  const { peakBytes } = sampler.stop();
  return { before, growth: Math.max(0, peakBytes - before), ms: performance.now() - started };
}

const MB = 1_000_000;

/** Runs the whole people section on a server of its own; answers the table rows. */
export async function measurePeople(options: PeopleBenchOptions): Promise<FigureRow[]> {
  const { log } = options;
  const samples = options.samples ?? 60;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kadry-bench-people-'));
  const rows: FigureRow[] = [];
  let server: RunningProcess | null = null;
  try {
    log('people: generating a company of 10,000 employees in 300 teams and one of 100');
    const database = await openDatabase(
      options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir },
    );
    let big: PeopleCompany;
    let small: PeopleCompany;
    const suffix = Date.now().toString(36);
    try {
      await migrateDatabase(database);
      const started = performance.now();
      big = await generatePeopleCompany(database.db, {
        slug: `bench-10k-${suffix}`,
        host: `bench-10k-${suffix}.localhost`,
        employees: 10_000,
        teams: 300,
      });
      small = await generatePeopleCompany(database.db, {
        slug: `bench-100-${suffix}`,
        host: `bench-100-${suffix}.localhost`,
        employees: 100,
        // Teams of the big company's size (~33 people each, round-robin): the export of one team is
        // then the same rows' worth of work in both, and only the company around it differs.
        teams: 3,
      });
      log(`people: generated in ${Math.round(performance.now() - started)} ms`);
    } finally {
      await database.close();
    }
    server = await startKadryServer({
      repoRoot: options.repoRoot,
      dataDir,
      // Latency is measured here, not the shedder: a long PGlite statement on a shared machine must not
      // turn into 503s (the same way the bench raises the rate limits).
      baseEnv: { ...process.env, SHED_EVENT_LOOP_DELAY_MS: '0' },
      databaseUrl: options.databaseUrl,
    });
    const origin = server.origin;

    const calls: RatioCall[] = [
      {
        key: 'people.list',
        label: 'directory: search + team + status filters',
        path: (company) =>
          `/api/v1/employees/visible?search=ko&per_page=20&team_ids=${company.sampleTeamId}` +
          (company.sampleStatusId ? `&status_ids=${company.sampleStatusId}` : ''),
        count: samples,
      },
      {
        key: 'people.list.search',
        label: 'directory: search only, page 1',
        path: () => '/api/v1/employees/visible?search=shevchenko&per_page=20',
        count: samples,
      },
      {
        key: 'people.profile',
        label: 'one profile',
        path: (company) => `/api/v1/employees/${company.sampleEmployeeId}`,
        count: samples,
      },
      {
        key: 'people.visibleTeams',
        label: 'visible-teams (mode=list)',
        path: () => '/dictionaries/visible-teams?mode=list',
        count: samples,
      },
      {
        // The same rows' worth of work in both companies (one team): the export's cost must not grow
        // with the company. The whole directory's export is timed below, as rows per second.
        key: 'people.export',
        label: 'export (CSV) of one team',
        path: (company) => `/api/v1/employees/export?format=csv&team_ids=${company.sampleTeamId}`,
        count: Math.max(10, Math.round(samples / 3)),
      },
    ];
    rows.push(
      ...(await measureCompanyRatios({ origin, big, small, calls, section: 'people', issue: 13, log })),
    );

    log('people: export of the whole 10,000-employee directory (CSV)');
    const whole = await send(`${origin}/api/v1/employees/export?format=csv&state=all`, {
      headers: big.headers,
    });
    if (whole.status !== 200) throw new Error(`export answered ${whole.status}`);
    const exportedRows = whole.body.toString('utf8').split('\r\n').length - 2;
    rows.push({
      key: 'people.export.all',
      figure: `export (CSV) of all ${exportedRows.toLocaleString('en')} employees: wall time`,
      value: format(whole.ms),
      baseline: `${Math.round((exportedRows / whole.ms) * 1000).toLocaleString('en')} rows/s`,
      data: { wallMs: whole.ms, rows: exportedRows, bytes: whole.body.length },
    });

    log('people: 10,000-row import (dry run, then confirmation)');
    const file = path.join(dataDir, 'import.xlsx');
    await writeImportFile(file, big, 10_000);
    let importId = 0;
    const dryRun = await measureRssGrowth(server.pid, async () => {
      const answer = await uploadFile(origin, big, file);
      if (answer.status !== 201)
        throw new Error(`import upload answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
      const parsed = JSON.parse(answer.body.toString()) as {
        data: { id: number; summary: { error: number } };
      };
      if (parsed.data.summary.error > 0)
        throw new Error(`the import file has ${parsed.data.summary.error} rows with errors`);
      importId = parsed.data.id;
    });
    const confirm = await measureRssGrowth(server.pid, async () => {
      const answer = await send(`${origin}/api/v1/employee-imports/${importId}/confirm`, {
        method: 'POST',
        headers: { ...big.headers, accept: 'application/json' },
      });
      if (answer.status !== 200)
        throw new Error(`import confirm answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    });
    log('people: export of 20,000 rows (XLSX)');
    const exported = await measureRssGrowth(server.pid, async () => {
      const answer = await send(`${origin}/api/v1/employees/export?format=xlsx&state=all`, {
        headers: big.headers,
      });
      if (answer.status !== 200) throw new Error(`export answered ${answer.status}`);
    });
    for (const [key, label, result] of [
      ['people.import.check', '10,000-row XLSX import, dry run', dryRun],
      ['people.import.confirm', '10,000-row XLSX import, confirmation', confirm],
      ['people.export.xlsx', 'XLSX export of 20,000 employees', exported],
    ] as const) {
      rows.push({
        key,
        figure: `${label}: peak RSS growth`,
        value: `${(result.growth / MB).toFixed(1)} MB`,
        baseline: `RSS before ${(result.before / MB).toFixed(1)} MB`,
        targets: [{ label: '≤ +100 MB (#13)', isMet: result.growth <= 100 * MB }],
        data: { growthBytes: result.growth, beforeBytes: result.before, wallMs: result.ms },
      });
      rows.push({ key: `${key}.time`, figure: `${label}: wall time`, value: format(result.ms) });
    }
    return rows;
  } finally {
    if (server) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
