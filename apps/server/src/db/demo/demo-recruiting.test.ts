import { applicationInterviewsResponseSchema } from '@kadry/shared/schemas/interviews';
import { applicationListResponseSchema, commentListResponseSchema } from '@kadry/shared/schemas/recruiting';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, agentFor, createAuthTestApp } from '../../modules/auth/auth-test-support';
import { DEMO_OWNER_EMAIL, seedDemoOwner } from '../../modules/auth/seed-demo-owner';
import { createSession } from '../../plugins/session-store';
import { companies } from '../schema/companies';
import { users } from '../schema/users';
import { seedDemoRecruiting } from './demo-recruiting';
import { seedDemoData } from './seed';

// The demo's recruiting (issue 17), seen through the API as the demo owner: applications with
// scheduled interviews and their interviewers, one submitted scorecard, comments with mentions and the
// owner's mention notifications.

let t: AuthTestApp;
let companyId: number;
let ownerId: number;
let headers: Record<string, string>;

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
  ownerId = owner.id;
  const token = await createSession(t.database.db, {
    companyId,
    userId: owner.id,
    now: t.clock.now,
    maxAgeMs: 3_600_000,
  });
  headers = { ...agentFor(token).headers, host: company.hosts[0] ?? '', accept: 'application/json' };
}, 60_000);

afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

describe('seedDemoRecruiting', () => {
  it('seeds interviews with interviewers, a scorecard and comments with mentions, once', async () => {
    expect(await seedDemoRecruiting(t.database.db, t.clock.now)).toBe(true);
    expect(await seedDemoRecruiting(t.database.db, t.clock.now)).toBe(false);

    const list = applicationListResponseSchema.parse((await get('/api/v1/applications?per_page=100')).json());
    expect(list.data.map((row) => row.candidate.name).sort()).toEqual([
      'Anna Kravets',
      'Dmytro Shevchenko',
      'Olha Bondarenko',
    ]);

    let upcoming = 0;
    let scorecards = 0;
    for (const application of list.data) {
      const response = await get(`/api/v1/applications/${application.id}/interviews`);
      expect(response.statusCode, response.body).toBe(200);
      const { data, scorecards: visible } = applicationInterviewsResponseSchema.parse(response.json());
      for (const interview of data) {
        expect(interview.time_zone).toBe('Europe/Kyiv');
        expect(interview.interviewers.map((person) => person.name)).toContain('Petro Melnyk');
        if (new Date(interview.starts_at) > t.clock.now) upcoming += 1;
      }
      scorecards += visible.length;
    }
    expect(upcoming).toBe(2);
    expect(scorecards).toBe(1);

    const olha = list.data.find((row) => row.candidate.name === 'Olha Bondarenko');
    const comments = commentListResponseSchema.parse(
      (await get(`/api/v1/applications/${olha?.id}/comments`)).json(),
    ).data;
    expect(comments).toHaveLength(2);
    expect(comments[0]?.mentions).toEqual([{ id: ownerId, name: 'Demo Owner' }]);
    expect(comments[0]?.text).toContain(`<@${ownerId}>`);

    const notices = (await get('/api/v1/notifications?per_page=100')).json().data as { kind: string }[];
    expect(notices.filter((notice) => notice.kind === 'comment_mentioned')).toHaveLength(2);
  });
});
