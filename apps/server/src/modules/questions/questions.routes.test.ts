import { notificationsResponseSchema } from '@kadry/shared/schemas/notifications';
import {
  type Question,
  questionResponseSchema,
  questionsResponseSchema,
} from '@kadry/shared/schemas/questions';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Questions to HR (issue 15; docs/decisions/025-questions-to-hr.md) through app.inject: asking,
// HR's list with its filters, answering and closing, notifications both ways, the permission
// matrix, and anonymity — the anonymous asker's name and email appear in no answer to anyone else.

const MY = '/api/v1/dashboard/ask/my';
const ALL = '/api/v1/dashboard/ask';
const ONE = (id: number | string) => `/api/v1/dashboard/ask/${id}`;
const CREATE = '/api/v1/questions';
const ANSWER = (id: number | string) => `/api/v1/questions/${id}/answer`;
const CLOSE = (id: number | string) => `/api/v1/questions/${id}/close`;

const ANON_NAME = 'Zephyrine Quillfeather';

let t: AuthTestApp;
let company: Company;
let other: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
/** Asks openly. */
let employee: StaffMember;
/** Asks only anonymously. */
let anon: StaffMember;
let colleague: StaffMember;
let noDashboard: StaffMember;
let otherHr: StaffMember;
let named: Question;
let secret: Question;
let colleagues: Question;
/** Every answer anyone but the anonymous asker received, checked at the end for their traces. */
const seenByOthers: string[] = [];

async function call(who: StaffMember, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response: LightMyRequestResponse = await callAs(t, who, method, url, payload);
  if (who !== anon) seenByOthers.push(response.body);
  return response;
}

async function ask(who: StaffMember, body: Record<string, unknown>): Promise<Question> {
  const response = await call(who, 'POST', CREATE, body);
  expect(response.statusCode, response.body).toBe(201);
  return questionResponseSchema.parse(response.json()).data;
}

