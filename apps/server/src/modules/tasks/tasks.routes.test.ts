import {
  resolveAllTasksResponseSchema,
  TASK_FILE_MAX_BYTES,
  type Task,
  taskCommentListResponseSchema,
  taskCommentResponseSchema,
  taskListResponseSchema,
  taskResponseSchema,
} from '@kadry/shared/schemas/tasks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { storedFiles } from '../../db/schema/files';
import { notifications } from '../../db/schema/notifications';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// Tasks through app.inject in both wire shapes (JSON and multipart with `_method=PUT`): create with
// files, validation, update, resolution, resolve-all, comments, downloads, notifications.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let manager: StaffMember;
let employee: StaffMember;

const BASE = '/api/v1/dashboard/my-tasks';
const ONE = (id: number) => `/api/v1/profile/events/${id}`;

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
  Buffer.alloc(2048, 0x20),
]);
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(1024, 0),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 0x90)]);

type Entry = [string, string | Blob, string?];

function file(name: string, bytes: Buffer, type = 'application/octet-stream'): Entry[] {
  return [['attached_files[0]', new Blob([new Uint8Array(bytes)], { type }), name]];
}

async function sendMultipart(who: StaffMember, url: string, entries: Entry[]) {
  const body = await multipart(entries);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...body.headers, accept: 'application/json' },
    payload: body.payload,
  });
}

function fields(values: Record<string, string>): Entry[] {
  return Object.entries(values).map(([name, value]) => [name, value]);
}

const baseFields = {
  name: 'Call the candidate',
  description: 'About the offer',
  event_id: '2',
  date: '2031-03-12 10:00:00',
  date_end: '2031-03-12 10:30:59',
  all_day: '0',
};

async function createJson(who: StaffMember, body: Record<string, unknown>): Promise<Task> {
  const response = await callAs(t, who, 'POST', BASE, {
    name: 'A task',
    event_id: 1,
    date: '2031-03-11 09:00:00',
    date_end: '2031-03-11 09:30:59',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return taskResponseSchema.parse(response.json()).data;
}

async function noticesOf(userId: number) {
  return t.database.db
    .select({ kind: notifications.kind, targetId: notifications.targetId })
    .from(notifications)
    .where(and(eq(notifications.companyId, company.id), eq(notifications.userId, userId)));
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  const teamId = await seedTeam(t.database.db, company.id, 'Sales');
  await addTeamMember(t.database.db, {
    companyId: company.id,
    teamId,
    userId: manager.user.id,
    isManager: true,
  });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: employee.user.id });
});

afterAll(async () => {
  await t.close();
});

