import { taskCommentListResponseSchema, taskListResponseSchema } from '@kadry/shared/schemas/tasks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, agentFor, createAuthTestApp } from '../../modules/auth/auth-test-support';
import { DEMO_OWNER_EMAIL, seedDemoOwner } from '../../modules/auth/seed-demo-owner';
import { createSession } from '../../plugins/session-store';
import { createMemoryStore } from '../../storage/memory-store';
import { companies } from '../schema/companies';
import { users } from '../schema/users';
import { seedDemoTasks } from './demo-tasks';
import { seedDemoData } from './seed';

// The demo tasks: a dozen for the demo owner and their people, this week and next, some resolved,
// some with rated comments and files, seen through the API as the owner sees them.

let t: AuthTestApp;
let companyId: number;
let headers: Record<string, string>;
const store = createMemoryStore();

beforeAll(async () => {
  t = await createAuthTestApp();
  ({ companyId } = await seedDemoData(t.database.db, t.clock.now));
  await seedDemoOwner(t.database.db, { print: () => {} });
  const [owner] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, DEMO_OWNER_EMAIL)));
  const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
  if (!owner || !company) throw new Error('no demo owner');
  const token = await createSession(t.database.db, {
    companyId,
    userId: owner.id,
    now: t.clock.now,
    maxAgeMs: 3_600_000,
  });
  headers = { ...agentFor(token).headers, host: company.hosts[0] ?? '', accept: 'application/json' };
});

afterAll(async () => {
  await t.close();
});

describe('seedDemoTasks', () => {
  it('gives the demo owner a dozen tasks once, with files, rated comments and resolved ones', async () => {
    expect(await seedDemoTasks(t.database.db, store, t.clock.now)).toBe(12);
    expect(await seedDemoTasks(t.database.db, store, t.clock.now)).toBe(0);

    const open = taskListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/my-tasks?per_page=100', headers })).json(),
    );
    expect(open.data.length).toBeGreaterThanOrEqual(8);
    expect(new Set(open.data.map((task) => task.type)).size).toBeGreaterThanOrEqual(6);
    const today = t.clock.now.toISOString().slice(0, 10);
    const inTwoWeeks = new Date(t.clock.now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10);
    for (const task of open.data) {
      expect(task.date.slice(0, 10) >= today && task.date.slice(0, 10) <= inTwoWeeks).toBe(true);
    }
    const everything = taskListResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/dashboard/my-tasks?scope=all&status=all&per_page=100',
          headers,
        })
      ).json(),
    );
    expect(everything.meta.total).toBe(12);
    expect(everything.data.filter((task) => task.resolution !== null)).toHaveLength(3);
    const withFiles = everything.data.filter((task) => task.files.length > 0);
    expect(withFiles.length).toBeGreaterThanOrEqual(3);
    const rated = everything.data.find((task) => task.type === 'test_task');
    if (!rated) throw new Error('no test task');
    const comments = taskCommentListResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/profile/events/${rated.id}/comments`, headers })
      ).json(),
    ).data;
    expect(comments[0]).toMatchObject({ rating: 5, files: [] });
    expect(everything.data.some((task) => task.employee !== null)).toBe(true);
  });
});
