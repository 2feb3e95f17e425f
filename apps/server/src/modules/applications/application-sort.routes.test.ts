import { applicationListResponseSchema } from '@kadry/shared/schemas/recruiting';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import { interviewInterviewers, interviews, scorecards } from '../../db/schema/interviews';
import type { StaffMember } from '../permissions/permissions-test-support';

// The list sorted by each column with a stable tie-break, and the latest rating and days in stage
// each row carries (issue 17), seen only as decision 024 allows.

const fx = createRecruitingFixture();

const ids: Record<'c' | 'a' | 'b' | 'team', number> = { c: 0, a: 0, b: 0, team: 0 };

async function list(who: StaffMember, query: string) {
  const response = await fx.call(who, 'GET', `/api/v1/applications?per_page=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return applicationListResponseSchema.parse(response.json()).data;
}

async function seedScorecard(input: {
  applicationId: number;
  authorId: number;
  interviewerIds: number[];
  recommendation: 'strong_no' | 'no' | 'yes' | 'strong_yes';
  submittedAt: Date;
}) {
  const db = fx.t.database.db;
  const companyId = fx.company.id;
  const [interview] = await db
    .insert(interviews)
    .values({
      companyId,
      applicationId: input.applicationId,
      startsAt: new Date('2030-01-10T10:00:00Z'),
      durationMinutes: 45,
      timeZone: 'Europe/Kyiv',
      uid: `sort-test-${input.applicationId}-${input.authorId}@kadry.test`,
    })
    .returning({ id: interviews.id });
  if (!interview) throw new Error('no interview');
  await db
    .insert(interviewInterviewers)
    .values(input.interviewerIds.map((userId) => ({ companyId, interviewId: interview.id, userId })));
  await db.insert(scorecards).values({
    companyId,
    interviewId: interview.id,
    applicationId: input.applicationId,
    authorId: input.authorId,
    recommendation: input.recommendation,
    submittedAt: input.submittedAt,
  });
}

beforeAll(async () => {
  let n = 0;
  const apply = async (vacancyId: number, name: string) => {
    n += 1;
    return fx.apply(vacancyId, {
      name,
      email: `sort${n}@example.com`,
      phone: `+38066100${String(n).padStart(4, '0')}`,
    });
  };
  ids.c = await apply(fx.vacancyA, 'Sorted Carol');
  ids.a = await apply(fx.vacancyA, 'sorted alice');
  ids.b = await apply(fx.vacancyA, 'Sorted Bob');
  ids.team = await apply(fx.vacancyB, 'Sorted Team');
  await fx.t.app.events.settled();
  // Alice: strong yes, then an older "no" (the latest counts). Bob: no. Carol: none.
  await seedScorecard({
    applicationId: ids.a,
    authorId: fx.staff.hr.user.id,
    interviewerIds: [fx.staff.hr.user.id],
    recommendation: 'no',
    submittedAt: new Date('2030-01-01T00:00:00Z'),
  });
  await seedScorecard({
    applicationId: ids.a,
    authorId: fx.staff.recruiterIn.user.id,
    interviewerIds: [fx.staff.recruiterIn.user.id],
    recommendation: 'strong_yes',
    submittedAt: new Date('2030-01-02T00:00:00Z'),
  });
  await seedScorecard({
    applicationId: ids.b,
    authorId: fx.staff.hr.user.id,
    interviewerIds: [fx.staff.hr.user.id],
    recommendation: 'no',
    submittedAt: new Date('2030-01-01T00:00:00Z'),
  });
  // The team application: the manager interviews too and has not submitted a scorecard.
  await seedScorecard({
    applicationId: ids.team,
    authorId: fx.staff.hr.user.id,
    interviewerIds: [fx.staff.hr.user.id, fx.staff.manager.user.id],
    recommendation: 'yes',
    submittedAt: new Date('2030-01-01T00:00:00Z'),
  });
  // Carol moves on: she has been in her stage the shortest time.
  const stages = await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyA}/stages`);
  const screening = stages.json().data.find((stage: { name: string }) => stage.name === 'Screening').id;
  fx.t.clock.advance(3_600_000);
  const moved = await fx.call(fx.staff.hr, 'POST', '/api/v1/applications/bulk/stage', {
    application_ids: [ids.c],
    stage_id: screening,
  });
  expect(moved.statusCode, moved.body).toBe(200);
}, 60_000);

