import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { dictionaryItems } from '../src/db/schema/dictionaries';
import type { Db } from '../src/db/tables';
import { formatMs as format, measureCompanyRatios, quietRss, type RatioCall } from './company-ratio';
import { send } from './people';
import { generatePeopleCompany, type PeopleCompany } from './people-company';
import type { FigureRow } from './report';
import { type RunningProcess, startKadryServer } from './server-process';
import { startRssSampler } from './upload-memory';

// The statistics section of the bench (issue 15): the people section's companies (10,000 employees in
// 300 teams, and 100 in 10) with children — every other employee has one or two, aged 0 to 24 — in
// one database; p95 of the children statistics call (counts over the company plus a page of the list)
// and of the XLSX export of one team, the big company's as a ratio to the small one's (goal ≤ 2×);
// and the server's peak RSS growth while it exports every child of the big company (goal ≤ +50 MB).

export type StatisticsBenchOptions = {
  repoRoot: string;
  databaseUrl?: string | undefined;
  baseEnv: NodeJS.ProcessEnv;
  log: (message: string) => void;
  /** Sequential requests per measured call and company (the export: a third). */
  samples?: number;
};

/** Gives every other employee of the company one or two children (son, daughter), aged 0 to 24. */
export async function addChildren(db: Db, companyId: number): Promise<number> {
  const types = await db
    .select({ id: dictionaryItems.id, code: dictionaryItems.code })
    .from(dictionaryItems)
    .where(
      and(
        isNull(dictionaryItems.companyId),
        sql`${dictionaryItems.dictionary} = 'relative_type'`,
        inArray(dictionaryItems.code, ['son', 'daughter']),
      ),
    );
  const son = types.find((type) => type.code === 'son')?.id;
  const daughter = types.find((type) => type.code === 'daughter')?.id;
  if (!son || !daughter) throw new Error('addChildren: the relative types son and daughter are missing');
  const result = await db.execute<{ count: number }>(sql`
    with inserted as (
      insert into employee_relatives (company_id, employee_id, relative_type_id, name, birth_date)
      select ${companyId}::int, e.id, case when (e.id + k) % 2 = 0 then ${son}::int else ${daughter}::int end,
        'Child ' || e.id || '-' || k,
        current_date - ((e.id * 53 + k * 997) % (25 * 365))
      from employees e
      cross join generate_series(1, 2) k
      where e.company_id = ${companyId} and e.id % 2 = 0 and (k = 1 or e.id % 3 = 0)
      returning 1
    )
    select count(*)::int as count from inserted`);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * The team whose subtree (the team and those below, as the filter takes them) holds the number of
 * children nearest `target`: the export is then timed on the same rows' worth of work in both companies.
 */
export async function findTeamWithChildren(db: Db, companyId: number, target: number): Promise<number> {
  const result = await db.execute<{ id: number; parent_id: number | null; children: number }>(sql`
    select t.id, t.parent_id,
      (select count(*)::int from team_members tm
        join employee_relatives r on r.company_id = ${companyId} and r.employee_id = tm.employee_id
        where tm.company_id = ${companyId} and tm.team_id = t.id) as children
    from teams t where t.company_id = ${companyId}`);
  const teams = result.rows.map((row) => ({
    id: Number(row.id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    children: Number(row.children),
  }));
  const total = new Map(teams.map((team) => [team.id, team.children]));
  // Add each team's count to every team above it.
  const parentOf = new Map(teams.map((team) => [team.id, team.parentId]));
  for (const team of teams) {
    for (let parent = team.parentId; parent !== null; parent = parentOf.get(parent) ?? null) {
      total.set(parent, (total.get(parent) ?? 0) + team.children);
    }
  }
  const [best] = [...total.entries()].sort(([, a], [, b]) => Math.abs(a - target) - Math.abs(b - target));
  if (!best) throw new Error('findTeamWithChildren: the company has no team');
  return best[0];
}

const MB = 1_000_000;
/** How many children the timed export holds in either company. */
const EXPORT_ROWS = 20;

/** Runs the statistics section on a server of its own; answers the table rows. */
export async function measureStatistics(options: StatisticsBenchOptions): Promise<FigureRow[]> {
  const { log } = options;
  const samples = options.samples ?? 60;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kadry-bench-statistics-'));
  const rows: FigureRow[] = [];
  let server: RunningProcess | null = null;
  try {
    log('statistics: generating a company of 10,000 employees and one of 100, with children');
    const database = await openDatabase(
      options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir },
    );
    let big: PeopleCompany;
    let small: PeopleCompany;
    let bigChildren: number;
    let smallChildren: number;
    let exportTeams: { big: number; small: number };
    const suffix = Date.now().toString(36);
    try {
      await migrateDatabase(database);
      big = await generatePeopleCompany(database.db, {
        slug: `bench-stats-10k-${suffix}`,
        host: `bench-stats-10k-${suffix}.localhost`,
        employees: 10_000,
        teams: 300,
      });
      small = await generatePeopleCompany(database.db, {
        slug: `bench-stats-100-${suffix}`,
        host: `bench-stats-100-${suffix}.localhost`,
        employees: 100,
        teams: 10,
      });
      bigChildren = await addChildren(database.db, big.companyId);
      smallChildren = await addChildren(database.db, small.companyId);
      // As autovacuum (or the server's refresh on PGlite) would have after the bulk load: statistics,
      // and the visibility map the index-only reads rely on.
      await database.db.execute(sql`vacuum analyze`);
      exportTeams = {
        big: await findTeamWithChildren(database.db, big.companyId, EXPORT_ROWS),
        small: await findTeamWithChildren(database.db, small.companyId, EXPORT_ROWS),
      };
    } finally {
      await database.close();
    }
    log(`statistics: ${bigChildren} and ${smallChildren} children`);
    server = await startKadryServer({
      repoRoot: options.repoRoot,
      dataDir,
      baseEnv: { ...options.baseEnv, SHED_EVENT_LOOP_DELAY_MS: '0' },
      databaseUrl: options.databaseUrl,
    });
    const origin = server.origin;

    const calls: RatioCall[] = [
      {
        key: 'statistics.children',
        label: 'children statistics: counts over the company + page 1',
        path: () => '/api/statistics/children?per_page=20',
        count: samples,
      },
      {
        key: 'statistics.children.filtered',
        label: 'children statistics: team + age filter',
        path: (company) => `/api/statistics/children?per_page=20&team_ids=${company.sampleTeamId}&age_to=17`,
        count: samples,
      },
      {
        // The same rows' worth of work in both companies (a team holding ~20 children): the export's
        // cost must not grow with the company. The whole company's export is measured below for memory.
        key: 'statistics.children.export',
        label: `children export (XLSX) of a team of ~${EXPORT_ROWS} children`,
        path: (company) =>
          `/api/statistics/children/export?team_ids=${company === big ? exportTeams.big : exportTeams.small}`,
        count: Math.max(10, Math.round(samples / 3)),
      },
    ];
    rows.push(
      ...(await measureCompanyRatios({ origin, big, small, calls, section: 'statistics', issue: 15, log })),
    );

    log(`statistics: XLSX export of all ${bigChildren} children (peak RSS)`);
    const before = await quietRss(server.pid);
    const sampler = startRssSampler(server.pid);
    const started = performance.now();
    let bytes = 0;
    try {
      const answer = await send(`${origin}/api/statistics/children/export?state=all`, {
        headers: big.headers,
      });
      if (answer.status !== 200) throw new Error(`export answered ${answer.status}`);
      bytes = answer.body.length;
    } finally {
      sampler.stop();
    }
    const wallMs = performance.now() - started;
    const growth = Math.max(0, sampler.stop().peakBytes - before);
    rows.push({
      key: 'statistics.children.export.all',
      figure: `XLSX export of ${bigChildren.toLocaleString('en')} children: peak RSS growth`,
      value: `${(growth / MB).toFixed(1)} MB`,
      baseline: `RSS before ${(before / MB).toFixed(1)} MB`,
      targets: [{ label: '≤ +50 MB (#15)', isMet: growth <= 50 * MB }],
      data: { growthBytes: growth, beforeBytes: before, wallMs, bytes, rows: bigChildren },
    });
    rows.push({
      key: 'statistics.children.export.all.time',
      figure: `XLSX export of ${bigChildren.toLocaleString('en')} children: wall time`,
      value: format(wallMs),
      baseline: `${Math.round((bigChildren / wallMs) * 1000).toLocaleString('en')} rows/s`,
    });
    return rows;
  } finally {
    if (server) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
