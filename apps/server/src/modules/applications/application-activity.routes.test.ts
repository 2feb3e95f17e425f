import {
  applicationMailResponseSchema,
  bulkResultResponseSchema,
  historyResponseSchema,
  mailTemplateListResponseSchema,
  rejectionResponseSchema,
} from '@kadry/shared/schemas/recruiting-mail';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import { applications } from '../../db/schema/applications';
import { users } from '../../db/schema/users';
import { type StaffMember, type StaffMethod, seedStaff } from '../permissions/permissions-test-support';

// Candidate mail, rejection with a reason and the activity history (issue 17) through app.inject,
// with the permission matrix of every endpoint; and the identical repeat application (issue 18, bug 9).

const fx = createRecruitingFixture();

const draft = (overrides: Record<string, unknown> = {}) => ({
  locale: 'en',
  subject: 'About {vacancy}',
  body: '<p>Hello {candidate_name}, this is {sender} from {company}.</p><script>alert(1)</script>',
  ...overrides,
});

async function reasonIds(): Promise<number[]> {
  const response = await fx.call(fx.staff.hr, 'GET', '/api/v1/dictionaries/rejection-reasons');
  expect(response.statusCode).toBe(200);
  return response.json().data.map((entry: { id: number }) => entry.id);
}

async function history(who: StaffMember, id: number, kind?: string) {
  const response = await fx.call(
    who,
    'GET',
    `/api/v1/applications/${id}/history${kind ? `?kind=${kind}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return historyResponseSchema.parse(response.json()).data;
}

let applicantCounter = 0;
/** A fresh application to vacancy A (recruiterIn's), from a new person. */
async function applyToA(): Promise<number> {
  applicantCounter += 1;
  const id = await fx.apply(fx.vacancyA, {
    name: `Applicant ${applicantCounter}`,
    email: `applicant${applicantCounter}@example.com`,
    phone: `+38050000${String(applicantCounter).padStart(4, '0')}`,
  });
  await fx.t.app.events.settled();
  return id;
}

/** A role that works on candidates like a recruiter but may not see their e-mails. */
async function seedRecruiterWithoutEmails(): Promise<StaffMember> {
  const created = await fx.call(fx.staff.owner, 'POST', '/api/v1/roles', {
    name: `No e-mails ${Date.now()}`,
  });
  expect(created.statusCode, created.body).toBe(201);
  const roleId = created.json().data.id as number;
  const all = { create: 'to_all', update: 'to_all', delete: 'to_all', view: 'to_all', all: 'to_all' };
  const changed = await fx.call(fx.staff.owner, 'PUT', `/api/v1/roles/${roleId}`, {
    permissions: {
      Candidate: { visibilitySettings: all, actions: [], fields_view: ['field_files'] },
      Vacancy: { visibilitySettings: all, actions: [], fields_view: [] },
    },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const member = await seedStaff(fx.t, fx.company, 'recruiter');
  await fx.t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  return member;
}

describe('candidate mail templates', () => {
  it('are seeded once per company in three languages and read by whoever works on candidates', async () => {
    const response = await fx.call(fx.staff.recruiterIn, 'GET', '/api/v1/mail-templates');
    expect(response.statusCode).toBe(200);
    const templates = mailTemplateListResponseSchema.parse(response.json()).data;
    expect(templates.map((t) => `${t.purpose}/${t.locale}`)).toEqual([
      'acknowledgement/en',
      'acknowledgement/ru',
      'acknowledgement/uk',
      'rejection/en',
      'rejection/ru',
      'rejection/uk',
      'generic/en',
      'generic/ru',
      'generic/uk',
    ]);
    const russian = await fx.call(fx.staff.hr, 'GET', '/api/v1/mail-templates?locale=ru&purpose=rejection');
    expect(russian.json().data).toEqual([expect.objectContaining({ name: 'Отказ', locale: 'ru' })]);
    expect((await fx.call(fx.staff.hr, 'GET', '/api/v1/mail-templates?locale=de')).statusCode).toBe(422);
    // Neither works on candidates nor sees templates.
    expect((await fx.call(fx.staff.employee, 'GET', '/api/v1/mail-templates')).statusCode).toBe(403);
    expect((await fx.call(fx.staff.manager, 'GET', '/api/v1/mail-templates')).statusCode).toBe(403);
  });

  it('are changed by roles with Template at to_all only, bodies sanitised', async () => {
    const body = {
      purpose: 'generic',
      locale: 'en',
      name: 'Invitation',
      subject: 'Interview for {vacancy}',
      body: '<p onclick="x()">See you at {interview_time}</p><img src="https://t.test/p.gif"><script>1</script>',
    };
    for (const who of [fx.staff.recruiterIn, fx.staff.manager, fx.staff.employee]) {
      expect((await fx.call(who, 'POST', '/api/v1/mail-templates', body)).statusCode).toBe(403);
    }
    const created = await fx.call(fx.staff.hr, 'POST', '/api/v1/mail-templates', body);
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data;
    expect(template.body).toBe('<p>See you at {interview_time}</p>');
    const empty = await fx.call(fx.staff.hr, 'POST', '/api/v1/mail-templates', { ...body, body: '<p> </p>' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toBeDefined();
    const onlyScript = await fx.call(fx.staff.hr, 'POST', '/api/v1/mail-templates', {
      ...body,
      body: '<script>alert(1)</script>',
    });
    expect(onlyScript.statusCode).toBe(422);

    const url = `/api/v1/mail-templates/${template.id}`;
    expect((await fx.call(fx.staff.recruiterIn, 'PUT', url, { ...body, name: 'Mine' })).statusCode).toBe(403);
    const renamed = await fx.call(fx.staff.hr, 'PUT', url, { ...body, name: 'Interview invitation' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Interview invitation');
    expect((await fx.call(fx.staff.hr, 'PUT', '/api/v1/mail-templates/999999', body)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.hr, 'PUT', '/api/v1/mail-templates/abc', body)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.recruiterIn, 'DELETE', url)).statusCode).toBe(403);
    expect((await fx.call(fx.staff.hr, 'DELETE', url)).statusCode).toBe(204);
    expect((await fx.call(fx.staff.hr, 'DELETE', url)).statusCode).toBe(404);
  });

  it('keep the acknowledgement setting, changed by Template managers only', async () => {
    const read = await fx.call(fx.staff.recruiterIn, 'GET', '/api/v1/mail-settings');
    expect(read.json()).toEqual({ data: { auto_acknowledge: true } });
    expect(
      (await fx.call(fx.staff.recruiterIn, 'PUT', '/api/v1/mail-settings', { auto_acknowledge: false }))
        .statusCode,
    ).toBe(403);
    expect((await fx.call(fx.staff.employee, 'GET', '/api/v1/mail-settings')).statusCode).toBe(403);
    expect(
      (await fx.call(fx.staff.hr, 'PUT', '/api/v1/mail-settings', { auto_acknowledge: 'no' })).statusCode,
    ).toBe(422);
  });
});

describe('mail to a candidate', () => {
  it('acknowledges a new application with the template of its language, once', async () => {
    const id = await applyToA();
    const mails = (await history(fx.staff.hr, id, 'mail')).flatMap((entry) =>
      entry.type === 'mail' ? [entry.mail] : [],
    );
    expect(mails).toEqual([
      expect.objectContaining({
        kind: 'acknowledgement',
        state: 'sent',
        subject: 'We received your application: Data Engineer',
        sender: null,
      }),
    ]);
    const sent = fx.t.mail.filter((mail) => mail.subject === 'We received your application: Data Engineer');
    expect(sent.map((mail) => mail.to)).toContain(`applicant${applicantCounter}@example.com`);
  });

  it('is sent from the card with Reply-To the sender; its address shows only to roles with field_email', async () => {
    const id = await applyToA();
    const noEmails = await seedRecruiterWithoutEmails();
    const before = fx.t.mail.length;
    const response = await fx.call(fx.staff.recruiterIn, 'POST', `/api/v1/applications/${id}/mails`, draft());
    expect(response.statusCode, response.body).toBe(201);
    const mail = applicationMailResponseSchema.strict().parse(response.json()).data;
    expect(mail).toMatchObject({
      state: 'sent',
      kind: 'manual',
      subject: 'About Data Engineer',
      to: `applicant${applicantCounter}@example.com`,
    });
    expect(mail.body).toBe(
      `<p>Hello Applicant ${applicantCounter}, this is ${fx.staff.recruiterIn.user.name} from Test Company.</p>`,
    );
    const delivered = fx.t.mail.slice(before);
    expect(delivered).toEqual([
      expect.objectContaining({
        to: `applicant${applicantCounter}@example.com`,
        replyTo: fx.staff.recruiterIn.user.email,
        subject: 'About Data Engineer',
      }),
    ]);
    expect(delivered[0]?.text).toContain(`Hello Applicant ${applicantCounter}`);
    // The history shows the address to HR (field_email), not to the role without it.
    const forHr = (await history(fx.staff.hr, id, 'mail')).find((entry) => entry.id === `mail-${mail.id}`);
    expect(forHr?.type === 'mail' && forHr.mail.to).toBe(`applicant${applicantCounter}@example.com`);
    const forThem = (await history(noEmails, id, 'mail')).find((entry) => entry.id === `mail-${mail.id}`);
    expect(forThem?.type === 'mail' && 'to' in forThem.mail).toBe(false);
  });

  it('is never written by a role without field_email: every way of writing to a candidate answers 403 and changes nothing', async () => {
    const id = await applyToA();
    const noEmails = await seedRecruiterWithoutEmails();
    const [reason] = await reasonIds();
    const stages = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyA}/stages`)).json().data;
    const screening = stages.find((s: { name: string }) => s.name === 'Screening');
    const before = fx.t.mail.length;
    const historyBefore = await history(fx.staff.hr, id);
    const refusals: Array<[StaffMethod, string, Record<string, unknown>]> = [
      ['POST', `/api/v1/applications/${id}/mails`, draft()],
      ['PUT', `/api/v1/applications/${id}/stage`, { stage_id: screening.id, mail: draft() }],
      ['POST', `/api/v1/applications/${id}/rejection`, { reason_id: reason, mail: draft() }],
      ['POST', '/api/v1/applications/bulk/mails', { application_ids: [id], mail: draft() }],
      [
        'POST',
        '/api/v1/applications/bulk/stage',
        { application_ids: [id], stage_id: screening.id, mail: draft() },
      ],
      [
        'POST',
        '/api/v1/applications/bulk/rejection',
        { application_ids: [id], reason_id: reason, mail: draft() },
      ],
      [
        'POST',
        `/api/v1/applications/${id}/interviews`,
        {
          date: '2031-04-01',
          time: '14:30',
          duration_minutes: 45,
          time_zone: 'Europe/Kyiv',
          interviewer_ids: [fx.staff.hr.user.id],
        },
      ],
    ];
    for (const [method, url, body] of refusals) {
      const response = await fx.call(noEmails, method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().message).toMatch(/e-mail addresses/);
    }
    expect(fx.t.mail.length).toBe(before);
    expect(await history(fx.staff.hr, id)).toEqual(historyBefore);
    // Without a mail, the same role moves and rejects as before.
    const moved = await fx.call(noEmails, 'PUT', `/api/v1/applications/${id}/stage`, {
      stage_id: screening.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rejected = await fx.call(noEmails, 'POST', `/api/v1/applications/${id}/rejection`, {
      reason_id: reason,
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
    expect(fx.t.mail.length).toBe(before);
  });

  it('answers 404 outside the sender reach, 403 without the update level, 422 for a bad draft', async () => {
    const id = fx.applicationA;
    const url = `/api/v1/applications/${id}/mails`;
    const before = fx.t.mail.length;
    expect((await fx.call(fx.staff.recruiterOut, 'POST', url, draft())).statusCode).toBe(404);
    expect((await fx.call(fx.staff.employee, 'POST', url, draft())).statusCode).toBe(404);
    // The manager sees vacancy B's applications but may not change them.
    const onB = `/api/v1/applications/${fx.applicationB}/mails`;
    expect((await fx.call(fx.staff.manager, 'POST', onB, draft())).statusCode).toBe(403);
    expect((await fx.call(fx.staff.hr, 'POST', url, draft({ subject: ' ' }))).statusCode).toBe(422);
    expect((await fx.call(fx.staff.hr, 'POST', url, draft({ body: '<p></p>' }))).statusCode).toBe(422);
    expect((await fx.call(fx.staff.hr, 'POST', url, draft({ locale: 'de' }))).statusCode).toBe(422);
    expect((await fx.call(fx.staff.hr, 'POST', url, draft({ template_id: 999_999 }))).statusCode).toBe(422);
    expect(
      (await fx.call(fx.staff.hr, 'POST', '/api/v1/applications/999999/mails', draft())).statusCode,
    ).toBe(404);
    expect(fx.t.mail.length).toBe(before);
  });

  it('goes with a stage move in one step, and the move is in the history', async () => {
    const id = await applyToA();
    const stages = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyA}/stages`)).json().data;
    const screening = stages.find((s: { name: string }) => s.name === 'Screening');
    const moved = await fx.call(fx.staff.recruiterIn, 'PUT', `/api/v1/applications/${id}/stage`, {
      stage_id: screening.id,
      mail: draft({ subject: 'Next step: {vacancy}' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Newest first. (The test app's clock, which dates the arrival, runs years ahead of the database's,
    // which dates the rest: the arrival is checked on its own.)
    const all = await history(fx.staff.recruiterIn, id);
    expect(all.filter((entry) => entry.type === 'received')).toEqual([
      expect.objectContaining({ type: 'received', source: 'linkedin' }),
    ]);
    const entries = all.filter((entry) => entry.type !== 'received');
    expect(entries.map((entry) => entry.type)).toEqual(['mail', 'stage_moved', 'mail']);
    expect(entries[1]).toMatchObject({
      type: 'stage_moved',
      actor: { id: fx.staff.recruiterIn.user.id },
      from_stage: { name: 'New' },
      to_stage: { id: screening.id, name: 'Screening' },
    });
    expect(entries[0]).toMatchObject({
      type: 'mail',
      mail: { kind: 'stage', subject: 'Next step: Data Engineer' },
    });
    expect(entries[2]).toMatchObject({ type: 'mail', mail: { kind: 'acknowledgement' } });
    // A bad mail refuses the move too (one transaction).
    const refused = await fx.call(fx.staff.recruiterIn, 'PUT', `/api/v1/applications/${id}/stage`, {
      stage_id: stages[0].id,
      mail: draft({ template_id: 999_999 }),
    });
    expect(refused.statusCode).toBe(422);
    expect((await history(fx.staff.recruiterIn, id, 'stage')).length).toBe(1);
  });
});

describe('rejection', () => {
  it('needs a reason, keeps the stage of exit, shows who and when, and can be reopened', async () => {
    const id = await applyToA();
    const [reason, otherReason] = await reasonIds();
    const url = `/api/v1/applications/${id}/rejection`;
    expect((await fx.call(fx.staff.recruiterIn, 'POST', url, {})).statusCode).toBe(422);
    expect((await fx.call(fx.staff.recruiterIn, 'POST', url, { reason_id: 999_999 })).statusCode).toBe(422);
    expect((await fx.call(fx.staff.recruiterOut, 'POST', url, { reason_id: reason })).statusCode).toBe(404);
    const rejected = await fx.call(fx.staff.recruiterIn, 'POST', url, { reason_id: reason });
    expect(rejected.statusCode, rejected.body).toBe(201);
    const rejection = rejectionResponseSchema.parse(rejected.json()).data;
    expect(rejection).toMatchObject({
      reason: { id: reason, name: 'Not enough experience or skills' },
      stage: { name: 'New' },
      rejected_by: { id: fx.staff.recruiterIn.user.id },
      mail: null,
    });
    expect((await fx.call(fx.staff.hr, 'GET', url)).json().data.stage.name).toBe('New');
    const listed = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications?vacancy_id=${fx.vacancyA}`);
    const summary = listed.json().data.find((a: { id: number }) => a.id === id);
    expect(summary.rejection).toEqual({
      reason: 'Not enough experience or skills',
      rejected_at: rejection?.rejected_at,
    });
    expect(summary.stage.name).toBe('New');
    // Rejected: not rejected twice, not moved until reopened.
    expect((await fx.call(fx.staff.hr, 'POST', url, { reason_id: otherReason })).statusCode).toBe(409);
    const stages = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyA}/stages`)).json().data;
    const move = await fx.call(fx.staff.hr, 'PUT', `/api/v1/applications/${id}/stage`, {
      stage_id: stages[2].id,
    });
    expect(move.statusCode).toBe(409);
    expect((await fx.call(fx.staff.recruiterOut, 'DELETE', url)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.recruiterIn, 'DELETE', url)).statusCode).toBe(204);
    expect((await fx.call(fx.staff.recruiterIn, 'DELETE', url)).statusCode).toBe(409);
    expect((await fx.call(fx.staff.hr, 'GET', url)).json()).toEqual({ data: null });
    const entries = await history(fx.staff.hr, id, 'rejection');
    expect(entries.map((entry) => entry.type)).toEqual(['reopened', 'rejected']);
    expect(entries[1]).toMatchObject({ reason: { id: reason }, actor: { id: fx.staff.recruiterIn.user.id } });
  });

  it('refuses a reason the company hid from the dictionary', async () => {
    const id = await applyToA();
    const [, , hidden] = await reasonIds();
    const hide = await fx.call(fx.staff.hr, 'PUT', `/api/v1/dictionaries/manage/rejection_reason/${hidden}`, {
      is_hidden: true,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const response = await fx.call(fx.staff.hr, 'POST', `/api/v1/applications/${id}/rejection`, {
      reason_id: hidden,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.reason_id).toBeDefined();
  });

  it('schedules a delayed rejection mail that can be cancelled until it leaves', async () => {
    const id = await applyToA();
    const [reason] = await reasonIds();
    const response = await fx.call(fx.staff.recruiterIn, 'POST', `/api/v1/applications/${id}/rejection`, {
      reason_id: reason,
      mail: draft({ subject: 'Your application', delay_minutes: 60 }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = rejectionResponseSchema.parse(response.json()).data?.mail;
    expect(mail).toMatchObject({ state: 'scheduled', kind: 'rejection' });
    if (!mail) throw new Error('no mail');
    expect(Date.parse(mail.send_at) - Date.parse(mail.created_at)).toBeGreaterThanOrEqual(59 * 60_000);
    const cancelUrl = `/api/v1/application-mails/${mail.id}/cancel`;
    expect((await fx.call(fx.staff.recruiterOut, 'POST', cancelUrl)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.manager, 'POST', cancelUrl)).statusCode).toBe(404);
    const cancelled = await fx.call(fx.staff.recruiterIn, 'POST', cancelUrl);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.state).toBe('cancelled');
    expect((await fx.call(fx.staff.recruiterIn, 'POST', cancelUrl)).statusCode).toBe(409);
    expect(
      (await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/application-mails/999999/cancel')).statusCode,
    ).toBe(404);
  });

  it('works in bulk, reporting each application, in one transaction', async () => {
    const first = await applyToA();
    const second = await applyToA();
    const [reason] = await reasonIds();
    const before = fx.t.mail.length;
    const response = await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/applications/bulk/rejection', {
      application_ids: [first, second, fx.applicationB, 999_999],
      reason_id: reason,
      mail: draft({ subject: 'Thank you, {candidate_name}' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkResultResponseSchema.parse(response.json())).toEqual({
      data: [
        { id: first, outcome: 'done' },
        { id: second, outcome: 'done' },
        // Vacancy B is outside recruiterIn's reach: not found, as a missing one.
        { id: fx.applicationB, outcome: 'not_found' },
        { id: 999_999, outcome: 'not_found' },
      ],
      // It sent mail: it cannot be undone.
      meta: { done: 2, skipped: 2, action_id: null, undoable_until: null },
    });
    expect(
      fx.t.mail
        .slice(before)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(
      [`Thank you, Applicant ${applicantCounter - 1}`, `Thank you, Applicant ${applicantCounter}`].sort(),
    );
    const again = await fx.call(fx.staff.hr, 'POST', '/api/v1/applications/bulk/rejection', {
      application_ids: [first],
      reason_id: reason,
    });
    expect(again.json().data).toEqual([{ id: first, outcome: 'already_rejected' }]);
    // The manager sees B but may not change it.
    const manager = await fx.call(fx.staff.manager, 'POST', '/api/v1/applications/bulk/rejection', {
      application_ids: [fx.applicationB],
      reason_id: reason,
    });
    expect(manager.json().data).toEqual([{ id: fx.applicationB, outcome: 'forbidden' }]);
    for (const body of [
      { application_ids: [], reason_id: reason },
      { application_ids: [first, first], reason_id: reason },
      { application_ids: [first] },
    ]) {
      expect(
        (await fx.call(fx.staff.hr, 'POST', '/api/v1/applications/bulk/rejection', body)).statusCode,
      ).toBe(422);
    }
  });
});

describe('bulk mail', () => {
  it('sends one mail to each reachable candidate and reports the rest', async () => {
    const id = await applyToA();
    const before = fx.t.mail.length;
    const response = await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/applications/bulk/mails', {
      application_ids: [id, fx.applicationB],
      mail: draft({ subject: 'Hello {candidate_name}' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { id, outcome: 'done' },
      { id: fx.applicationB, outcome: 'not_found' },
    ]);
    expect(fx.t.mail.slice(before).map((mail) => mail.subject)).toEqual([
      `Hello Applicant ${applicantCounter}`,
    ]);
    // The employee role sees no candidate's address: it writes to none (403 outright).
    expect(
      (
        await fx.call(fx.staff.employee, 'POST', '/api/v1/applications/bulk/mails', {
          application_ids: [id],
          mail: draft(),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the activity history', () => {
  it('is filtered by kind, holds the comments the reader may read, and is 404 out of reach', async () => {
    const id = await applyToA();
    await fx.call(fx.staff.recruiterIn, 'POST', `/api/v1/applications/${id}/comments`, {
      text: 'Private note',
    });
    const own = await history(fx.staff.recruiterIn, id, 'comment');
    expect(own).toEqual([
      expect.objectContaining({
        type: 'comment',
        comment: expect.objectContaining({ text: 'Private note' }),
      }),
    ]);
    // HR has see_all_comments; the no-e-mail role has not.
    expect((await history(fx.staff.hr, id, 'comment')).length).toBe(1);
    const noEmails = await seedRecruiterWithoutEmails();
    expect(await history(noEmails, id, 'comment')).toEqual([]);
    expect((await history(fx.staff.hr, id, 'received')).map((entry) => entry.type)).toEqual(['received']);
    const url = `/api/v1/applications/${id}/history`;
    expect((await fx.call(fx.staff.hr, 'GET', `${url}?kind=everything`)).statusCode).toBe(422);
    expect((await fx.call(fx.staff.recruiterOut, 'GET', url)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.employee, 'GET', url)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.manager, 'GET', url)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.hr, 'GET', '/api/v1/applications/abc/history')).statusCode).toBe(404);
  });

  it('answers no 2xx to anyone out of reach, on every endpoint', async () => {
    const id = await applyToA();
    const [reason] = await reasonIds();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/applications/${id}/history`],
      ['GET', `/api/v1/applications/${id}/rejection`],
      ['POST', `/api/v1/applications/${id}/rejection`, { reason_id: reason }],
      ['DELETE', `/api/v1/applications/${id}/rejection`],
      ['POST', `/api/v1/applications/${id}/mails`, draft()],
      ['PUT', `/api/v1/applications/${id}/stage`, { stage_id: 1, mail: draft() }],
    ];
    for (const who of [fx.staff.recruiterOut, fx.staff.employee, fx.staff.manager]) {
      for (const [method, url, payload] of calls) {
        const response = await fx.call(who, method as 'GET', url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // An ended session is 401 everywhere.
    const anonymous = { ...fx.staff.hr, headers: { host: fx.company.hosts[0] ?? '' } } as StaffMember;
    for (const [method, url, payload] of [
      ...calls,
      ['GET', '/api/v1/mail-templates'],
      ['GET', '/api/v1/mail-settings'],
      ['POST', '/api/v1/applications/bulk/mails', { application_ids: [id], mail: draft() }],
      ['POST', '/api/v1/applications/bulk/rejection', { application_ids: [id], reason_id: reason }],
    ] as [string, string, unknown?][]) {
      const response = await fx.call(anonymous, method as 'GET', url, payload);
      expect([401, 419], `${method} ${url}`).toContain(response.statusCode);
    }
  });
});

describe('an identical repeat application (issue 18, bug 9)', () => {
  it('is the same application within 10 minutes when every answer is the same, noted in its history; a new one after or when an answer differs', async () => {
    const person = { name: 'Repeat Person', email: 'repeat@example.com', phone: '+380501110000' };
    const first = await fx.apply(fx.vacancyA, person);
    const count = async () =>
      (await fx.t.database.db.select().from(applications).where(eq(applications.vacancyId, fx.vacancyA)))
        .length;
    const before = await count();
    fx.t.clock.advance(5 * 60_000);
    const second = await fx.apply(fx.vacancyA, person);
    expect(second).toBe(first);
    expect(await count()).toBe(before);
    await fx.t.app.events.settled();
    const entries = await history(fx.staff.hr, first, 'received');
    expect(entries.map((entry) => entry.type)).toEqual(['repeat_received', 'received']);
    // Acknowledged once, and staff were not told of a second application.
    const acks = (await history(fx.staff.hr, first, 'mail')).filter(
      (entry) => entry.type === 'mail' && entry.mail.kind === 'acknowledgement',
    );
    expect(acks.length).toBe(1);
    // A different answer is a new application, however soon: only an identical repeat is the same.
    const changed = await fx.apply(fx.vacancyA, { ...person, phone: '+380501110001' });
    expect(changed).not.toBe(first);
    expect(await count()).toBe(before + 1);
    fx.t.clock.advance(11 * 60_000);
    const third = await fx.apply(fx.vacancyA, person);
    expect(third).not.toBe(first);
    expect(await count()).toBe(before + 2);
  });
});
