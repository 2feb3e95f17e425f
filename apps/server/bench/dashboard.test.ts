import { route } from '@kadry/shared/routes';
import { DASHBOARD_WIDGETS, parseDashboardState } from '@kadry/shared/schemas/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { buildPath, dashboardCalls, widgetCalls } from './dashboard';
import {
  ACCOUNT_EVERY,
  type DashboardCompany,
  generateDashboardCompany,
  OWNER_TASKS,
  QUESTION_EVERY,
} from './dashboard-company';
import { addChildren } from './statistics';

let t: TestApp;
let company: DashboardCompany;
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  company = await generateDashboardCompany(t.database.db, {
    slug: 'dash-gen-test',
    host: 'dash-gen-test.localhost',
    employees: 100,
    teams: 10,
    years: 1,
    today: TODAY,
  });
  await addChildren(t.database.db, company.companyId);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: { ...company.headers, accept: 'application/json' } });
}

describe('buildPath', () => {
  it('repeats arrays and leaves out null and undefined, as the HR app’s api client', () => {
    expect(buildPath('/x', { a: 1, b: null, c: undefined, team_ids: [3, 4], d: [] })).toBe(
      '/x?a=1&team_ids=3&team_ids=4',
    );
    expect(buildPath('/x')).toBe('/x');
  });
});

describe('widgetCalls', () => {
  it('asks the ask widget for everyone’s open questions only when the user answers them', () => {
    const ask = { name: 'ask' as const, params: {} };
    expect(widgetCalls(ask, true)).toEqual([
      { key: 'ask.all', widget: 'ask', path: `${route('dashboard.ask.all')}?page=1&per_page=5&status=open` },
    ]);
    expect(widgetCalls(ask, false)[0]?.path).toBe(`${route('dashboard.ask.my')}?page=1&per_page=5`);
  });

  it('follows a widget’s saved parameters and makes no call for the administration widget without accounts', () => {
    expect(widgetCalls({ name: 'administration', params: {} }, true)).toEqual([]);
    expect(
      widgetCalls({ name: 'myTasks', params: { limit: 10, scope: 'all', event_id: 5 } }, true)[0]?.path,
    ).toBe(`${route('dashboard.myTasks')}?status=open&scope=all&event_id=5&page=1&per_page=10`);
    expect(widgetCalls({ name: 'childrenStatistics', params: { team_ids: [7] } }, true)[0]?.path).toBe(
      `${route('statistics.children')}?team_ids=7&per_page=1`,
    );
  });
});

describe('generateDashboardCompany', () => {
  it('adds tasks, comments, events, questions and templates at a density per person', async () => {
    // 100 generated people + the owner's employee: three tasks each, plus the owner's own.
    expect(company.tasks).toBe(101 * 3 + OWNER_TASKS);
    // Two on every task with an even id (the ids of a fresh database run on without gaps).
    expect(company.comments).toBe(company.tasks);
    expect(company.corpEvents).toBe(4);
    expect(company.questions).toBe(100 / QUESTION_EVERY);
    expect(company.templates).toBeGreaterThanOrEqual(6);
    const accounts = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where company_id = ${company.companyId}`,
    );
    expect(accounts.rows[0]?.n).toBe(1 + Math.floor(100 / ACCOUNT_EVERY));
    const owner = await t.database.db.execute<{ key: string }>(sql`
      select r.key from users u join roles r on r.company_id = u.company_id and r.id = u.role_id
      where u.company_id = ${company.companyId} order by u.id limit 1`);
    expect(owner.rows[0]?.key).toBe('owner');
  });

  it('gives the owner every widget, each of whose calls answers 200 — with data but for recruiting', async () => {
    const layout = await get(route('dashboard.widgets.all'));
    expect(layout.statusCode).toBe(200);
    const state = parseDashboardState(layout.json<string>());
    expect(state.widgets.map((widget) => widget.name)).toEqual([...DASHBOARD_WIDGETS]);
    const calls = dashboardCalls(state, true);
    // The administration widget follows no account yet: no call.
    expect(new Set(calls.map((call) => call.widget)).size).toBe(DASHBOARD_WIDGETS.length - 1);
    for (const call of calls) {
      const answer = await get(call.path);
      expect(answer.statusCode, `${call.path}: ${answer.body.slice(0, 200)}`).toBe(200);
      const body = answer.json<{ data?: unknown; meta?: { total?: number }; summary?: { total: number } }>();
      // No recruiting data (candidates, interviews) is generated; and nobody is away from Thursday to
      // Sunday (absences start on Mondays and last one to three days).
      if (call.widget === 'candidates' || call.widget === 'myInterviews' || call.key === 'absentToday.list') {
        continue;
      }
      const filled =
        (Array.isArray(body.data) && body.data.length > 0) ||
        (body.data !== undefined && !Array.isArray(body.data)) ||
        (body.summary?.total ?? 0) > 0;
      expect(filled, `${call.key} is empty: ${answer.body.slice(0, 200)}`).toBe(true);
      // A list with a total (the HR actions' groups are listed even when they hold nothing) holds some.
      if (typeof body.meta?.total === 'number') expect(body.meta.total, call.key).toBeGreaterThan(0);
    }
  });
});
