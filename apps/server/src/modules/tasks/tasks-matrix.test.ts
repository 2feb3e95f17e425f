import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import {
  type Task,
  taskCommentListResponseSchema,
  taskCommentResponseSchema,
  taskListResponseSchema,
  taskResponseSchema,
} from '@kadry/shared/schemas/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// The Employee.Tasks permission matrix: built-in role × the relation of the employee a task concerns
// (own / my team / other) × action. No unauthorised 2xx; a hidden task answers 404 everywhere.

let t: AuthTestApp;
let company: Company;
let author: StaffMember;
let mate: StaffMember;
let stranger: StaffMember;
const readers = new Map<BuiltInRole, StaffMember>();

const ROLES = ['owner', 'hr', 'manager', 'employee', 'recruiter'] as const satisfies readonly BuiltInRole[];
type Relation = 'own' | 'team' | 'other';
const RELATIONS: readonly Relation[] = ['own', 'team', 'other'];

/** What each built-in role may do with a task by relation (built-in-role-permissions.ts). */
const EXPECTED: Record<(typeof ROLES)[number], { view: Relation[]; update: Relation[]; delete: Relation[] }> =
  {
    owner: {
      view: ['own', 'team', 'other'],
      update: ['own', 'team', 'other'],
      delete: ['own', 'team', 'other'],
    },
    hr: {
      view: ['own', 'team', 'other'],
      update: ['own', 'team', 'other'],
      delete: ['own', 'team', 'other'],
    },
    manager: { view: ['own', 'team'], update: ['own', 'team'], delete: [] },
    employee: { view: ['own'], update: ['own'], delete: [] },
    recruiter: { view: [], update: [], delete: [] },
  };

const BASE = '/api/v1/dashboard/my-tasks';
const ONE = (id: number) => `/api/v1/profile/events/${id}`;

