import {
  applicationInterviewsResponseSchema,
  interviewDetailsResponseSchema,
  interviewResponseSchema,
  myInterviewsResponseSchema,
  scorecardResponseSchema,
} from '@kadry/shared/schemas/interviews';
import { historyResponseSchema } from '@kadry/shared/schemas/recruiting-mail';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRecruitingFixture, vacancyBody } from '../../../test/recruiting-fixture';
import { interviews } from '../../db/schema/interviews';
import { jobs } from '../../db/schema/jobs';
import { applicationMails } from '../../db/schema/recruiting-mail';
import { users } from '../../db/schema/users';
import type { EmailMessage } from '../../lib/email-sender';
import { type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Interviews and scorecards (issue 17 part 2) through app.inject: scheduling with calendar
// invitations, rescheduling and cancelling, reminders, scorecards and who sees them, "my interviews",
// and the permission matrix of every endpoint. The test clock stands at 2031-03-10T09:00Z.

const fx = createRecruitingFixture();

const ATTRIBUTES = [{ name: 'Communication' }, { name: 'SQL' }];

const interviewBody = (overrides: Record<string, unknown> = {}) => ({
  date: '2031-04-01',
  time: '14:30',
  duration_minutes: 45,
  time_zone: 'Europe/Kyiv',
  interviewer_ids: [fx.staff.manager.user.id, fx.staff.employee.user.id],
  location: 'Office, room 4',
  video_url: 'https://meet.example.test/abc',
  note: 'Ask about the last project',
  ...overrides,
});

let applicantCounter = 0;
/** A fresh application to vacancy A (recruiterIn's) or B (team T's), from a new person. */
async function apply(vacancy: 'A' | 'B' = 'A'): Promise<number> {
  applicantCounter += 1;
  const id = await fx.apply(vacancy === 'A' ? fx.vacancyA : fx.vacancyB, {
    name: `Interviewee ${applicantCounter}`,
    email: `interviewee${applicantCounter}@example.com`,
    phone: `+38063000${String(applicantCounter).padStart(4, '0')}`,
  });
  await fx.t.app.events.settled();
  await fx.t.app.jobs.settled();
  return id;
}

async function schedule(who: StaffMember, applicationId: number, overrides: Record<string, unknown> = {}) {
  const response = await fx.call(
    who,
    'POST',
    `/api/v1/applications/${applicationId}/interviews`,
    interviewBody(overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return interviewResponseSchema.parse(response.json()).data;
}

/** Mail handed over since `from` (an index into the memory sender's list). */
function mailSince(from: number): EmailMessage[] {
  return fx.t.mail.slice(from);
}

function mailTo(list: readonly EmailMessage[], address: string): EmailMessage[] {
  return list.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

async function setAttributes(vacancyId: number, recruiterIds: number[], teamId: number | null = null) {
  const current = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${vacancyId}`)).json().data;
  const response = await fx.call(
    fx.staff.hr,
    'PUT',
    `/api/v1/vacancies/${vacancyId}`,
    vacancyBody({
      name: current.name,
      recruiter_ids: recruiterIds,
      team_id: teamId,
      scorecard_attributes: ATTRIBUTES,
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.scorecard_attributes as { key: string; name: string }[];
}

async function history(who: StaffMember, id: number) {
  const response = await fx.call(who, 'GET', `/api/v1/applications/${id}/history?kind=interview`);
  expect(response.statusCode, response.body).toBe(200);
  return historyResponseSchema.parse(response.json()).data;
}

async function reminderJobs(interviewId: number) {
  return fx.t.database.db
    .select({ id: jobs.id, availableAt: jobs.availableAt, state: jobs.state, payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'interview.remind'),
        eq(jobs.state, 'pending'),
        sql`${jobs.payload} ->> 'interviewId' = ${String(interviewId)}`,
      ),
    );
}

describe('scheduling an interview', () => {
  it('sends the candidate and each interviewer an invitation with an .ics in the interview time zone', async () => {
    const id = await apply();
    const before = fx.t.mail.length;
    const interview = await schedule(fx.staff.recruiterIn, id);
    // 14:30 in Kyiv on 1 April 2031 (summer time, UTC+3) is 11:30 UTC.
    expect(interview).toMatchObject({
      application_id: id,
      state: 'scheduled',
      starts_at: '2031-04-01T11:30:00.000Z',
      ends_at: '2031-04-01T12:15:00.000Z',
      date: '2031-04-01',
      time: '14:30',
      time_zone: 'Europe/Kyiv',
      sequence: 0,
      organizer: { id: fx.staff.recruiterIn.user.id, name: fx.staff.recruiterIn.user.name },
      is_interviewer: false,
      my_scorecard_id: null,
    });
    expect(interview.interviewers.map((person) => person.id).sort()).toEqual(
      [fx.staff.manager.user.id, fx.staff.employee.user.id].sort(),
    );
    const sent = mailSince(before);
    const [toCandidate] = mailTo(sent, `interviewee${applicantCounter}@example.com`);
    expect(toCandidate?.subject).toBe('Interview invitation: Data Engineer at Test Company');
    expect(toCandidate?.replyTo).toBe(fx.staff.recruiterIn.user.email);
    expect(toCandidate?.text).toContain('Office, room 4');
    // The note is for the interviewers only.
    expect(toCandidate?.text).not.toContain('Ask about the last project');
    expect(toCandidate?.icalEvent?.method).toBe('REQUEST');
    const ics = toCandidate?.icalEvent?.content ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART;TZID=Europe/Kyiv:20310401T143000');
    expect(ics).toContain('DTEND;TZID=Europe/Kyiv:20310401T151500');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Kyiv');
    expect(ics).toContain('SEQUENCE:0');
    // Each copy names only its own recipient.
    expect(ics).toContain(`interviewee${applicantCounter}@example.com`);
    expect(ics).not.toContain(fx.staff.employee.user.email);
    for (const member of [fx.staff.manager, fx.staff.employee]) {
      const [mail] = mailTo(sent, member.user.email);
      expect(mail?.subject).toBe(`Interview with Interviewee ${applicantCounter}: Data Engineer`);
      expect(mail?.text).toContain('Ask about the last project');
      expect(mail?.text).toContain(`/app/interviews/${interview.id}`);
      expect(mail?.icalEvent?.content).toContain('DTSTART;TZID=Europe/Kyiv:20310401T143000');
      expect(mail?.icalEvent?.content).not.toContain(`interviewee${applicantCounter}@example.com`);
    }
    const uid = /UID:(.+)\r\n/.exec(ics)?.[1];
    expect(uid).toMatch(/@kadry$/);
    expect(mailTo(sent, fx.staff.employee.user.email)[0]?.icalEvent?.content).toContain(`UID:${uid}`);
    // The candidate's mail is in the application's history with its delivery state.
    const [mailRow] = await fx.t.database.db
      .select({ state: applicationMails.state, kind: applicationMails.kind })
      .from(applicationMails)
      .where(and(eq(applicationMails.applicationId, id), eq(applicationMails.kind, 'interview')));
    expect(mailRow).toEqual({ state: 'sent', kind: 'interview' });
    // A reminder an hour before the start.
    const reminders = await reminderJobs(interview.id);
    expect(reminders.map((job) => job.availableAt.toISOString())).toEqual(['2031-04-01T10:30:00.000Z']);
    const entries = await history(fx.staff.recruiterIn, id);
    expect(entries).toEqual([
      expect.objectContaining({
        type: 'interview',
        action: 'scheduled',
        actor: { id: fx.staff.recruiterIn.user.id, name: fx.staff.recruiterIn.user.name },
        interview: expect.objectContaining({ id: interview.id, starts_at: '2031-04-01T11:30:00.000Z' }),
      }),
    ]);
  });

  it('answers 404 out of reach, 403 without the update level, 422 for bad input, 409 while rejected', async () => {
    const id = await apply();
    const url = `/api/v1/applications/${id}/interviews`;
    // The manager sees team T's candidates but may not change them.
    const teamApplication = await apply('B');
    const before = fx.t.mail.length;
    for (const who of [fx.staff.recruiterOut, fx.staff.employee, fx.staff.manager]) {
      expect((await fx.call(who, 'POST', url, interviewBody())).statusCode).toBe(404);
    }
    const onB = await fx.call(
      fx.staff.manager,
      'POST',
      `/api/v1/applications/${teamApplication}/interviews`,
      interviewBody(),
    );
    expect(onB.statusCode).toBe(403);
    const bad = async (overrides: Record<string, unknown>, field: string) => {
      const response = await fx.call(fx.staff.recruiterIn, 'POST', url, interviewBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    };
    await bad({ date: '2031-03-01' }, 'time');
    await bad({ time: '25:00' }, 'time');
    await bad({ time_zone: 'Mars/Olympus' }, 'time_zone');
    await bad({ interviewer_ids: [] }, 'interviewer_ids');
    await bad({ interviewer_ids: [999_999] }, 'interviewer_ids');
    await bad({ video_url: 'javascript:alert(1)' }, 'video_url');
    await bad({ duration_minutes: 0 }, 'duration_minutes');
    expect(
      (await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/applications/999999/interviews', interviewBody()))
        .statusCode,
    ).toBe(404);
    const reasons = await fx.call(fx.staff.hr, 'GET', '/api/v1/dictionaries/rejection-reasons');
    const rejected = await fx.call(fx.staff.recruiterIn, 'POST', `/api/v1/applications/${id}/rejection`, {
      reason_id: reasons.json().data[0].id,
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
    expect((await fx.call(fx.staff.recruiterIn, 'POST', url, interviewBody())).statusCode).toBe(409);
    expect(mailSince(before)).toEqual([]);
  });

  it('lists an application interviews to those who see it, and nobody else', async () => {
    const id = await apply();
    const interview = await schedule(fx.staff.recruiterIn, id);
    const url = `/api/v1/applications/${id}/interviews`;
    for (const who of [fx.staff.recruiterIn, fx.staff.hr, fx.staff.owner]) {
      const response = await fx.call(who, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(applicationInterviewsResponseSchema.parse(response.json()).data.map((row) => row.id)).toEqual([
        interview.id,
      ]);
    }
    for (const who of [fx.staff.recruiterOut, fx.staff.employee, fx.staff.manager]) {
      expect((await fx.call(who, 'GET', url)).statusCode).toBe(404);
    }
    const anonymous = await fx.t.app.inject({
      method: 'GET',
      url,
      headers: { host: fx.company.hosts[0] ?? '', accept: 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('rescheduling and cancelling', () => {
  it('sends an update with the same UID and a higher SEQUENCE; added and removed interviewers are told', async () => {
    const id = await apply();
    const first = await schedule(fx.staff.recruiterIn, id);
    const uidOf = (mail: EmailMessage | undefined) =>
      /UID:(.+)\r\n/.exec(mail?.icalEvent?.content ?? '')?.[1];
    const before = fx.t.mail.length;
    // As the HR app sends it: POST with _method=PUT.
    const response = await fx.call(fx.staff.recruiterIn, 'POST', `/api/v1/interviews/${first.id}`, {
      ...interviewBody({
        date: '2031-04-02',
        time: '09:00',
        time_zone: 'America/New_York',
        interviewer_ids: [fx.staff.manager.user.id, fx.staff.hr.user.id],
      }),
      _method: 'PUT',
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = interviewResponseSchema.parse(response.json()).data;
    // 09:00 in New York on 2 April 2031 (EDT, UTC-4) is 13:00 UTC.
    expect(moved).toMatchObject({ starts_at: '2031-04-02T13:00:00.000Z', sequence: 1 });
    const sent = mailSince(before);
    const [candidate] = mailTo(sent, `interviewee${applicantCounter}@example.com`);
    expect(candidate?.subject).toBe('Interview changed: Data Engineer at Test Company');
    expect(candidate?.icalEvent?.content).toContain('SEQUENCE:1');
    expect(candidate?.icalEvent?.content).toContain('DTSTART;TZID=America/New_York:20310402T090000');
    const [kept] = mailTo(sent, fx.staff.manager.user.email);
    expect(kept?.icalEvent?.method).toBe('REQUEST');
    expect(uidOf(kept)).toBe(uidOf(candidate));
    const [added] = mailTo(sent, fx.staff.hr.user.email);
    expect(added?.icalEvent?.method).toBe('REQUEST');
    const [removed] = mailTo(sent, fx.staff.employee.user.email);
    expect(removed?.icalEvent?.method).toBe('CANCEL');
    expect(removed?.icalEvent?.content).toContain('STATUS:CANCELLED');
    expect(uidOf(removed)).toBe(uidOf(candidate));
    // One reminder, for the new moment.
    const reminders = await reminderJobs(first.id);
    expect(reminders.map((job) => job.availableAt.toISOString())).toEqual(['2031-04-02T12:00:00.000Z']);
    const [entry] = await history(fx.staff.recruiterIn, id);
    expect(entry).toMatchObject({
      type: 'interview',
      action: 'rescheduled',
      interview: { previous_starts_at: '2031-04-01T11:30:00.000Z', starts_at: '2031-04-02T13:00:00.000Z' },
    });
    // A note alone goes to no one and keeps the sequence.
    const quiet = fx.t.mail.length;
    const noted = await fx.call(
      fx.staff.recruiterIn,
      'PUT',
      `/api/v1/interviews/${first.id}`,
      interviewBody({
        date: '2031-04-02',
        time: '09:00',
        time_zone: 'America/New_York',
        interviewer_ids: [fx.staff.manager.user.id, fx.staff.hr.user.id],
        note: 'Bring the case study',
      }),
    );
    expect(noted.json().data).toMatchObject({ sequence: 1, note: 'Bring the case study' });
    expect(mailSince(quiet)).toEqual([]);
  });

  it('cancels with METHOD:CANCEL to everyone, once; the reminder then sends nothing', async () => {
    const id = await apply();
    const interview = await schedule(fx.staff.recruiterIn, id);
    const url = `/api/v1/interviews/${interview.id}/cancel`;
    expect((await fx.call(fx.staff.recruiterOut, 'POST', url)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.employee, 'POST', url)).statusCode).toBe(404);
    const before = fx.t.mail.length;
    const response = await fx.call(fx.staff.recruiterIn, 'POST', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ state: 'cancelled', sequence: 1 });
    const sent = mailSince(before);
    expect(sent).toHaveLength(3);
    for (const mail of sent) {
      expect(mail.icalEvent?.method).toBe('CANCEL');
      expect(mail.icalEvent?.content).toContain('METHOD:CANCEL');
      expect(mail.icalEvent?.content).toContain('SEQUENCE:1');
    }
    expect((await fx.call(fx.staff.recruiterIn, 'POST', url)).statusCode).toBe(409);
    const edit = await fx.call(
      fx.staff.recruiterIn,
      'PUT',
      `/api/v1/interviews/${interview.id}`,
      interviewBody(),
    );
    expect(edit.statusCode).toBe(409);
    // The reminder falls due: a cancelled interview reminds nobody.
    const quiet = fx.t.mail.length;
    await fx.t.database.db
      .update(jobs)
      .set({ availableAt: sql`now()` })
      .where(
        sql`${jobs.kind} = 'interview.remind' and ${jobs.payload} ->> 'interviewId' = ${String(interview.id)}`,
      );
    await fx.t.app.jobs.settled();
    expect(mailSince(quiet)).toEqual([]);
    const [entry] = await history(fx.staff.recruiterIn, id);
    expect(entry).toMatchObject({ type: 'interview', action: 'cancelled' });
  });

  it('reminds the candidate and the interviewers before the start', async () => {
    const id = await apply();
    const interview = await schedule(fx.staff.recruiterIn, id);
    const before = fx.t.mail.length;
    await fx.t.database.db
      .update(jobs)
      .set({ availableAt: sql`now()` })
      .where(
        sql`${jobs.kind} = 'interview.remind' and ${jobs.payload} ->> 'interviewId' = ${String(interview.id)}`,
      );
    await fx.t.app.jobs.settled();
    const sent = mailSince(before);
    expect(mailTo(sent, `interviewee${applicantCounter}@example.com`)[0]?.subject).toBe(
      'Reminder: interview for Data Engineer at Test Company',
    );
    expect(mailTo(sent, fx.staff.manager.user.email)[0]?.subject).toBe(
      `Reminder: interview with Interviewee ${applicantCounter} (Data Engineer)`,
    );
    expect(sent.every((mail) => mail.icalEvent === undefined)).toBe(true);
  });
});

describe('scorecards', () => {
  it('are filled by the interviewers only, rating every attribute of the vacancy', async () => {
    const attributes = await setAttributes(fx.vacancyA, [fx.staff.recruiterIn.user.id]);
    expect(attributes.map((attribute) => attribute.name)).toEqual(['Communication', 'SQL']);
    const id = await apply();
    const interview = await schedule(fx.staff.recruiterIn, id);
    const url = `/api/v1/interviews/${interview.id}/scorecard`;
    const [communication, sqlSkill] = attributes;
    const complete = {
      ratings: [
        { key: communication?.key, rating: 4 },
        { key: sqlSkill?.key, rating: 2 },
      ],
      recommendation: 'yes',
      notes: 'Clear thinker',
    };
    // The employee interviews without any access to candidates: the interview opens for them.
    const kit = await fx.call(fx.staff.employee, 'GET', `/api/v1/interviews/${interview.id}`);
    expect(kit.statusCode, kit.body).toBe(200);
    const details = interviewDetailsResponseSchema.parse(kit.json());
    expect(details.data).toMatchObject({ is_interviewer: true, my_scorecard_id: null });
    expect(details.data.scorecard_attributes).toEqual(attributes);
    expect(
      (await fx.call(fx.staff.recruiterOut, 'GET', `/api/v1/interviews/${interview.id}`)).statusCode,
    ).toBe(404);
    // Not an interviewer: 403 for the recruiter who sees the candidate, 404 for others.
    expect((await fx.call(fx.staff.recruiterIn, 'PUT', url, complete)).statusCode).toBe(403);
    expect((await fx.call(fx.staff.recruiterOut, 'PUT', url, complete)).statusCode).toBe(404);
    const missing = await fx.call(fx.staff.employee, 'PUT', url, {
      ...complete,
      ratings: complete.ratings.slice(0, 1),
    });
    expect(missing.statusCode).toBe(422);
    const outOfRange = await fx.call(fx.staff.employee, 'PUT', url, {
      ...complete,
      ratings: [{ key: communication?.key, rating: 5 }, complete.ratings[1]],
    });
    expect(outOfRange.statusCode).toBe(422);
    const unknown = await fx.call(fx.staff.employee, 'PUT', url, {
      ...complete,
      ratings: [{ key: 'nope', rating: 3 }, complete.ratings[1]],
    });
    expect(unknown.statusCode).toBe(422);
    expect(
      (await fx.call(fx.staff.employee, 'PUT', url, { ...complete, recommendation: 'maybe' })).statusCode,
    ).toBe(422);
    // As the HR app sends every update: POST with _method=PUT (it answered 404 before issue 17's e2e).
    const saved = await fx.call(fx.staff.employee, 'POST', url, { ...complete, _method: 'PUT' });
    expect(saved.statusCode, saved.body).toBe(200);
    const scorecard = scorecardResponseSchema.parse(saved.json()).data;
    expect(scorecard).toMatchObject({
      author: { id: fx.staff.employee.user.id },
      recommendation: 'yes',
      notes: 'Clear thinker',
      ratings: [
        { key: communication?.key, name: 'Communication', rating: 4 },
        { key: sqlSkill?.key, name: 'SQL', rating: 2 },
      ],
    });
    // Changing it keeps one scorecard and one history entry.
    const changed = await fx.call(fx.staff.employee, 'PUT', url, {
      ...complete,
      recommendation: 'strong_yes',
    });
    expect(changed.json().data).toMatchObject({ id: scorecard.id, recommendation: 'strong_yes' });
    const entries = (await history(fx.staff.hr, id)).filter((entry) => entry.type === 'scorecard');
    expect(entries).toEqual([
      expect.objectContaining({
        type: 'scorecard',
        recommendation: 'strong_yes',
        interview_id: interview.id,
      }),
    ]);
    // The card shows it with the summary.
    const card = applicationInterviewsResponseSchema.parse(
      (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${id}/interviews`)).json(),
    );
    expect(card.scorecards.map((row) => row.id)).toEqual([scorecard.id]);
    expect(card.summary).toMatchObject({
      count: 1,
      recommendations: { strong_no: 0, no: 0, yes: 0, strong_yes: 1 },
      attributes: [
        { key: communication?.key, name: 'Communication', average: 4, count: 1 },
        { key: sqlSkill?.key, name: 'SQL', average: 2, count: 1 },
      ],
    });
    expect(
      card.data[0]?.interviewers.find((person) => person.id === fx.staff.employee.user.id),
    ).toMatchObject({
      has_scorecard: true,
    });
    // A cancelled interview takes no scorecard.
    await fx.call(fx.staff.recruiterIn, 'POST', `/api/v1/interviews/${interview.id}/cancel`);
    expect((await fx.call(fx.staff.employee, 'PUT', url, complete)).statusCode).toBe(409);
  });

  it('of colleagues stay hidden from an interviewer until they submit their own, unless the role may see them', async () => {
    // Vacancy B stays team T's, whose member the manager is.
    const teamId = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyB}`)).json().data
      .team_id;
    expect(teamId).not.toBeNull();
    const attributes = await setAttributes(fx.vacancyB, [], teamId);
    const id = await apply('B');
    const interview = await schedule(fx.staff.hr, id);
    const rate = (recommendation: string) => ({
      ratings: attributes.map((attribute) => ({ key: attribute.key, rating: 3 })),
      recommendation,
      notes: null,
    });
    const url = `/api/v1/interviews/${interview.id}/scorecard`;
    expect((await fx.call(fx.staff.employee, 'PUT', url, rate('no'))).statusCode).toBe(200);
    // The manager interviews and sees the candidate (team T) but has not submitted: held back.
    const listUrl = `/api/v1/applications/${id}/interviews`;
    const beforeOwn = applicationInterviewsResponseSchema.parse(
      (await fx.call(fx.staff.manager, 'GET', listUrl)).json(),
    );
    expect(beforeOwn.scorecards).toEqual([]);
    expect(beforeOwn.hidden_scorecards).toBe(1);
    expect(beforeOwn.summary.count).toBe(0);
    const kit = interviewDetailsResponseSchema.parse(
      (await fx.call(fx.staff.manager, 'GET', `/api/v1/interviews/${interview.id}`)).json(),
    );
    expect(kit.scorecards).toEqual([]);
    expect(kit.hidden_scorecards).toBe(1);
    const hiddenEntry = (await history(fx.staff.manager, id)).find((entry) => entry.type === 'scorecard');
    expect(hiddenEntry).toMatchObject({ type: 'scorecard', recommendation: null });
    // HR does not interview: everything. The recruiter role has see_scorecards_before_submitting.
    expect(
      applicationInterviewsResponseSchema.parse((await fx.call(fx.staff.hr, 'GET', listUrl)).json())
        .scorecards,
    ).toHaveLength(1);
    // Once the manager's own is in, they see both.
    expect((await fx.call(fx.staff.manager, 'PUT', url, rate('strong_yes'))).statusCode).toBe(200);
    const afterOwn = applicationInterviewsResponseSchema.parse(
      (await fx.call(fx.staff.manager, 'GET', listUrl)).json(),
    );
    expect(afterOwn.scorecards).toHaveLength(2);
    expect(afterOwn.hidden_scorecards).toBe(0);
    expect(afterOwn.summary.recommendations).toEqual({ strong_no: 0, no: 1, yes: 0, strong_yes: 1 });
    const visibleEntries = (await history(fx.staff.manager, id)).filter(
      (entry) => entry.type === 'scorecard',
    );
    expect(visibleEntries.map((entry) => entry.type === 'scorecard' && entry.recommendation).sort()).toEqual([
      'no',
      'strong_yes',
    ]);
  });
});

describe('my interviews', () => {
  it("lists the user's upcoming interviews as an interviewer, and nobody else's", async () => {
    const id = await apply();
    const interview = await schedule(fx.staff.recruiterIn, id, {
      interviewer_ids: [fx.staff.employee.user.id],
    });
    const mine = myInterviewsResponseSchema.parse(
      (await fx.call(fx.staff.employee, 'GET', '/api/v1/my/interviews')).json(),
    ).data;
    expect(mine.map((row) => row.id)).toContain(interview.id);
    expect(mine.find((row) => row.id === interview.id)).toMatchObject({
      candidate: { name: `Interviewee ${applicantCounter}` },
      vacancy: { id: fx.vacancyA, name: 'Data Engineer' },
      is_interviewer: true,
    });
    const theirs = myInterviewsResponseSchema.parse(
      (await fx.call(fx.staff.recruiterOut, 'GET', '/api/v1/my/interviews')).json(),
    ).data;
    expect(theirs.map((row) => row.id)).not.toContain(interview.id);
    // Over, without the employee's scorecard: still listed for a fortnight, then not.
    const listed = async () =>
      (await fx.call(fx.staff.employee, 'GET', '/api/v1/my/interviews'))
        .json()
        .data.map((row: { id: number }) => row.id);
    const moveStart = (days: number) =>
      fx.t.database.db
        .update(interviews)
        .set({ startsAt: new Date(fx.t.clock.now.getTime() - days * 86_400_000) })
        .where(eq(interviews.id, interview.id));
    await moveStart(3);
    expect(await listed()).toContain(interview.id);
    await moveStart(20);
    expect(await listed()).not.toContain(interview.id);
    await moveStart(-3);
    await fx.call(fx.staff.recruiterIn, 'POST', `/api/v1/interviews/${interview.id}/cancel`);
    const afterCancel = (await fx.call(fx.staff.employee, 'GET', '/api/v1/my/interviews')).json().data;
    expect(afterCancel.map((row: { id: number }) => row.id)).not.toContain(interview.id);
    const anonymous = await fx.t.app.inject({
      method: 'GET',
      url: '/api/v1/my/interviews',
      headers: { host: fx.company.hosts[0] ?? '', accept: 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('vacancy setup', () => {
  it('keeps the hiring team and a structured salary beside the free text, hidden without field_salary', async () => {
    const body = vacancyBody({
      name: 'Backend Engineer',
      salary: 'from $4,000 gross',
      recruiter_ids: [fx.staff.recruiterIn.user.id],
      hiring_manager_id: fx.staff.manager.user.id,
      interviewer_ids: [fx.staff.employee.user.id, fx.staff.manager.user.id],
      salary_range: { min: 4000, max: 5500.5, currency: 'USD', period: 'month' },
    });
    const created = await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      salary: 'from $4,000 gross',
      hiring_manager_id: fx.staff.manager.user.id,
      interviewer_ids: [fx.staff.manager.user.id, fx.staff.employee.user.id].sort((a, b) => a - b),
      salary_range: { min: 4000, max: 5500.5, currency: 'USD', period: 'month' },
    });
    const vacancyId = created.json().data.id;
    // A role without field_salary neither sees nor changes it.
    const noSalary = await fx.call(fx.staff.owner, 'POST', '/api/v1/roles', {
      name: `No salary ${Date.now()}`,
    });
    const roleId = noSalary.json().data.id as number;
    const all = { create: 'to_all', update: 'to_all', delete: 'to_all', view: 'to_all', all: 'to_all' };
    await fx.call(fx.staff.owner, 'PUT', `/api/v1/roles/${roleId}`, {
      permissions: { Vacancy: { visibilitySettings: all, actions: [], fields_view: [] } },
    });
    const reader = await seedStaff(fx.t, fx.company, 'recruiter');
    await fx.t.database.db.update(users).set({ roleId }).where(eq(users.id, reader.user.id));
    const seen = await fx.call(reader, 'GET', `/api/v1/vacancies/${vacancyId}`);
    expect(seen.json().data).not.toHaveProperty('salary_range');
    expect(seen.json().data).not.toHaveProperty('salary');
    const put = await fx.call(reader, 'PUT', `/api/v1/vacancies/${vacancyId}`, {
      ...body,
      salary_range: { min: 1, max: 2, currency: 'EUR', period: 'hour' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const kept = await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${vacancyId}`);
    expect(kept.json().data.salary_range).toEqual({
      min: 4000,
      max: 5500.5,
      currency: 'USD',
      period: 'month',
    });
    const bad = async (overrides: Record<string, unknown>, field: string) => {
      const response = await fx.call(fx.staff.hr, 'PUT', `/api/v1/vacancies/${vacancyId}`, {
        ...body,
        ...overrides,
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}).join(' ')).toContain(field);
    };
    await bad({ salary_range: { min: 6000, max: 5000, currency: 'USD', period: 'month' } }, 'salary_range');
    await bad({ salary_range: { min: null, max: null, currency: 'USD', period: 'month' } }, 'salary_range');
    await bad({ salary_range: { min: 1, max: 2, currency: 'usd', period: 'month' } }, 'salary_range');
    await bad({ salary_range: { min: 1, max: 2, currency: 'USD', period: 'fortnight' } }, 'salary_range');
    await bad({ interviewer_ids: [999_999] }, 'interviewer_ids');
    await bad({ hiring_manager_id: 999_999 }, 'hiring_manager_id');
    // The old free-text salary stays as written when the structured one goes.
    const cleared = await fx.call(fx.staff.hr, 'PUT', `/api/v1/vacancies/${vacancyId}`, {
      ...body,
      salary_range: null,
    });
    expect(cleared.json().data).toMatchObject({ salary: 'from $4,000 gross', salary_range: null });
  });
});