async function listOf(who: StaffMember, url: string): Promise<Question[]> {
  const response = await call(who, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return questionsResponseSchema.parse(response.json()).data;
}

async function notices(who: StaffMember, kind: string) {
  const response = await call(who, 'GET', '/api/v1/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return notificationsResponseSchema
    .parse(response.json())
    .data.flatMap((item) => (item.kind === kind && 'actor_name' in item ? [item] : []));
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  company = await seedCompany(db);
  other = await seedCompany(db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  anon = await seedStaff(t, company, 'employee');
  colleague = await seedStaff(t, company, 'employee');
  noDashboard = await seedStaff(t, company, 'recruiter');
  otherHr = await seedStaff(t, other, 'hr');
  await db.update(users).set({ name: ANON_NAME }).where(eq(users.id, anon.user.id));
  // A role without the dashboard cannot ask.
  const edit = await callAs(t, owner, 'PUT', `/api/v1/roles/${noDashboard.user.roleId}`, {
    permissions: { Dashboard: { visibilitySettings: null } },
  });
  expect(edit.statusCode, edit.body).toBe(200);

  named = await ask(employee, { subject: 'Parking places', text: 'Are there parking places for bikes?' });
  secret = await ask(anon, {
    subject: 'Salary review',
    text: 'When is the next salary review?',
    is_anonymous: true,
  });
  colleagues = await ask(colleague, { subject: 'Laptop', text: 'Can I get a second screen?' });
});

afterAll(async () => {
  await t.close();
});

describe('asking', () => {
  it('answers 422 in the one error shape for a bad question', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: ' ', text: 'Text' }, 'subject'],
      [{ subject: 'Subject', text: '' }, 'text'],
      [{ subject: 'x'.repeat(201), text: 'Text' }, 'subject'],
      [{ subject: 'Subject', text: 'x'.repeat(5_001) }, 'text'],
      [{ subject: 'Subject', text: 'Text', is_anonymous: 'yes' }, 'is_anonymous'],
    ];
    for (const [body, field] of cases) {
      const response = await call(employee, 'POST', CREATE, body);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors), field).toContain(field);
    }
  });

  it('needs the dashboard and a session', async () => {
    expect((await call(noDashboard, 'POST', CREATE, { subject: 'S', text: 'T' })).statusCode).toBe(403);
    expect((await call(noDashboard, 'GET', MY)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: MY,
      headers: { host: company.hosts[0] ?? '' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the new question to its asker, never naming the anonymous one', () => {
    expect(named).toMatchObject({
      status: 'open',
      is_anonymous: false,
      is_mine: true,
      asker: { id: employee.user.employeeId, name: employee.user.name },
      can_answer: false,
      can_close: true,
    });
    expect(secret).toMatchObject({ is_anonymous: true, is_mine: true, asker: null, status: 'open' });
  });
});

describe('reading', () => {
  it('lists the user’s own questions, anonymous ones included', async () => {
    expect((await listOf(anon, MY)).map((item) => item.id)).toEqual([secret.id]);
    expect((await listOf(employee, MY)).map((item) => item.id)).toEqual([named.id]);
    expect(await listOf(manager, MY)).toEqual([]);
  });

  it('lists everyone’s to HR only, with the status and search filters', async () => {
    for (const who of [employee, anon, manager, noDashboard]) {
      expect((await call(who, 'GET', ALL)).statusCode).toBe(403);
    }
    const all = await listOf(hr, ALL);
    expect(all.map((item) => item.id)).toEqual([colleagues.id, secret.id, named.id]);
    expect(all.find((item) => item.id === secret.id)).toMatchObject({ asker: null, is_mine: false });
    expect(all.find((item) => item.id === named.id)?.asker?.name).toBe(employee.user.name);
    expect(all.every((item) => item.can_answer)).toBe(true);
    expect((await listOf(owner, `${ALL}?search=SALARY`)).map((item) => item.id)).toEqual([secret.id]);
    // Who asked is not searchable: a search cannot test a guess.
    expect(await listOf(hr, `${ALL}?search=${encodeURIComponent('Zephyrine')}`)).toEqual([]);
    expect(await listOf(hr, `${ALL}?search=${encodeURIComponent('%')}`)).toEqual([]);
    expect((await listOf(hr, `${ALL}?status=closed`)).length).toBe(0);
    const paged = await call(hr, 'GET', `${ALL}?per_page=2&page=2`);
    expect(questionsResponseSchema.parse(paged.json()).meta).toEqual({
      current_page: 2,
      last_page: 2,
      per_page: 2,
      total: 3,
    });
    expect((await call(hr, 'GET', `${ALL}?status=pending`)).statusCode).toBe(422);
    expect((await call(hr, 'GET', `${ALL}?per_page=1000`)).statusCode).toBe(422);
    expect((await call(hr, 'GET', `${ALL}?search=${'x'.repeat(201)}`)).statusCode).toBe(422);
    expect(await listOf(otherHr, ALL)).toEqual([]);
  });

  it('opens a question to its asker and HR; 404 for anyone else', async () => {
    const own = await call(anon, 'GET', ONE(secret.id));
    expect(questionResponseSchema.parse(own.json()).data).toMatchObject({ asker: null, is_mine: true });
    const forHr = await call(hr, 'GET', ONE(secret.id));
    expect(questionResponseSchema.parse(forHr.json()).data).toMatchObject({ asker: null, is_mine: false });
    for (const who of [colleague, manager, employee, otherHr]) {
      expect((await call(who, 'GET', ONE(secret.id))).statusCode).toBe(404);
    }
    for (const id of ['abc', '0', '99999999999', '2147483000']) {
      expect((await call(hr, 'GET', ONE(id))).statusCode, id).toBe(404);
    }
  });
});

describe('answering and closing', () => {
  it('lets HR answer (again, to change it), never the asker; the asker hears of it', async () => {
    expect((await call(employee, 'POST', ANSWER(named.id), { answer: 'Myself' })).statusCode).toBe(403);
    expect((await call(colleague, 'POST', ANSWER(named.id), { answer: 'Me' })).statusCode).toBe(404);
    expect((await call(hr, 'POST', ANSWER(secret.id), { answer: ' ' })).statusCode).toBe(422);
    expect((await call(hr, 'POST', ANSWER(2_147_483_000), { answer: 'A' })).statusCode).toBe(404);
    expect((await call(otherHr, 'POST', ANSWER(secret.id), { answer: 'A' })).statusCode).toBe(404);

    const first = await call(hr, 'POST', ANSWER(secret.id), { answer: 'In June.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(questionResponseSchema.parse(first.json()).data).toMatchObject({
      status: 'answered',
      answer: 'In June.',
      answered_by: { id: hr.user.employeeId, name: hr.user.name },
      asker: null,
    });
    const second = await call(owner, 'POST', ANSWER(secret.id), { answer: 'In July, in fact.' });
    expect(questionResponseSchema.parse(second.json()).data.answer).toBe('In July, in fact.');

    const told = await notices(anon, 'question_answered');
    expect(told.map((item) => item.actor_name)).toEqual([owner.user.name, hr.user.name]);
    expect(told[0]).toMatchObject({ title: 'Salary review', link: `/app/questions/${secret.id}` });
  });

  it('told HR about each question, without an actor for the anonymous one', async () => {
    const asked = await notices(hr, 'question_asked');
    const byTitle = new Map(asked.map((item) => [item.title, item]));
    expect(byTitle.get('Salary review')).toMatchObject({ actor_name: null, target: { id: secret.id } });
    expect(byTitle.get('Parking places')?.actor_name).toBe(employee.user.name);
    expect((await notices(owner, 'question_asked')).length).toBe(3);
    expect(await notices(manager, 'question_asked')).toEqual([]);
    expect(await notices(employee, 'question_asked')).toEqual([]);
  });

  it('lets the asker or HR close a question, once; a closed one takes no answer', async () => {
    expect((await call(colleague, 'POST', CLOSE(named.id))).statusCode).toBe(404);
    const closed = await call(anon, 'POST', CLOSE(secret.id));
    expect(closed.statusCode, closed.body).toBe(200);
    expect(questionResponseSchema.parse(closed.json()).data).toMatchObject({
      status: 'closed',
      can_close: false,
      can_answer: false,
      asker: null,
    });
    expect((await call(anon, 'POST', CLOSE(secret.id))).statusCode).toBe(409);
    expect((await call(hr, 'POST', ANSWER(secret.id), { answer: 'Late' })).statusCode).toBe(409);
    expect((await call(hr, 'POST', CLOSE(colleagues.id))).statusCode).toBe(200);
    expect((await listOf(hr, `${ALL}?status=closed`)).map((item) => item.id)).toEqual([
      colleagues.id,
      secret.id,
    ]);
    expect((await listOf(anon, `${MY}?status=closed`)).map((item) => item.id)).toEqual([secret.id]);
  });
});

describe('anonymity', () => {
  it('never shows the anonymous asker to anyone else, on any route', async () => {
    // Everyone else reads everything once more, then every answer they ever got is searched.
    for (const who of [owner, hr, manager, employee, colleague, otherHr]) {
      await call(who, 'GET', MY);
      await call(who, 'GET', ALL);
      await call(who, 'GET', ONE(secret.id));
      await call(who, 'GET', '/api/v1/notifications');
    }
    const [anonAccount] = await t.database.db.select().from(users).where(eq(users.id, anon.user.id));
    expect(seenByOthers.length).toBeGreaterThan(40);
    const everything = seenByOthers.join('\n');
    expect(everything).toContain('Salary review');
    expect(everything).not.toContain(ANON_NAME);
    expect(everything).not.toContain(anonAccount?.email ?? '');
    expect(everything).not.toContain(`"id":${anon.user.employeeId},"name"`);
  });
});
