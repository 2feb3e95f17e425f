import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../src/db/client';
import {
  type CandidateSearchCompany,
  generateCandidateSearchCompany,
  RARE_COUNT,
  RARE_WORD,
  SKILLS,
} from './candidate-search-company';
import { send } from './people';
import type { FigureRow } from './report';
import { type RunningProcess, startKadryServer } from './server-process';
import { computeMedian, computePercentile } from './stats';

// The candidate-search section of the bench (issue 17, decision 027): one database with a company of
// 100,000 applications with CVs and one of 1,000 with the same CVs; p95 of the ranked full-text search
// (GET /api/v1/applications/search, the HR session) on each, the big one's as a ratio to the small
// one's (goal ≤ 2×). Three searches: a word in the same 20 CVs of each company (what a search costs
// when it finds the same), a skill by prefix in 10% of the applications (CV or answers) (hits grow with the company), and a name
// with a skill. Since decision 030 the search ranks only the newest matches and counts up to 1,000:
// "1000+ hits" is a capped count, and the figures say what a page costs, not what ranking every hit
// would (the list endpoint still does that).

export type CandidateSearchBenchOptions = {
  repoRoot: string;
  databaseUrl?: string | undefined;
  baseEnv: NodeJS.ProcessEnv;
  log: (message: string) => void;
  /** Requests per measured search and company. */
  samples?: number;
  /** Applications of the big company (the small one has 1/100 of them). */
  applications?: number;
};

const format = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

async function measure(
  server: RunningProcess,
  company: CandidateSearchCompany,
  pathname: string,
  count: number,
) {
  const origin = server.origin;
  const times: number[] = [];
  let total = 0;
  let isCapped = false;
  const warmup = Math.max(3, Math.ceil(count / 10));
  for (let i = 0; i < warmup + count; i += 1) {
    const answer = await send(`${origin}${pathname}`, {
      headers: { ...company.headers, accept: 'application/json' },
    });
    if (answer.status !== 200) {
      throw new Error(
        `GET ${pathname} (${company.host}) answered ${answer.status}: ${answer.body.toString().slice(0, 300)}\n` +
          server.readOutput().slice(-2000),
      );
    }
    if (i === 0) {
      const { meta } = JSON.parse(answer.body.toString()) as {
        meta: { total: number; total_is_capped?: boolean };
      };
      total = meta.total;
      isCapped = meta.total_is_capped === true;
    }
    if (i >= warmup) times.push(answer.ms);
  }
  return {
    p95: computePercentile(times, 95),
    median: computeMedian(times),
    samples: times.length,
    total,
    isCapped,
    /** The hits as the answer gives them: "1000+" when counted up to the cap. */
    hits: `${total}${isCapped ? '+' : ''}`,
  };
}

export async function measureCandidateSearch(options: CandidateSearchBenchOptions): Promise<FigureRow[]> {
  const { log } = options;
  const samples = options.samples ?? 60;
  const bigSize = options.applications ?? 100_000;
  const smallSize = Math.max(100, Math.round(bigSize / 100));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kadry-bench-search-'));
  const rows: FigureRow[] = [];
  let server: RunningProcess | null = null;
  try {
    log(
      `candidate search: generating ${bigSize.toLocaleString('en')} and ${smallSize.toLocaleString('en')} applications with CVs`,
    );
    const database = await openDatabase(
      options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir },
    );
    let big: CandidateSearchCompany;
    let small: CandidateSearchCompany;
    const suffix = Date.now().toString(36);
    try {
      await migrateDatabase(database);
      const started = performance.now();
      big = await generateCandidateSearchCompany(database.db, {
        slug: `bench-search-big-${suffix}`,
        host: `bench-search-big-${suffix}.localhost`,
        applications: bigSize,
        vacancies: 50,
      });
      small = await generateCandidateSearchCompany(database.db, {
        slug: `bench-search-small-${suffix}`,
        host: `bench-search-small-${suffix}.localhost`,
        applications: smallSize,
        vacancies: 50,
      });
      const generatedMs = performance.now() - started;
      log(`candidate search: generated in ${Math.round(generatedMs)} ms`);
      rows.push({
        key: 'candidateSearch.generated',
        figure: `${bigSize.toLocaleString('en')} + ${smallSize.toLocaleString('en')} applications with CVs: generated`,
        value: format(generatedMs),
        data: { applications: bigSize + smallSize, generatedMs },
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
    const skill = SKILLS[3] ?? 'terraform';
    // Every tenth candidate is an Olena, and 1 in 20 CVs names each skill: Olenas with Kotlin exist.
    const nameSkill = `olena ${SKILLS[0] ?? 'kotlin'}`;
    const searches = [
      {
        key: 'candidateSearch.rare',
        label: `a word in ${RARE_COUNT} CVs of each ("${RARE_WORD}")`,
        text: RARE_WORD,
      },
      {
        key: 'candidateSearch.skill',
        label: `a skill by prefix in 10% of the applications (CV or answers) ("${skill.slice(0, 5)}")`,
        text: skill.slice(0, 5),
      },
      {
        key: 'candidateSearch.nameSkill',
        label: `a name and a skill ("${nameSkill}")`,
        text: nameSkill,
      },
    ];
    for (const search of searches) {
      log(`candidate search: ${search.label}`);
      const pathname = `/api/v1/applications/search?per_page=20&search=${encodeURIComponent(search.text)}`;
      const onBig = await measure(server, big, pathname, samples);
      const onSmall = await measure(server, small, pathname, samples);
      const ratio = onBig.p95 / onSmall.p95;
      rows.push({
        key: search.key,
        figure: `search ${bigSize.toLocaleString('en')} applications, ${search.label}: p95 (${onBig.hits} hits)`,
        value: format(onBig.p95),
        baseline: `${smallSize.toLocaleString('en')}: ${format(onSmall.p95)} (${onSmall.hits} hits)`,
        ratio: `${ratio.toFixed(2)}×`,
        targets: [{ label: '≤ 2× (#17)', isMet: ratio <= 2 }],
        data: {
          p95Ms: onBig.p95,
          medianMs: onBig.median,
          hits: onBig.total,
          hitsCapped: onBig.isCapped,
          smallP95Ms: onSmall.p95,
          smallMedianMs: onSmall.median,
          smallHits: onSmall.total,
          smallHitsCapped: onSmall.isCapped,
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
