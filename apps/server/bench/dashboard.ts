import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { route } from '@kadry/shared/routes';
import {
  type DashboardState,
  type LayoutWidget,
  parseDashboardState,
  readWidgetParams,
} from '@kadry/shared/schemas/dashboard';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { type DashboardCompany, generateDashboardCompany } from './dashboard-company';
import { send } from './people';
import type { FigureRow } from './report';
import { type RunningProcess, startKadryServer } from './server-process';
import { addChildren } from './statistics';
import { computeMedian, computePercentile } from './stats';

// The dashboard section of the bench (issue 15): the dashboard companies (dashboard-company.ts: 10,000
// employees with absences, tasks, comments, corporate events, questions, HR action templates and
// children, and 100 at the same density) in one database. As the owner, the calls the HR app makes on
// the first load of the dashboard (apps/hr/src/features/dashboard: the layout, then each widget's data
// call for its default parameters), each alone (p95, median), and the whole dashboard as the browser
// loads it (the layout, then every widget's call in parallel: until the slowest has answered); the big
// company's as a ratio to the small one's (goal ≤ 2×).

export type DashboardBenchOptions = {
  repoRoot: string;
  databaseUrl?: string | undefined;
  baseEnv: NodeJS.ProcessEnv;
  log: (message: string) => void;
  /** Sequential requests per measured call and company (the whole dashboard: half). */
  samples?: number;
};

/** One GET the dashboard makes: which widget, and the path with its query as the HR app builds it. */
export type DashboardCall = { key: string; widget: string; path: string };

type Query = Record<string, string | number | readonly number[] | null | undefined>;

/** The query string as the HR app's api client builds it: arrays repeated, null and undefined left out. */
export function buildPath(pathname: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) if (item !== null && item !== undefined) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * The data calls of a widget as its HR component makes them on first render, for its saved parameters
 * (apps/hr/src/features/dashboard/api, tasks, corp-events, questions and action-templates api files).
 * `canAnswerQuestions`: the ask widget shows everyone's open questions (the Dashboard action
 * answer_questions), else the user's own.
 */
export function widgetCalls(widget: LayoutWidget, canAnswerQuestions: boolean): DashboardCall[] {
  const call = (key: string, pathname: string, query?: Query) => ({
    key,
    widget: widget.name,
    path: buildPath(pathname, query),
  });
  switch (widget.name) {
    case 'companyInfo':
      return [call('companyInfo', route('dashboard.companyInfo'))];
    case 'absentToday': {
      const params = readWidgetParams('absentToday', widget.params);
      const filter = { absence_type: params.absence_type };
      return [
        call('absentToday.list', route('dashboard.absentToday.list'), {
          page: 1,
          per_page: params.limit,
          ...filter,
        }),
        call('absentToday.total', route('dashboard.absentToday.total'), filter),
      ];
    }
    case 'requests': {
      const params = readWidgetParams('requests', widget.params);
      const common = { page: 1, per_page: params.limit, status: params.status };
      return params.scope === 'all'
        ? [
            call('requests.all', route('dashboard.requests.all'), {
              ...common,
              employee_id: params.employee_id,
              team_id: params.team_id,
            }),
          ]
        : [call('requests.my', route('dashboard.requests.my'), common)];
    }
    case 'absenceBalance':
      return [call('absenceBalance', route('dashboard.balance.absence'))];
    case 'birthdays':
    case 'workAnniversaries': {
      const params = readWidgetParams(widget.name, widget.params);
      const pathname = route(
        widget.name === 'birthdays' ? 'dashboard.birthdays.list' : 'dashboard.importantDate',
      );
      return [
        call(widget.name, pathname, { per_page: params.limit, days: params.days, team_ids: params.team_ids }),
      ];
    }
    case 'employeesOnProbation': {
      const params = readWidgetParams('employeesOnProbation', widget.params);
      return [
        call('employeesOnProbation', route('employee.probation'), {
          per_page: params.limit,
          team_ids: params.team_ids,
        }),
      ];
    }
    case 'candidates': {
      const params = readWidgetParams('candidates', widget.params);
      return [call('candidates', route('employee.candidates'), { per_page: params.limit })];
    }
    case 'myTasks': {
      const params = readWidgetParams('myTasks', widget.params);
      return [
        call('myTasks', route('dashboard.myTasks'), {
          status: 'open',
          scope: params.scope,
          event_id: params.event_id ?? undefined,
          page: 1,
          per_page: params.limit,
        }),
      ];
    }
    case 'corpEvents': {
      const params = readWidgetParams('corpEvents', widget.params);
      return [call('corpEvents', route('dashboard.corpEvents'), { per_page: params.limit })];
    }
    case 'ask': {
      const params = readWidgetParams('ask', widget.params);
      const scope = canAnswerQuestions ? params.scope : 'my';
      return [
        call(`ask.${scope}`, route(scope === 'all' ? 'dashboard.ask.all' : 'dashboard.ask.my'), {
          page: 1,
          per_page: params.limit,
          ...(scope === 'all' ? { status: 'open' } : {}),
        }),
      ];
    }
    case 'childrenStatistics': {
      const params = readWidgetParams('childrenStatistics', widget.params);
      const teamIds = params.team_ids.length > 0 ? { team_ids: params.team_ids } : {};
      return [call('childrenStatistics', route('statistics.children'), { ...teamIds, per_page: 1 })];
    }
    case 'administration': {
      const params = readWidgetParams('administration', widget.params);
      return params.account_ids.length === 0
        ? []
        : [call('administration', route('dashboard.administrations'), { account_ids: params.account_ids })];
    }
    case 'hrActions': {
      const params = readWidgetParams('hrActions', widget.params);
      return [
        call('hrActions', route('dashboard.actions.template'), {
          custom_period_start: params.custom_period_start,
          custom_period_end: params.custom_period_end,
          team_ids: params.team_ids,
          employee_ids: params.employee_ids,
          template_ids: params.template_ids,
          per_template: params.limit,
        }),
      ];
    }
    // The interviewer's list has no query: the widget shows the first `limit` of it.
    case 'myInterviews':
      return [call('myInterviews', route('recruiting.myInterviews'))];
    case 'absences': {
      const params = readWidgetParams('absences', widget.params);
      return [
        call('absences.list', route('dashboard.absence.list'), {
          page: 1,
          per_page: params.limit,
          absence_type: params.absence_type,
        }),
        call('absences.filter', route('dashboard.absence.filter')),
      ];
    }
  }
}