const names = (rows: { candidate: { name: string } }[]) => rows.map((row) => row.candidate.name);

describe('sorting the applications list', () => {
  it('sorts by name, case aside, both ways', async () => {
    const query = `vacancy_id=${fx.vacancyA}&search=Sorted`;
    expect(names(await list(fx.staff.hr, `${query}&sort=name`))).toEqual([
      'sorted alice',
      'Sorted Bob',
      'Sorted Carol',
    ]);
    expect(names(await list(fx.staff.hr, `${query}&sort=name&order=desc`))).toEqual([
      'Sorted Carol',
      'Sorted Bob',
      'sorted alice',
    ]);
  });

  it('sorts by applied date (newest first by default) and breaks ties by id in the same direction', async () => {
    const query = `vacancy_id=${fx.vacancyA}&search=Sorted`;
    expect((await list(fx.staff.hr, query)).map((row) => row.id)).toEqual([ids.b, ids.a, ids.c]);
    expect((await list(fx.staff.hr, `${query}&sort=applied&order=asc`)).map((row) => row.id)).toEqual([
      ids.c,
      ids.a,
      ids.b,
    ]);
    // Every source is the same: the id decides, steadily across calls.
    expect((await list(fx.staff.hr, `${query}&sort=source`)).map((row) => row.id)).toEqual([
      ids.c,
      ids.a,
      ids.b,
    ]);
    expect((await list(fx.staff.hr, `${query}&sort=source&order=desc`)).map((row) => row.id)).toEqual([
      ids.b,
      ids.a,
      ids.c,
    ]);
  });

  it('sorts by stage position and by days in stage', async () => {
    const query = `vacancy_id=${fx.vacancyA}&search=Sorted`;
    const byStage = await list(fx.staff.hr, `${query}&sort=stage&order=desc`);
    expect(byStage[0]?.id).toBe(ids.c);
    expect(byStage[0]?.stage.name).toBe('Screening');
    const longest = await list(fx.staff.hr, `${query}&sort=days_in_stage`);
    // Carol entered her stage last: fewest days, so last when the longest waiting come first.
    expect(longest.at(-1)?.id).toBe(ids.c);
    const carol = longest.at(-1);
    const alice = longest.find((row) => row.id === ids.a);
    expect(Date.parse(carol?.stage_entered_at ?? '')).toBeGreaterThan(
      Date.parse(alice?.stage_entered_at ?? ''),
    );
    expect(alice?.stage_entered_at).toBe(alice?.created_at);
  });

  it('sorts by the latest rating, the unrated last either way', async () => {
    const query = `vacancy_id=${fx.vacancyA}&search=Sorted`;
    const best = await list(fx.staff.hr, `${query}&sort=rating`);
    expect(best.map((row) => [row.id, row.latest_recommendation])).toEqual([
      [ids.a, 'strong_yes'],
      [ids.b, 'no'],
      [ids.c, null],
    ]);
    const worst = await list(fx.staff.hr, `${query}&sort=rating&order=asc`);
    expect(worst.map((row) => row.id)).toEqual([ids.b, ids.a, ids.c]);
  });

  it('hides the rating from an interviewer who has not submitted theirs, as the card does', async () => {
    const [asHr] = await list(fx.staff.hr, `vacancy_id=${fx.vacancyB}&search=Sorted`);
    expect(asHr?.latest_recommendation).toBe('yes');
    const [asManager] = await list(fx.staff.manager, `vacancy_id=${fx.vacancyB}&search=Sorted`);
    expect(asManager?.id).toBe(ids.team);
    expect(asManager?.latest_recommendation).toBeNull();
    // Sorting by rating says nothing either: the hidden one sorts with the unrated.
    const sorted = await list(fx.staff.manager, `vacancy_id=${fx.vacancyB}&sort=rating`);
    expect(sorted.every((row) => row.latest_recommendation === null)).toBe(true);
  });

  it('refuses unknown columns and directions', async () => {
    for (const query of ['sort=salary', 'sort=name&order=up', 'order=asc&sort=']) {
      const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });
});
