import { commentListResponseSchema, commentResponseSchema } from '@kadry/shared/schemas/recruiting';
import { historyResponseSchema } from '@kadry/shared/schemas/recruiting-mail';
import { mentionableListResponseSchema } from '@kadry/shared/schemas/recruiting-tags';
import { describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import type { StaffMember } from '../permissions/permissions-test-support';

// Comments on applications with mentions, edits and deletion (issue 17), through app.inject. Vacancy A
// is recruiterIn's (no team); vacancy B is team T's, of which the manager is a member (view only).

const fx = createRecruitingFixture();

async function comment(who: StaffMember, applicationId: number, body: Record<string, unknown>) {
  return fx.call(who, 'POST', `/api/v1/applications/${applicationId}/comments`, body);
}

async function listComments(who: StaffMember, applicationId: number) {
  const response = await fx.call(who, 'GET', `/api/v1/applications/${applicationId}/comments`);
  expect(response.statusCode, response.body).toBe(200);
  return commentListResponseSchema.parse(response.json()).data;
}

async function settle() {
  await fx.t.app.events.settled();
  await fx.t.app.jobs.settled();
}

/** The comment_mentioned notifications of a staff member. */
async function mentionNotices(who: StaffMember) {
  const response = await fx.call(who, 'GET', '/api/v1/notifications?per_page=100');
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json().data as { kind: string; link?: string; title?: string; actor_name?: string }[]
  ).filter((notice) => notice.kind === 'comment_mentioned');
}

function mailTo(who: StaffMember) {
  return fx.t.mail.filter((mail) => mail.to.toLowerCase() === who.user.email.toLowerCase());
}

