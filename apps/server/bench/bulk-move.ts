import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DEFAULT_STAGE_NAMES } from '@kadry/shared/schemas/recruiting';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/db/client';
import type { Db } from '../src/db/tables';
import { quietRss } from './company-ratio';
import { send } from './people';
import { generatePeopleCompany, type PeopleCompany } from './people-company';
import type { FigureRow } from './report';
import { type RunningProcess, startKadryServer } from './server-process';
import { startRssSampler } from './upload-memory';

// The bulk-move section of the bench (issue 17): one vacancy with 1,000 applications, all moved to
// another stage by one request ("all matching the filter": one transaction, a history entry, an event
// and an undo record per application), then the move undone; the time of each and the server's peak
// RSS growth while they run.

export type BulkMoveBenchOptions = {
  repoRoot: string;
  databaseUrl?: string | undefined;
  baseEnv: NodeJS.ProcessEnv;
  log: (message: string) => void;
  /** Applications moved at once. */
  applications?: number;
};

type BulkCompany = PeopleCompany & { vacancyId: number; stageIds: number[] };

/** An HR session's company with one vacancy (the default pipeline) and `count` applications in its first stage. */
async function generateBulkCompany(db: Db, count: number, suffix: string): Promise<BulkCompany> {
  const people = await generatePeopleCompany(db, {
    slug: `bench-bulk-${suffix}`,
    host: `bench-bulk-${suffix}.localhost`,
    employees: 5,
    teams: 1,
  });
  const { companyId } = people;
  const vacancy = await db.execute<{ id: number }>(sql`
    insert into vacancies (company_id, name, is_published, published_at)
    values (${companyId}, 'Bulk bench vacancy', true, now()) returning id`);
  const vacancyId = Number(vacancy.rows[0]?.id);
  const stages = await db.execute<{ id: number }>(sql`
    insert into vacancy_stages (company_id, vacancy_id, name, position)
    select ${companyId}, ${vacancyId}, name, position - 1
    from unnest(${`{${DEFAULT_STAGE_NAMES.join(',')}}`}::text[]) with ordinality as s(name, position)
    returning id`);
  await db.execute(sql`
    insert into candidates (company_id, name, email, phone)
    select ${companyId}, 'Bulk candidate ' || g, 'bulk' || g || '@mail.example', '+380 50 ' || lpad(g::text, 7, '0')
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into applications (company_id, vacancy_id, candidate_id, source, answers, created_at)
    select ${companyId}, ${vacancyId}, c.id, 'bench', '[]'::jsonb, now() - (c.id || ' seconds')::interval
    from candidates c where c.company_id = ${companyId}`);
  return { ...people, vacancyId, stageIds: stages.rows.map((row) => Number(row.id)) };
}

async function post(origin: string, company: BulkCompany, pathname: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const answer = await send(`${origin}${pathname}`, {
    method: 'POST',
    headers: { ...company.headers, accept: 'application/json', 'content-type': 'application/json' },
    length: payload.length,
    body: () => Readable.from([payload]),
  });
  if (answer.status !== 200) {
    throw new Error(`POST ${pathname} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  }
  return { ms: answer.ms, json: JSON.parse(answer.body.toString()) as Record<string, unknown> };
}

const MB = 1_000_000;

/** Runs the bulk-move section on a server of its own; answers the table rows. */
export async function measureBulkMove(options: BulkMoveBenchOptions): Promise<FigureRow[]> {
  const { log } = options;
  const count = options.applications ?? 1_000;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kadry-bench-bulk-'));
  let server: RunningProcess | null = null;
  try {
    log(`bulk move: generating a vacancy with ${count.toLocaleString('en')} applications`);
    const database = await openDatabase(
      options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir },
    );
    let company: BulkCompany;
    try {
      await migrateDatabase(database);
      company = await generateBulkCompany(database.db, count, Date.now().toString(36));
    } finally {
      await database.close();
    }
    server = await startKadryServer({
      repoRoot: options.repoRoot,
      dataDir,
      baseEnv: { ...options.baseEnv, SHED_EVENT_LOOP_DELAY_MS: '0' },
      databaseUrl: options.databaseUrl,
    });
    const { origin, pid } = server;
    const target = company.stageIds[1];
    if (target === undefined) throw new Error('the vacancy has no second stage');
    const before = await quietRss(pid);
    const sampler = startRssSampler(pid);
    let move: Awaited<ReturnType<typeof post>>;
    let undo: Awaited<ReturnType<typeof post>>;
    try {
      move = await post(origin, company, '/api/v1/applications/bulk/stage', {
        filter: { vacancy_id: company.vacancyId },
        stage_id: target,
      });
      const meta = move.json.meta as { done: number; action_id: number | null };
      if (meta.done !== count || meta.action_id === null) {
        throw new Error(`the bulk move moved ${meta.done} of ${count}`);
      }
      undo = await post(origin, company, `/api/v1/application-bulk-actions/${meta.action_id}/undo`, {});
      const undone = (undo.json.meta as { done: number }).done;
      if (undone !== count) throw new Error(`the undo put back ${undone} of ${count}`);
    } finally {
      sampler.stop();
    }
    const { peakBytes } = sampler.stop();
    const growth = Math.max(0, peakBytes - before);
    log(
      `bulk move: ${Math.round(move.ms)} ms to move ${count}, ${Math.round(undo.ms)} ms to undo, ` +
        `peak RSS +${(growth / MB).toFixed(1)} MB`,
    );
    return [
      {
        key: 'bulkMove.move',
        figure: `bulk move of ${count.toLocaleString('en')} applications (all matching a filter, one request)`,
        value: `${Math.round(move.ms)} ms`,
        baseline: `undo of the same: ${Math.round(undo.ms)} ms`,
        data: { applications: count, moveMs: move.ms, undoMs: undo.ms },
      },
      {
        key: 'bulkMove.rss',
        figure: 'bulk move and its undo: peak RSS growth',
        value: `${(growth / MB).toFixed(1)} MB`,
        baseline: `RSS before ${(before / MB).toFixed(1)} MB`,
        data: { rssBeforeBytes: before, rssGrowthBytes: growth, rssPeakBytes: peakBytes },
      },
    ];
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