/** Every data call of the user's dashboard, in the layout's order. */
export function dashboardCalls(state: DashboardState, canAnswerQuestions: boolean): DashboardCall[] {
  return state.widgets.flatMap((widget) => widgetCalls(widget, canAnswerQuestions));
}

async function get(origin: string, company: DashboardCompany, pathname: string) {
  const answer = await send(`${origin}${pathname}`, {
    headers: { ...company.headers, accept: 'application/json' },
  });
  if (answer.status !== 200) {
    throw new Error(
      `GET ${pathname} (${company.host}) answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`,
    );
  }
  return answer;
}

type Timing = { p95: number; median: number; samples: number };

/** `count` timed runs of `run` (after a short warm-up), each answering its milliseconds. */
async function time(run: () => Promise<number>, count: number): Promise<Timing> {
  const times: number[] = [];
  const warmup = Math.max(2, Math.ceil(count / 10));
  for (let i = 0; i < warmup + count; i += 1) {
    const ms = await run();
    if (i >= warmup) times.push(ms);
  }
  return { p95: computePercentile(times, 95), median: computeMedian(times), samples: times.length };
}

/** The whole dashboard as the browser loads it: the layout, then every widget's call at once. */
async function loadDashboard(origin: string, company: DashboardCompany, calls: readonly DashboardCall[]) {
  const started = performance.now();
  await get(origin, company, route('dashboard.widgets.all'));
  await Promise.all(calls.map((call) => get(origin, company, call.path)));
  return performance.now() - started;
}

/** The owner's dashboard: the layout's state and its calls (the owner answers questions). */
async function readDashboard(origin: string, company: DashboardCompany) {
  const answer = await get(origin, company, route('dashboard.widgets.all'));
  const state = parseDashboardState(JSON.parse(answer.body.toString('utf8')) as string);
  return { state, calls: dashboardCalls(state, true) };
}

const format = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

function ratioRow(key: string, label: string, big: Timing, small: Timing): FigureRow {
  const ratio = big.p95 / small.p95;
  return {
    key,
    figure: `10,000 people: ${label}: p95`,
    value: format(big.p95),
    baseline: `100 people: ${format(small.p95)}`,
    ratio: `${ratio.toFixed(2)}×`,
    targets: [{ label: '≤ 2× (#15)', isMet: ratio <= 2 }],
    data: {
      p95Ms: big.p95,
      medianMs: big.median,
      smallP95Ms: small.p95,
      smallMedianMs: small.median,
      samples: big.samples,
    },
  };
}