async function createAs(who: StaffMember, body: Record<string, unknown>): Promise<Task> {
  const response = await callAs(t, who, 'POST', BASE, {
    name: 'Matrix task',
    event_id: 5,
    date: '2031-03-20 10:00:00',
    date_end: '2031-03-20 11:00:59',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return taskResponseSchema.parse(response.json()).data;
}

function employeeOf(reader: StaffMember, relation: Relation): number {
  if (relation === 'own') return reader.user.employeeId;
  return relation === 'team' ? mate.user.employeeId : stranger.user.employeeId;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  author = await seedStaff(t, company, 'owner');
  mate = await seedStaff(t, company, 'employee');
  stranger = await seedStaff(t, company, 'employee');
  const team = await seedTeam(t.database.db, company.id, 'Team');
  const otherTeam = await seedTeam(t.database.db, company.id, 'Elsewhere');
  await addTeamMember(t.database.db, { companyId: company.id, teamId: team, userId: mate.user.id });
  await addTeamMember(t.database.db, { companyId: company.id, teamId: otherTeam, userId: stranger.user.id });
  for (const role of ROLES) {
    const reader = await seedStaff(t, company, role);
    await addTeamMember(t.database.db, { companyId: company.id, teamId: team, userId: reader.user.id });
    readers.set(role, reader);
  }
});

afterAll(async () => {
  await t.close();
});

function readerOf(role: BuiltInRole): StaffMember {
  const reader = readers.get(role);
  if (!reader) throw new Error(`no ${role}`);
  return reader;
}

describe.each(ROLES)('%s', (role) => {
  const expected = EXPECTED[role];

  it.each(RELATIONS)(
    'reads, lists, updates, resolves, comments on and deletes a task about %s',
    async (relation) => {
      const reader = readerOf(role);
      const task = await createAs(author, { employee_id: employeeOf(reader, relation) });
      const mayView = expected.view.includes(relation);
      const get = await callAs(t, reader, 'GET', ONE(task.id));
      expect(get.statusCode).toBe(mayView ? 200 : 404);
      const list = await callAs(t, reader, 'GET', `${BASE}?scope=all&per_page=100`);
      if (role === 'recruiter') {
        expect(list.statusCode).toBe(200);
      }
      const listed = taskListResponseSchema.parse(list.json()).data.map((row) => row.id);
      expect(listed.includes(task.id)).toBe(mayView);
      if (mayView) {
        const can = taskResponseSchema.parse(get.json()).data.can;
        expect(can).toMatchObject({
          update: expected.update.includes(relation),
          delete: expected.delete.includes(relation),
          resolve: expected.update.includes(relation),
        });
      }

      const hidden = mayView ? null : 404;
      const update = await callAs(t, reader, 'PUT', ONE(task.id), { name: 'Changed' });
      expect(update.statusCode).toBe(hidden ?? (expected.update.includes(relation) ? 200 : 403));
      const resolve = await callAs(t, reader, 'POST', `${ONE(task.id)}/resolution`, { resolution: 'done' });
      expect(resolve.statusCode).toBe(hidden ?? (expected.update.includes(relation) ? 200 : 403));
      const comment = await callAs(t, reader, 'POST', `${ONE(task.id)}/comments`, { text: 'Seen' });
      expect(comment.statusCode).toBe(hidden ?? 201);
      const comments = await callAs(t, reader, 'GET', `${ONE(task.id)}/comments`);
      expect(comments.statusCode).toBe(hidden ?? 200);
      const remove = await callAs(t, reader, 'DELETE', ONE(task.id));
      expect(remove.statusCode).toBe(hidden ?? (expected.delete.includes(relation) ? 204 : 403));
    },
  );

  it.each(RELATIONS)('creates a task about %s only when the create level reaches them', async (relation) => {
    const reader = readerOf(role);
    const response = await callAs(t, reader, 'POST', BASE, {
      name: 'Mine',
      event_id: 1,
      date: '2031-03-20 10:00:00',
      date_end: '2031-03-20 11:00:59',
      employee_id: employeeOf(reader, relation),
    });
    // The create level equals the update level for every built-in role.
    const mayCreate = expected.update.includes(relation);
    if (mayCreate) expect(response.statusCode, response.body).toBe(201);
    else if (role === 'recruiter') expect(response.statusCode).toBe(403);
    // An employee the reader does not see is unknown to them (422), one they see but may not reach 403.
    else expect([403, 422]).toContain(response.statusCode);
  });

  it('always sees a task assigned to them, and may resolve and comment on it but not change it', async () => {
    const reader = readerOf(role);
    const task = await createAs(author, {
      employee_id: stranger.user.employeeId,
      assignee_id: reader.user.employeeId,
    });
    const get = await callAs(t, reader, 'GET', ONE(task.id));
    expect(get.statusCode).toBe(200);
    const mine = taskListResponseSchema.parse((await callAs(t, reader, 'GET', BASE)).json()).data;
    expect(mine.map((row) => row.id)).toContain(task.id);
    const resolve = await callAs(t, reader, 'POST', `${ONE(task.id)}/resolution`, { resolution: 'done' });
    expect(resolve.statusCode).toBe(200);
    const update = await callAs(t, reader, 'PUT', ONE(task.id), { name: 'Changed' });
    expect(update.statusCode).toBe(expected.update.includes('other') ? 200 : 403);
  });
});

describe('tasks about nobody', () => {
  it('belong to their author and assignee: my team reaches a teammate’s own task', async () => {
    const task = await createAs(mate, { name: 'Personal' });
    for (const role of ROLES) {
      const response = await callAs(t, readerOf(role), 'GET', ONE(task.id));
      expect(response.statusCode, role).toBe(EXPECTED[role].view.includes('team') ? 200 : 404);
    }
    expect((await callAs(t, stranger, 'GET', ONE(task.id))).statusCode).toBe(404);
  });

  it('cannot be assigned to someone the author does not see', async () => {
    const response = await callAs(t, mate, 'POST', BASE, {
      name: 'x',
      event_id: 1,
      date: '2031-03-20 10:00:00',
      date_end: '2031-03-20 11:00:59',
      assignee_id: stranger.user.employeeId,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['assignee_id']);
  });
});

describe('comment visibility', () => {
  it('keeps private comments to the task’s people and see_all_comments; shared ones to all who see it', async () => {
    const task = await createAs(author, {
      employee_id: mate.user.employeeId,
      assignee_id: mate.user.employeeId,
    });
    const body = await multipart([
      ['text', 'Private note'],
      ['attached_files[0]', new Blob([new TextEncoder().encode('secret\n'.repeat(200))]), 'note.txt'],
    ]);
    const privateComment = taskCommentResponseSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `${ONE(task.id)}/comments`,
          headers: { ...author.headers, ...body.headers, accept: 'application/json' },
          payload: body.payload,
        })
      ).json(),
    ).data;
    const shared = await callAs(t, author, 'POST', `${ONE(task.id)}/comments`, {
      text: 'Shared',
      is_shared: true,
    });
    expect(shared.statusCode).toBe(201);
    const textsOf = async (who: StaffMember) =>
      taskCommentListResponseSchema
        .parse((await callAs(t, who, 'GET', `${ONE(task.id)}/comments`)).json())
        .data.map((comment) => comment.text);
    // The assignee and HR (see_all_comments) see both; the manager (my team, no see_all_comments) the shared one.
    expect(await textsOf(mate)).toEqual(['Private note', 'Shared']);
    expect(await textsOf(readerOf('hr'))).toEqual(['Private note', 'Shared']);
    expect(await textsOf(readerOf('manager'))).toEqual(['Shared']);
    const fileUrl = privateComment.files[0]?.url ?? '';
    expect((await callAs(t, readerOf('manager'), 'GET', fileUrl)).statusCode).toBe(404);
    expect((await callAs(t, mate, 'GET', fileUrl)).statusCode).toBe(200);
    const task2 = taskResponseSchema.parse(
      (await callAs(t, readerOf('manager'), 'GET', ONE(task.id))).json(),
    ).data;
    expect(task2.comments_count).toBe(1);
    const edit = await callAs(
      t,
      readerOf('manager'),
      'PUT',
      `${ONE(task.id)}/comments/${privateComment.id}`,
      {
        text: 'x',
      },
    );
    expect(edit.statusCode).toBe(404);
  });
});

describe('another company', () => {
  it('sees nothing of this company’s tasks', async () => {
    const task = await createAs(author, {});
    const other = await seedCompany(t.database.db);
    const foreigner = await seedStaff(t, other, 'owner');
    expect((await callAs(t, foreigner, 'GET', ONE(task.id))).statusCode).toBe(404);
    expect((await callAs(t, foreigner, 'DELETE', ONE(task.id))).statusCode).toBe(404);
    expect((await callAs(t, foreigner, 'GET', `${ONE(task.id)}/comments`)).statusCode).toBe(404);
    const list = taskListResponseSchema.parse(
      (await callAs(t, foreigner, 'GET', `${BASE}?scope=all&status=all`)).json(),
    );
    expect(list.data).toEqual([]);
  });
});