describe('creating a task', () => {
  it('takes multipart with files, cleans their names and notifies the assignee', async () => {
    const response = await sendMultipart(owner, BASE, [
      ...fields({
        ...baseFields,
        employee_id: String(employee.user.employeeId),
        assignee_id: String(manager.user.employeeId),
        application_id: '',
      }),
      ['attached_files[0]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'offer: v1?.pdf'],
      ['attached_files[1]', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.PNG'],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const task = taskResponseSchema.parse(response.json()).data;
    expect(task).toMatchObject({
      name: 'Call the candidate',
      description: 'About the offer',
      event_id: 2,
      type: 'call',
      date: '2031-03-12 10:00:00',
      date_end: '2031-03-12 10:30:59',
      all_day: false,
      employee_id: employee.user.employeeId,
      application_id: null,
      assignee: { id: manager.user.employeeId },
      author: { id: owner.user.employeeId, name: owner.user.name },
      resolution: null,
      comments_count: 0,
      can: { update: true, delete: true, resolve: true, comment: true, share_comments: true },
    });
    expect(task.files.map((f) => [f.name, f.mime])).toEqual([
      ['offer_ v1_.pdf', 'application/pdf'],
      ['photo.PNG', 'image/png'],
    ]);
    const download = await callAs(t, manager, 'GET', task.files[0]?.url ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('offer_ v1_.pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(await noticesOf(manager.user.id)).toContainEqual({ kind: 'task_assigned', targetId: task.id });
  });

  it('takes JSON, assigns to the author by default and stores an all-day task whole days', async () => {
    const task = await createJson(employee, {
      all_day: true,
      date: '2031-03-13 00:00:00',
      date_end: '2031-03-14 00:00:59',
    });
    expect(task).toMatchObject({
      assignee: { id: employee.user.employeeId },
      all_day: true,
      date: '2031-03-13 00:00:00',
      date_end: '2031-03-14 23:59:59',
      employee_id: null,
    });
    expect(await noticesOf(employee.user.id)).not.toContainEqual({
      kind: 'task_assigned',
      targetId: task.id,
    });
  });

  it.each([
    ['a date without seconds 00', { date: '2031-03-12 10:00:30' }, 'date'],
    ['an end without seconds 59', { date_end: '2031-03-12 10:30:00' }, 'date_end'],
    ['an end before the start', { date: '2031-03-12 11:00:00', date_end: '2031-03-12 10:30:59' }, 'date_end'],
    ['an impossible date', { date: '2031-02-30 10:00:00' }, 'date'],
    ['an unknown type', { event_id: 12 }, 'event_id'],
    ['no name', { name: '  ' }, 'name'],
    ['an employee nobody has', { employee_id: 2_000_000_000 }, 'employee_id'],
    ['an assignee nobody has', { assignee_id: 2_000_000_000 }, 'assignee_id'],
  ])('refuses %s with 422 under the field', async (_label, change, field) => {
    const response = await callAs(t, owner, 'POST', BASE, {
      name: 'x',
      event_id: 1,
      date: '2031-03-12 10:00:00',
      date_end: '2031-03-12 10:30:59',
      ...change,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('refuses a disallowed type, a lying content and a too large file with 422, keeping nothing', async () => {
    const before = await t.database.db.$count(storedFiles, eq(storedFiles.companyId, company.id));
    for (const [name, bytes] of [
      ['setup.exe', EXE],
      ['report.pdf', EXE],
      ['big.pdf', Buffer.concat([PDF, Buffer.alloc(TASK_FILE_MAX_BYTES, 0x20)])],
      ['empty.txt', Buffer.alloc(0)],
    ] as const) {
      const response = await sendMultipart(owner, BASE, [...fields(baseFields), ...file(name, bytes)]);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json().errors.attached_files[0]).toContain(name);
    }
    expect(await t.database.db.$count(storedFiles, eq(storedFiles.companyId, company.id))).toBe(before);
  });

  it('takes the longest description in Cyrillic through multipart, and refuses a longer one with 422', async () => {
    const longest = 'Ж'.repeat(10_000);
    const ok = await sendMultipart(owner, BASE, fields({ ...baseFields, description: longest }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(taskResponseSchema.parse(ok.json()).data.description).toBe(longest);
    const tooLong = await sendMultipart(owner, BASE, fields({ ...baseFields, description: `${longest}Ж` }));
    expect(tooLong.statusCode).toBe(422);
  });

  it('names the cleaned file in the refusal', async () => {
    const response = await sendMultipart(owner, BASE, [...fields(baseFields), ...file('a:b|c.exe', EXE)]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.attached_files[0]).toContain('a_b_c.exe');
  });
});

describe('changing a task', () => {
  it('updates by POST with _method=PUT (multipart), detaching and attaching files', async () => {
    const created = await sendMultipart(owner, BASE, [
      ...fields({ ...baseFields, employee_id: String(employee.user.employeeId) }),
      ...file('plan.pdf', PDF, 'application/pdf'),
    ]);
    const task = taskResponseSchema.parse(created.json()).data;
    const oldFile = task.files[0];
    if (!oldFile) throw new Error('no file');
    const response = await sendMultipart(owner, ONE(task.id), [
      ['_method', 'PUT'],
      ...fields({ ...baseFields, name: 'Renamed', event_id: '5', description: '' }),
      ['detached_file_ids[0]', String(oldFile.id)],
      ['attached_files[0]', new Blob([new Uint8Array(PNG)]), 'chart.png'],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = taskResponseSchema.parse(response.json()).data;
    expect(updated).toMatchObject({ name: 'Renamed', type: 'review', description: null });
    expect(updated.files.map((f) => f.name)).toEqual(['chart.png']);
    expect((await callAs(t, owner, 'GET', oldFile.url)).statusCode).toBe(404);
  });

  it('updates by PUT with JSON, checks the range against the stored side and unknown files', async () => {
    const task = await createJson(owner, {});
    const renamed = await callAs(t, owner, 'PUT', ONE(task.id), { name: 'JSON rename' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(taskResponseSchema.parse(renamed.json()).data.name).toBe('JSON rename');
    const backwards = await callAs(t, owner, 'PUT', ONE(task.id), { date_end: '2031-03-10 09:00:59' });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors)).toEqual(['date_end']);
    const unknownFile = await callAs(t, owner, 'PUT', ONE(task.id), { detached_file_ids: [999_999] });
    expect(unknownFile.statusCode).toBe(422);
    const withoutOverride = await callAs(t, owner, 'POST', ONE(task.id), { name: 'x' });
    expect(withoutOverride.statusCode).toBe(404);
  });

  it('resolves and reopens, notifying the author of a resolution by someone else', async () => {
    const task = await createJson(owner, { assignee_id: employee.user.employeeId });
    const resolved = await callAs(t, employee, 'POST', `${ONE(task.id)}/resolution`, {
      resolution: 'not_done',
      comment: 'Could not reach them',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(taskResponseSchema.parse(resolved.json()).data).toMatchObject({
      resolution: 'not_done',
      resolved_by: { id: employee.user.employeeId },
      comments_count: 1,
    });
    expect(await noticesOf(owner.user.id)).toContainEqual({ kind: 'task_resolved', targetId: task.id });
    const bad = await callAs(t, employee, 'POST', `${ONE(task.id)}/resolution`, { resolution: 'maybe' });
    expect(bad.statusCode).toBe(422);
    const reopened = await callAs(t, employee, 'POST', `${ONE(task.id)}/resolution`, { resolution: null });
    expect(taskResponseSchema.parse(reopened.json()).data).toMatchObject({
      resolution: null,
      resolved_at: null,
    });
  });

  it('deletes a task with its files and notifications', async () => {
    const created = await sendMultipart(owner, BASE, [
      ...fields({ ...baseFields, assignee_id: String(manager.user.employeeId) }),
      ...file('gone.pdf', PDF),
    ]);
    const task = taskResponseSchema.parse(created.json()).data;
    const deleted = await callAs(t, owner, 'DELETE', ONE(task.id));
    expect(deleted.statusCode).toBe(204);
    expect((await callAs(t, owner, 'GET', ONE(task.id))).statusCode).toBe(404);
    expect(await noticesOf(manager.user.id)).not.toContainEqual({ kind: 'task_assigned', targetId: task.id });
    const fileId = task.files[0]?.id ?? 0;
    expect(await t.database.db.$count(storedFiles, eq(storedFiles.id, fileId))).toBe(0);
  });

  it('answers 404 for an id out of range', async () => {
    expect((await callAs(t, owner, 'GET', ONE(99_999_999_999))).statusCode).toBe(404);
    expect((await callAs(t, owner, 'GET', ONE(0))).statusCode).toBe(404);
  });
});

describe('listing and resolving all', () => {
  it('lists by scope, status, type and dates, and resolves only the user’s own open tasks', async () => {
    const other = await seedStaff(t, company, 'employee');
    const mine1 = await createJson(other, {
      name: 'First',
      date: '2031-04-01 09:00:00',
      date_end: '2031-04-01 10:00:59',
    });
    const mine2 = await createJson(other, {
      name: 'Second',
      event_id: 6,
      date: '2031-04-02 09:00:00',
      date_end: '2031-04-02 10:00:59',
    });
    const byOwner = await createJson(owner, { assignee_id: other.user.employeeId, name: 'From owner' });
    const notMine = await createJson(owner, { name: 'Owner’s own' });

    const list = await callAs(t, other, 'GET', `${BASE}?per_page=2`);
    const page = taskListResponseSchema.parse(list.json());
    expect(page.meta).toMatchObject({ total: 3, open_total: 3, last_page: 2, per_page: 2 });
    expect(page.data.map((task) => task.name)).toEqual(['From owner', 'First']);
    const filtered = taskListResponseSchema.parse(
      (await callAs(t, other, 'GET', `${BASE}?event_id=6&date_from=2031-04-02&date_to=2031-04-30`)).json(),
    );
    expect(filtered.data.map((task) => task.id)).toEqual([mine2.id]);
    const badRange = await callAs(t, other, 'GET', `${BASE}?date_from=2031-04-02&date_to=2031-04-01`);
    expect(badRange.statusCode).toBe(422);

    const partial = await callAs(t, other, 'POST', `${BASE}/resolve`, { ids: [mine1.id, notMine.id] });
    expect(resolveAllTasksResponseSchema.parse(partial.json()).data).toEqual({
      resolved: 1,
      ids: [mine1.id],
    });
    const all = await callAs(t, other, 'POST', `${BASE}/resolve`, {});
    expect(resolveAllTasksResponseSchema.parse(all.json()).data.ids.sort()).toEqual(
      [mine2.id, byOwner.id].sort(),
    );
    const emptyBody = await t.app.inject({
      method: 'POST',
      url: `${BASE}/resolve`,
      headers: { ...other.headers, accept: 'application/json' },
    });
    expect(resolveAllTasksResponseSchema.parse(emptyBody.json()).data.resolved).toBe(0);
    const ownerTask = taskResponseSchema.parse((await callAs(t, owner, 'GET', ONE(notMine.id))).json()).data;
    expect(ownerTask.resolution).toBeNull();
    const resolved = taskListResponseSchema.parse(
      (await callAs(t, other, 'GET', `${BASE}?status=resolved`)).json(),
    );
    expect(resolved.meta).toMatchObject({ total: 3, open_total: 0 });
    expect(await noticesOf(owner.user.id)).toContainEqual({ kind: 'task_resolved', targetId: byOwner.id });
    const created = taskListResponseSchema.parse(
      (await callAs(t, owner, 'GET', `${BASE}?scope=created_by_me&status=all&per_page=100`)).json(),
    );
    expect(created.data.map((task) => task.id)).toContain(byOwner.id);
  });
});

describe('comments', () => {
  it('adds (multipart, with rating and files), lists, edits with _method=PUT and deletes, by the writer only', async () => {
    const task = await createJson(owner, {
      employee_id: employee.user.employeeId,
      assignee_id: employee.user.employeeId,
    });
    const added = await sendMultipart(employee, `${ONE(task.id)}/comments`, [
      ['text', 'Done, see the file'],
      ['rating', '4'],
      ...file('notes.txt', Buffer.from('plain notes\n'.repeat(100))),
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const comment = taskCommentResponseSchema.parse(added.json()).data;
    expect(comment).toMatchObject({
      text: 'Done, see the file',
      rating: 4,
      comment_type: 1,
      is_shared: false,
      author: { id: employee.user.employeeId },
      edited: false,
      can: { update: true, delete: true },
    });
    expect(comment.files.map((f) => [f.name, f.mime])).toEqual([['notes.txt', 'text/plain']]);
    expect(await noticesOf(owner.user.id)).toContainEqual({ kind: 'task_commented', targetId: task.id });
    expect(await noticesOf(employee.user.id)).not.toContainEqual({
      kind: 'task_commented',
      targetId: task.id,
    });

    const seenByOwner = taskCommentListResponseSchema.parse(
      (await callAs(t, owner, 'GET', `${ONE(task.id)}/comments`)).json(),
    ).data;
    expect(seenByOwner).toHaveLength(1);
    expect(seenByOwner[0]?.can).toEqual({ update: false, delete: false });
    const fileUrl = comment.files[0]?.url ?? '';
    expect((await callAs(t, owner, 'GET', fileUrl)).statusCode).toBe(200);

    const url = `${ONE(task.id)}/comments/${comment.id}`;
    const byOther = await sendMultipart(owner, url, [
      ['_method', 'PUT'],
      ['comment_type', '1'],
      ['text', 'no'],
    ]);
    expect(byOther.statusCode).toBe(403);
    expect((await callAs(t, owner, 'DELETE', url)).statusCode).toBe(403);

    const edited = await sendMultipart(employee, url, [
      ['_method', 'PUT'],
      ['comment_type', '1'],
      ['text', 'Edited'],
      ['rating', ''],
      ['removed_files[0]', String(comment.files[0]?.id)],
      ...file('result.png', PNG),
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(taskCommentResponseSchema.parse(edited.json()).data).toMatchObject({
      text: 'Edited',
      rating: null,
      edited: true,
      files: [{ name: 'result.png' }],
    });
    expect((await callAs(t, owner, 'GET', fileUrl)).statusCode).toBe(404);
    const wrongType = await sendMultipart(employee, url, [
      ['_method', 'PUT'],
      ['comment_type', '2'],
    ]);
    expect(wrongType.statusCode).toBe(422);

    expect((await callAs(t, employee, 'DELETE', url)).statusCode).toBe(204);
    expect(
      taskCommentListResponseSchema.parse((await callAs(t, owner, 'GET', `${ONE(task.id)}/comments`)).json())
        .data,
    ).toHaveLength(0);
  });

  it('refuses an empty comment, a bad rating, and sharing without share_comments', async () => {
    const task = await createJson(employee, {});
    const empty = await callAs(t, employee, 'POST', `${ONE(task.id)}/comments`, { text: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['text']);
    const rating = await callAs(t, employee, 'POST', `${ONE(task.id)}/comments`, { text: 'x', rating: 6 });
    expect(rating.statusCode).toBe(422);
    const shared = await callAs(t, employee, 'POST', `${ONE(task.id)}/comments`, {
      text: 'x',
      is_shared: true,
    });
    expect(shared.statusCode).toBe(403);
  });
});
