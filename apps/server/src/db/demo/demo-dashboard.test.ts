import { route } from '@kadry/shared/routes';
import { usageResponseSchema } from '@kadry/shared/schemas/analytics';
import { DASHBOARD_WIDGETS, parseDashboardState } from '@kadry/shared/schemas/dashboard';
import { myInterviewsResponseSchema } from '@kadry/shared/schemas/interviews';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dashboardCalls } from '../../../bench/dashboard';
import { type AuthTestApp, agentFor, createAuthTestApp } from '../../modules/auth/auth-test-support';
import { DEMO_OWNER_EMAIL, seedDemoOwner } from '../../modules/auth/seed-demo-owner';
import { createSession } from '../../plugins/session-store';
import { createMemoryStore } from '../../storage/memory-store';
import { companies } from '../schema/companies';
import { users } from '../schema/users';
import { DEMO_ABOUT_COMPANY, seedDemoDashboard } from './demo-dashboard';
import { seedDemoRecruiting } from './demo-recruiting';
import { seedDemoTasks } from './demo-tasks';
import { seedDemoData, seedDemoTeamManager } from './seed';

// The demo owner's dashboard on the first start (issue 15, "Demo data"): the demo seeded as server.ts
// seeds a fresh install, then every widget's call as the HR app makes it on the dashboard's first load
// (bench/dashboard.ts dashboardCalls) answers data, never a widget's empty state — the company default
// layout (demo-dashboard.ts) following the demo's staff accounts and listing every request.

let t: AuthTestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  const { companyId } = await seedDemoData(db, t.clock.now);
  await seedDemoOwner(db, { print: () => {} });
  await seedDemoTeamManager(db);
  await seedDemoRecruiting(db, t.clock.now);
  await seedDemoDashboard(db, t.clock.now);
  await seedDemoTasks(db, createMemoryStore(), t.clock.now);
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, DEMO_OWNER_EMAIL)));
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!owner || !company) throw new Error('no demo owner');
  const token = await createSession(db, {
    companyId,
    userId: owner.id,
    now: t.clock.now,
    maxAgeMs: 3_600_000,
  });
  headers = { ...agentFor(token).headers, host: company.hosts[0] ?? '', accept: 'application/json' };
}, 120_000);

afterAll(async () => {
  await t.close();
});

type Answer = {
  data?: unknown;
  meta?: { total?: number; open_total?: number };
  summary?: { total: number };
};

/** Whether a widget's answer has something to show (a non-empty list, a total above 0, an object). */
function hasData(body: Answer): boolean {
  if (body.summary) return body.summary.total > 0;
  if (typeof body.meta?.total === 'number') return body.meta.total > 0;
  if (Array.isArray(body.data)) return body.data.length > 0;
  if (body.data && typeof body.data === 'object' && 'total' in body.data) return Number(body.data.total) > 0;
  return body.data !== undefined && body.data !== null;
}

it('shows the demo owner every widget, each with data', async () => {
  const layout = await t.app.inject({ method: 'GET', url: route('dashboard.widgets.all'), headers });
  expect(layout.statusCode).toBe(200);
  const state = parseDashboardState(layout.json<string>());
  expect(state.widgets.map((widget) => widget.name)).toEqual([...DASHBOARD_WIDGETS]);
  expect(state.source).toBe('company');
  const empty: string[] = [];
  for (const call of dashboardCalls(state, true)) {
    const answer = await t.app.inject({ method: 'GET', url: call.path, headers });
    expect(answer.statusCode, `${call.path}: ${answer.body.slice(0, 300)}`).toBe(200);
    if (!hasData(answer.json<Answer>())) empty.push(`${call.key}: ${answer.body.slice(0, 300)}`);
  }
  expect(empty).toEqual([]);
});

it('shows the demo interviewer, an employee, their interviews on the dashboard', async () => {
  const db = t.database.db;
  const [petro] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, 'petro.melnyk@northwind.example'));
  if (!petro) throw new Error('no demo interviewer');
  const token = await createSession(db, {
    companyId: petro.companyId,
    userId: petro.id,
    now: t.clock.now,
    maxAgeMs: 3_600_000,
  });
  const asPetro = { ...agentFor(token).headers, host: headers.host ?? '', accept: 'application/json' };
  const layout = await t.app.inject({ method: 'GET', url: route('dashboard.widgets.all'), headers: asPetro });
  expect(layout.statusCode).toBe(200);
  const state = parseDashboardState(layout.json<string>());
  // The company default, less what an employee may not see: no candidates, but his interviews.
  expect(state.source).toBe('company');
  expect(state.available).not.toContain('candidates');
  expect(state.widgets.map((widget) => widget.name)).toContain('myInterviews');
  const calls = dashboardCalls(state, false).filter((call) => call.widget === 'myInterviews');
  expect(calls.map((call) => call.path)).toEqual([route('recruiting.myInterviews')]);
  const answer = await t.app.inject({ method: 'GET', url: calls[0]?.path ?? '', headers: asPetro });
  expect(answer.statusCode, answer.body).toBe(200);
  const mine = myInterviewsResponseSchema.parse(answer.json()).data;
  // The two ahead (the past one has his scorecard), soonest first.
  expect(mine.map((interview) => interview.candidate.name)).toEqual(['Olha Bondarenko', 'Dmytro Shevchenko']);
  expect(mine.every((interview) => new Date(interview.starts_at) > t.clock.now)).toBe(true);
});

it('shows the demo owner weeks of feature usage on the usage page', async () => {
  const answer = await t.app.inject({ method: 'GET', url: route('analytics.usage'), headers });
  expect(answer.statusCode, answer.body).toBe(200);
  const usage = usageResponseSchema.parse(answer.json()).data;
  const byEvent = new Map(usage.series.map((series) => [series.event, series]));
  // The last 30 days: requests most working days, the children statistics now and then.
  expect(byEvent.get('absence_request_type')?.total ?? 0).toBeGreaterThan(20);
  expect(byEvent.get('absence_request_type')?.points.length ?? 0).toBeGreaterThan(15);
  expect(byEvent.get('children_statistics_filter')?.total ?? 0).toBeGreaterThan(3);
});

it('sets the default once, with the about text, and leaves a default already set alone', async () => {
  expect(await seedDemoDashboard(t.database.db)).toBe(false);
  const info = await t.app.inject({ method: 'GET', url: route('dashboard.companyInfo'), headers });
  expect(info.json<{ data: { about: string } }>().data.about).toBe(DEMO_ABOUT_COMPANY);
});