/** Runs the dashboard section on a server of its own; answers the table rows. */
export async function measureDashboard(options: DashboardBenchOptions): Promise<FigureRow[]> {
  const { log } = options;
  const samples = options.samples ?? 60;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kadry-bench-dashboard-'));
  const rows: FigureRow[] = [];
  const today = new Date().toISOString().slice(0, 10);
  let server: RunningProcess | null = null;
  try {
    log('dashboard: generating 10,000 employees with absences, tasks, events, questions, and 100 alike');
    const database = await openDatabase(
      options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir },
    );
    let big: DashboardCompany;
    let small: DashboardCompany;
    const suffix = Date.now().toString(36);
    try {
      await migrateDatabase(database);
      const started = performance.now();
      const generate = (employees: number, teams: number, name: string) =>
        generateDashboardCompany(database.db, {
          slug: `bench-dash-${name}-${suffix}`,
          host: `bench-dash-${name}-${suffix}.localhost`,
          employees,
          teams,
          years: 2,
          today,
        });
      big = await generate(10_000, 300, '10k');
      small = await generate(100, 10, '100');
      const children =
        (await addChildren(database.db, big.companyId)) + (await addChildren(database.db, small.companyId));
      // Vacuumed as autovacuum (PostgreSQL) or the server's refresh (PGlite) would have by then after
      // a bulk load: statistics for the planner, and the visibility map the index-only reads rely on.
      // The server's own refresh never sees these changes (made by this process before it starts).
      for (const table of ['employees', 'employee_relatives']) {
        await database.db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
      }
      const generatedMs = performance.now() - started;
      log(
        `dashboard: ${big.tasks} + ${small.tasks} tasks, ${big.comments} + ${small.comments} comments, ` +
          `${big.corpEvents} + ${small.corpEvents} events, ${big.questions} + ${small.questions} questions, ` +
          `${children} children in ${Math.round(generatedMs)} ms`,
      );
      rows.push({
        key: 'dashboard.generated',
        figure: '10,000 people: dashboard data generated',
        value: `${big.tasks.toLocaleString('en')} tasks`,
        baseline: `${big.comments.toLocaleString('en')} comments, ${big.corpEvents} events, ${big.questions.toLocaleString('en')} questions, ${big.templates} templates; ${format(generatedMs)} (both companies)`,
        data: {
          tasks: big.tasks,
          comments: big.comments,
          corpEvents: big.corpEvents,
          questions: big.questions,
          templates: big.templates,
          requests: big.requests,
          generatedMs,
        },
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
    const onBig = await readDashboard(origin, big);
    const onSmall = await readDashboard(origin, small);
    log(`dashboard: ${onBig.state.widgets.length} widgets, ${onBig.calls.length} data calls`);

    log('dashboard: the layout (dashboard.widgets.all)');
    const layoutPath = route('dashboard.widgets.all');
    rows.push(
      ratioRow(
        'dashboard.widgets.all',
        'dashboard layout (dashboard.widgets.all)',
        await time(async () => (await get(origin, big, layoutPath)).ms, samples),
        await time(async () => (await get(origin, small, layoutPath)).ms, samples),
      ),
    );
    for (const [index, call] of onBig.calls.entries()) {
      const smallCall = onSmall.calls[index];
      if (smallCall?.key !== call.key)
        throw new Error(`dashboard: the companies' calls differ at ${call.key}`);
      log(`dashboard: ${call.key}`);
      rows.push(
        ratioRow(
          `dashboard.${call.key}`,
          `dashboard widget ${call.widget}: GET ${call.path}`,
          await time(async () => (await get(origin, big, call.path)).ms, samples),
          await time(async () => (await get(origin, small, smallCall.path)).ms, samples),
        ),
      );
    }
    log('dashboard: the whole dashboard (layout, then every call in parallel)');
    const whole = Math.max(10, Math.round(samples / 2));
    rows.push(
      ratioRow(
        'dashboard.whole',
        `whole dashboard (layout, then ${onBig.calls.length} calls in parallel; the slowest)`,
        await time(() => loadDashboard(origin, big, onBig.calls), whole),
        await time(() => loadDashboard(origin, small, onSmall.calls), whole),
      ),
    );
    return rows;
  } finally {
    if (server) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