describe('mentions', () => {
  it('lists the colleagues who reach the application, without the writer', async () => {
    const response = await fx.call(
      fx.staff.recruiterIn,
      'GET',
      `/api/v1/applications/${fx.applicationA}/mentionable`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const people = mentionableListResponseSchema.parse(response.json()).data;
    const ids = people.map((person) => person.id);
    expect(ids).toEqual(expect.arrayContaining([fx.staff.owner.user.id, fx.staff.hr.user.id]));
    for (const outside of ['recruiterOut', 'manager', 'employee', 'recruiterIn'] as const) {
      expect(ids).not.toContain(fx.staff[outside].user.id);
    }
    expect(people.find((person) => person.id === fx.staff.hr.user.id)?.reads_private).toBe(true);

    // Vacancy B: the manager reaches it through team T, but does not read private comments.
    const onB = mentionableListResponseSchema.parse(
      (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationB}/mentionable`)).json(),
    ).data;
    expect(onB.find((person) => person.id === fx.staff.manager.user.id)).toMatchObject({
      reads_private: false,
    });
  });

  it('stores mentions by id, names them, and tells the colleague in the app and by mail', async () => {
    const mailBefore = mailTo(fx.staff.hr).length;
    const text = `Please look, <@${fx.staff.hr.user.id}>: https://example.com/cv`;
    const response = await comment(fx.staff.recruiterIn, fx.applicationA, { text, is_shared: true });
    expect(response.statusCode, response.body).toBe(201);
    const created = commentResponseSchema.parse(response.json()).data;
    expect(created).toMatchObject({
      text,
      is_shared: true,
      edited_at: null,
      mentions: [{ id: fx.staff.hr.user.id, name: fx.staff.hr.user.name }],
    });
    await settle();
    const notices = await mentionNotices(fx.staff.hr);
    expect(notices[0]).toMatchObject({
      link: `/app/applications/${fx.applicationA}`,
      actor_name: fx.staff.recruiterIn.user.name,
      title: expect.stringContaining('Olena'),
    });
    const mails = mailTo(fx.staff.hr).slice(mailBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`@${fx.staff.hr.user.name}`);
    expect(mails[0]?.text).toContain(`/app/applications/${fx.applicationA}`);
    expect(mails[0]?.text).not.toContain('<@');
  });

  it('refuses a mention of someone who cannot see the application (422) and tells nobody', async () => {
    const before = (await listComments(fx.staff.hr, fx.applicationA)).length;
    const mailBefore = fx.t.mail.length;
    const noticesBefore = (await mentionNotices(fx.staff.recruiterOut)).length;
    for (const text of [
      `Hi <@${fx.staff.recruiterOut.user.id}>`,
      `Hi <@${fx.staff.employee.user.id}> and <@${fx.staff.hr.user.id}>`,
      'Hi <@2147483000>',
    ]) {
      const response = await comment(fx.staff.recruiterIn, fx.applicationA, { text, is_shared: true });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors.text).toBeDefined();
    }
    await settle();
    expect((await listComments(fx.staff.hr, fx.applicationA)).length).toBe(before);
    expect(fx.t.mail.length).toBe(mailBefore);
    expect((await mentionNotices(fx.staff.recruiterOut)).length).toBe(noticesBefore);
  });

  it('mentions in a private comment only colleagues who read private comments', async () => {
    const text = `Private note for <@${fx.staff.manager.user.id}>`;
    const refused = await comment(fx.staff.hr, fx.applicationB, { text, is_shared: false });
    expect(refused.statusCode, refused.body).toBe(422);
    const shared = await comment(fx.staff.hr, fx.applicationB, { text, is_shared: true });
    expect(shared.statusCode, shared.body).toBe(201);
    await settle();
    expect((await mentionNotices(fx.staff.manager)).length).toBeGreaterThan(0);
    const privateToOwner = await comment(fx.staff.hr, fx.applicationB, {
      text: `Only you, <@${fx.staff.owner.user.id}>`,
      is_shared: false,
    });
    expect(privateToOwner.statusCode, privateToOwner.body).toBe(201);
  });
});

describe('editing and deleting one’s own comment', () => {
  it('edits the text with an edited marker and tells newly mentioned colleagues only', async () => {
    const created = commentResponseSchema.parse(
      (await comment(fx.staff.recruiterIn, fx.applicationA, { text: 'First draft', is_shared: true })).json(),
    ).data;
    await settle();
    const ownerMailBefore = mailTo(fx.staff.owner).length;
    const url = `/api/v1/applications/${fx.applicationA}/comments/${created.id}`;
    const edited = await fx.call(fx.staff.recruiterIn, 'PUT', url, {
      text: `Second draft for <@${fx.staff.owner.user.id}>`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const data = commentResponseSchema.parse(edited.json()).data;
    expect(data.edited_at).not.toBeNull();
    expect(data.is_shared).toBe(true);
    expect(data.mentions.map((person) => person.id)).toEqual([fx.staff.owner.user.id]);
    // Saving the same mention again tells nobody twice.
    await fx.call(fx.staff.recruiterIn, 'PUT', url, { text: `Third draft for <@${fx.staff.owner.user.id}>` });
    await settle();
    expect(mailTo(fx.staff.owner).length).toBe(ownerMailBefore + 1);

    // A colleague's comment: 403 for whoever reads it, 404 for who cannot see the application.
    expect((await fx.call(fx.staff.hr, 'PUT', url, { text: 'Not mine' })).statusCode).toBe(403);
    expect((await fx.call(fx.staff.recruiterOut, 'PUT', url, { text: 'Not mine' })).statusCode).toBe(404);
    expect((await fx.call(fx.staff.hr, 'DELETE', url)).statusCode).toBe(403);
    expect((await fx.call(fx.staff.employee, 'DELETE', url)).statusCode).toBe(404);
    // Bad input is a 422, a comment id out of range a 404.
    expect((await fx.call(fx.staff.recruiterIn, 'PUT', url, { text: '   ' })).statusCode).toBe(422);
    expect(
      (await fx.call(fx.staff.recruiterIn, 'PUT', `${url.replace(/\d+$/, '')}99999999999`, { text: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses sharing by an edit without share_comments', async () => {
    // The manager may not comment at all (view level only).
    const managerComment = await comment(fx.staff.manager, fx.applicationB, { text: 'Hello' });
    expect(managerComment.statusCode).toBe(403);
    const own = commentResponseSchema.parse(
      (await comment(fx.staff.hr, fx.applicationB, { text: 'Private first' })).json(),
    ).data;
    const shared = await fx.call(
      fx.staff.hr,
      'PUT',
      `/api/v1/applications/${fx.applicationB}/comments/${own.id}`,
      { text: 'Now shared', is_shared: true },
    );
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().data.is_shared).toBe(true);
  });

  it('deletes one’s own comment; the history keeps an entry without its text', async () => {
    const created = commentResponseSchema.parse(
      (
        await comment(fx.staff.recruiterIn, fx.applicationA, {
          text: `Delete me <@${fx.staff.hr.user.id}>`,
          is_shared: true,
        })
      ).json(),
    ).data;
    const url = `/api/v1/applications/${fx.applicationA}/comments/${created.id}`;
    const deleted = await fx.call(fx.staff.recruiterIn, 'DELETE', url);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await listComments(fx.staff.hr, fx.applicationA)).map((c) => c.id)).not.toContain(created.id);
    const history = historyResponseSchema.parse(
      (
        await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}/history?kind=comment`)
      ).json(),
    ).data;
    const entry = history.find((item) => item.type === 'comment' && item.comment.id === created.id);
    expect(entry).toMatchObject({ comment: { text: '', mentions: [], deleted_at: expect.any(String) } });
    // Gone: neither edited nor deleted again.
    expect((await fx.call(fx.staff.recruiterIn, 'DELETE', url)).statusCode).toBe(404);
    expect((await fx.call(fx.staff.recruiterIn, 'PUT', url, { text: 'Back' })).statusCode).toBe(404);
  });
});

describe('who may reach the comment routes', () => {
  it('answers nobody unauthorised with a 2xx', async () => {
    const own = commentResponseSchema.parse(
      (await comment(fx.staff.owner, fx.applicationA, { text: 'Owner note', is_shared: true })).json(),
    ).data;
    const base = `/api/v1/applications/${fx.applicationA}`;
    const expectations: [keyof typeof fx.staff, number, number, number][] = [
      // role, GET comments, GET mentionable, POST comment
      ['owner', 200, 200, 201],
      ['hr', 200, 200, 201],
      ['recruiterIn', 200, 200, 201],
      ['recruiterOut', 404, 404, 404],
      ['manager', 404, 404, 404],
      ['employee', 404, 404, 404],
    ];
    for (const [role, list, mentionable, post] of expectations) {
      const who = fx.staff[role];
      expect((await fx.call(who, 'GET', `${base}/comments`)).statusCode, role).toBe(list);
      expect((await fx.call(who, 'GET', `${base}/mentionable`)).statusCode, role).toBe(mentionable);
      expect((await comment(who, fx.applicationA, { text: 'Hi' })).statusCode, role).toBe(post);
      if (role !== 'owner') {
        const edit = await fx.call(who, 'PUT', `${base}/comments/${own.id}`, { text: 'Changed' });
        expect(edit.statusCode, role).toBeGreaterThanOrEqual(400);
      }
    }
    // The manager sees B but may not work on it: comments readable, mentions and writing forbidden.
    const onB = `/api/v1/applications/${fx.applicationB}`;
    expect((await fx.call(fx.staff.manager, 'GET', `${onB}/comments`)).statusCode).toBe(200);
    expect((await fx.call(fx.staff.manager, 'GET', `${onB}/mentionable`)).statusCode).toBe(403);
    const anonymous = await fx.t.app.inject({
      method: 'GET',
      url: `${base}/comments`,
      headers: { host: fx.company.hosts[0] ?? '' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await fx.call(fx.staff.owner, 'GET', '/api/v1/applications/99999999999/comments')).statusCode,
    ).toBe(404);
  });
});
