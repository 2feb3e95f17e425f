import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import { type Level, listEntityActions } from '@kadry/shared/permissions/vocabulary';
import {
  ABSENCE_TYPE_CODES,
  type AbsenceTypeCode,
  APPROVAL_ACTION_OF_TYPE,
  createdAbsenceRequestResponseSchema,
} from '@kadry/shared/schemas/absences';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
} from '../permissions/permissions-test-support';
import { fromDayNumber, toDayNumber } from './day-count';

// The AbsenceRequest permission matrix of issue 14's "Must show", beside absences.routes.test.ts
// (which walks the chains): the AbsenceRequest level (none / own / my team / all) × the request's
// employee (own / my team / other) for viewing, creating for someone, approving each step, rejecting,
// cancelling and revoking; then each type's approval action (APPROVAL_ACTION_OF_TYPE) on its own, and
// the delete_absence and create_absence actions. No unauthorised 2xx; a request out of reach is 404.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
/** Makes pending requests for anyone (AbsenceRequest create to_all, no create_absence). */
let seeder: StaffMember;
let team: number;
let teammate: StaffMember;
let outsider: StaffMember;
let unique = 0;
/** Requests of one person must not overlap: each takes the next weekday from here. */
let nextDay = toDayNumber('2031-04-01');

const BASE = '/api/v1/employee-request/requests';
const LEVELS: readonly (Level | null)[] = [null, 'only_my', 'only_my_and_my_team', 'to_all'];
type Target = 'own' | 'team' | 'other';
const TARGETS: readonly Target[] = ['own', 'team', 'other'];
const APPROVE_ACTIONS = listEntityActions('AbsenceRequest').filter((action) => action.startsWith('approve_'));

function reaches(level: Level | null, target: Target): boolean {
  if (level === 'to_all') return true;
  if (level === 'only_my_and_my_team') return target !== 'other';
  return level === 'only_my' && target === 'own';
}

function call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

/** A weekday not used yet (Monday to Friday). */
function freshDay(): string {
  for (;;) {
    nextDay += 1;
    const weekday = new Date(nextDay * 86_400_000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return fromDayNumber(nextDay);
  }
}

function bodyFor(code: AbsenceTypeCode, employeeId: number): Record<string, unknown> {
  const day = freshDay();
  const isHourly = code === 'overtime' || code === 'night_shift';
  return {
    absence_type: code,
    employee_id: employeeId,
    date_from: day,
    date_to: day,
    ...(isHourly ? { hours: 2 } : {}),
  };
}

/** A request made by `who`; answers its id and status. */
async function requestAs(who: StaffMember, code: AbsenceTypeCode, employeeId: number) {
  const body = bodyFor(code, employeeId);
  // A type that needs a document (sick_days_doc) is sent as multipart with one.
  const response =
    code === 'sick_days_doc' ? await sendWithDocument(who, body) : await call(who, 'POST', BASE, body);
  expect(response.statusCode, response.body).toBe(201);
  return createdAbsenceRequestResponseSchema.parse(response.json()).data;
}

async function sendWithDocument(who: StaffMember, body: Record<string, unknown>) {
  const form = await multipart([
    ...Object.entries(body).map(([name, value]): [string, string] => [name, String(value)]),
    ['files', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'note.pdf'],
  ]);
  return t.app.inject({
    method: 'POST',
    url: BASE,
    headers: { ...who.headers, ...form.headers, accept: 'application/json' },
    payload: form.payload,
  });
}

async function pending(code: AbsenceTypeCode, employeeId: number): Promise<number> {
  const created = await requestAs(seeder, code, employeeId);
  expect(created.status).toBe('pending');
  return created.id;
}

async function approved(code: AbsenceTypeCode, employeeId: number): Promise<number> {
  const created = await requestAs(owner, code, employeeId);
  expect(created.status).toBe('approved');
  return created.id;
}

type Grant = { level: Level | null; actions?: readonly string[] };

async function createRole(absences: Grant): Promise<number> {
  unique += 1;
  const created = await call(owner, 'POST', '/api/v1/roles', { name: `Absence matrix ${unique}` });
  const id = roleResponseSchema.parse(created.json()).data.id;
  const permissions = {
    // Everyone is visible as an employee: only the AbsenceRequest level narrows what the reader gets.
    Employee: {
      visibilitySettings: setAllLevel('to_all'),
      actions: listEntityActions('Employee').filter((action) => action !== 'login_as'),
      fields_view: [],
    },
    AbsenceRequest: {
      visibilitySettings: absences.level ? setAllLevel(absences.level) : null,
      actions: [...(absences.actions ?? [])],
      fields_view: [],
    },
  };
  const edited = await call(owner, 'PUT', `/api/v1/roles/${id}`, { permissions });
  expect(edited.statusCode, edited.body).toBe(200);
  return id;
}

/** A staff member with this role; in `team` unless told otherwise. */
async function memberWith(roleId: number | null, teamId: number | null = team): Promise<StaffMember> {
  const member = await seedStaff(t, company, 'employee');
  if (roleId !== null) {
    await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  }
  if (teamId !== null) {
    await t.database.db
      .insert(teamMembers)
      .values({ companyId: company.id, teamId, employeeId: member.user.employeeId });
  }
  return member;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  const [mine, open] = await t.database.db
    .insert(teams)
    .values([
      { companyId: company.id, name: 'Absence matrix team' },
      { companyId: company.id, name: 'Absence matrix open team' },
    ])
    .returning({ id: teams.id });
  team = mine?.id ?? 0;
  teammate = await memberWith(null, team);
  outsider = await memberWith(null, open?.id ?? 0);
  seeder = await memberWith(await createRole({ level: 'to_all' }), null);
  // Seeds the types (and the vacation policy).
  expect((await call(owner, 'GET', '/api/v1/absences/types')).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('absences matrix: AbsenceRequest level × own / my team / other', () => {
  for (const level of LEVELS) {
    it(`${level ?? 'none'}: view, create for, approve, reject, cancel and revoke as far as the level reaches`, async () => {
      // Every approval action, nothing else: deciding rests on the level alone.
      const reader = await memberWith(await createRole({ level, actions: APPROVE_ACTIONS }));
      const ids: Record<Target, number> = {
        own: reader.user.employeeId,
        team: teammate.user.employeeId,
        other: outsider.user.employeeId,
      };
      for (const target of TARGETS) {
        const employeeId = ids[target];
        const seen = reaches(level, target);
        const hidden = seen ? undefined : 404;
        const label = `${level ?? 'none'} → ${target}`;

        // unpaid_vacation: manager, then HR; no balance to run out of.
        const toView = await pending('unpaid_vacation', employeeId);
        expect((await call(reader, 'GET', `${BASE}/${toView}`)).statusCode, `${label}: view`).toBe(
          hidden ?? 200,
        );

        const created = await call(reader, 'POST', BASE, bodyFor('unpaid_vacation', employeeId));
        expect(created.statusCode, `${label}: create`).toBe(seen ? 201 : 403);
        if (seen) expect(created.json().data.status, `${label}: created pending`).toBe('pending');

        // Approving: never one's own; the manager step by a level that reaches; the HR step to_all only.
        const first = await call(reader, 'POST', `${BASE}/${toView}/approve`, {});
        const mayDecide = seen && target !== 'own';
        expect(first.statusCode, `${label}: approve the manager step`).toBe(
          hidden ?? (mayDecide ? 200 : 403),
        );
        if (mayDecide) {
          const second = await call(reader, 'POST', `${BASE}/${toView}/approve`, {});
          expect(second.statusCode, `${label}: approve the HR step`).toBe(level === 'to_all' ? 200 : 403);
        }

        const toReject = await pending('unpaid_vacation', employeeId);
        const rejected = await call(reader, 'POST', `${BASE}/${toReject}/reject`, { reason: 'Matrix' });
        expect(rejected.statusCode, `${label}: reject`).toBe(hidden ?? (mayDecide ? 200 : 403));

        // Cancelling: the requester or the employee themselves (here the seeder made it).
        const toCancel = await pending('unpaid_vacation', employeeId);
        const cancelled = await call(reader, 'POST', `${BASE}/${toCancel}/cancel`, {});
        expect(cancelled.statusCode, `${label}: cancel`).toBe(hidden ?? (target === 'own' ? 200 : 403));

        // Revoking an approved absence: who may approve its type for the employee.
        const toRevoke = await approved('unpaid_vacation', employeeId);
        const revoked = await call(reader, 'POST', `${BASE}/${toRevoke}/revoke`, {});
        expect(revoked.statusCode, `${label}: revoke`).toBe(hidden ?? (mayDecide ? 200 : 403));
      }
      // Nothing to list or open without the level: the balance needs the view level.
      const balance = await call(reader, 'GET', '/api/v1/dashboard/balance/absence');
      expect(balance.statusCode, 'balance').toBe(level === null ? 403 : 200);
    });
  }

  it('a request of an unknown or other company’s id answers 404 like a hidden one', async () => {
    const reader = await memberWith(await createRole({ level: 'to_all', actions: APPROVE_ACTIONS }));
    for (const action of ['approve', 'reject', 'cancel', 'revoke']) {
      const response = await call(reader, 'POST', `${BASE}/2147483000/${action}`, { reason: 'x' });
      expect(response.statusCode, action).toBe(404);
    }
    expect((await call(reader, 'GET', `${BASE}/2147483000`)).statusCode).toBe(404);
  });
});

describe('absences matrix: the approval action of each type', () => {
  it('each approve_* action decides its own types only (approve, reject and revoke)', async () => {
    const readers = new Map<string, StaffMember>();
    for (const action of APPROVE_ACTIONS) {
      readers.set(action, await memberWith(await createRole({ level: 'to_all', actions: [action] })));
    }
    const employeeId = outsider.user.employeeId;
    for (const code of ABSENCE_TYPE_CODES) {
      const own = APPROVAL_ACTION_OF_TYPE[code];
      const toApprove = await pending(code, employeeId);
      const toReject = await pending(code, employeeId);
      const toRevoke = await approved(code, employeeId);
      // The other actions first (they change nothing), then the type's own.
      const order = [...APPROVE_ACTIONS.filter((action) => action !== own), own];
      for (const action of order) {
        const reader = readers.get(action) as StaffMember;
        const expected = action === own ? 200 : 403;
        const label = `${code} by ${action}`;
        expect((await call(reader, 'POST', `${BASE}/${toApprove}/approve`, {})).statusCode, label).toBe(
          expected,
        );
        expect(
          (await call(reader, 'POST', `${BASE}/${toReject}/reject`, { reason: 'Matrix' })).statusCode,
          label,
        ).toBe(expected);
        expect((await call(reader, 'POST', `${BASE}/${toRevoke}/revoke`, {})).statusCode, label).toBe(
          expected,
        );
      }
    }
  });
});

describe('absences matrix: create_absence and delete_absence', () => {
  it('create_absence approves what one enters for someone else at once, never one’s own', async () => {
    const reader = await memberWith(await createRole({ level: 'to_all', actions: ['create_absence'] }));
    const forOther = await requestAs(reader, 'unpaid_vacation', outsider.user.employeeId);
    expect(forOther.status).toBe('approved');
    const forSelf = await requestAs(reader, 'unpaid_vacation', reader.user.employeeId);
    expect(forSelf.status).toBe('pending');
    // Without it, the same level only files a request.
    const plain = await memberWith(await createRole({ level: 'to_all' }));
    expect((await requestAs(plain, 'unpaid_vacation', outsider.user.employeeId)).status).toBe('pending');
  });

  for (const level of ['only_my', 'only_my_and_my_team', 'to_all'] as const) {
    it(`delete_absence at ${level}: revokes as far as the update level reaches, without approval actions`, async () => {
      const reader = await memberWith(await createRole({ level, actions: ['delete_absence'] }));
      const ids: Record<Target, number> = {
        own: reader.user.employeeId,
        team: teammate.user.employeeId,
        other: outsider.user.employeeId,
      };
      for (const target of TARGETS) {
        const toRevoke = await approved('vacation', ids[target]);
        const revoked = await call(reader, 'POST', `${BASE}/${toRevoke}/revoke`, {});
        expect(revoked.statusCode, `${level} → ${target}`).toBe(reaches(level, target) ? 200 : 404);
        // And it decides nothing: approving needs the type's action.
        const toApprove = await pending('vacation', ids[target]);
        const approve = await call(reader, 'POST', `${BASE}/${toApprove}/approve`, {});
        expect(approve.statusCode, `${level} → ${target}: approve`).toBe(reaches(level, target) ? 403 : 404);
      }
    });
  }
});

describe('absences matrix: the built-in roles', () => {
  it('employee: own requests only; manager: the team’s, deciding its manager step but not HR’s', async () => {
    const employee = await seedStaff(t, company, 'employee');
    await t.database.db
      .insert(teamMembers)
      .values({ companyId: company.id, teamId: team, employeeId: employee.user.employeeId });
    const manager = await seedStaff(t, company, 'manager');
    await t.database.db.insert(teamMembers).values({
      companyId: company.id,
      teamId: team,
      employeeId: manager.user.employeeId,
      isManager: true,
    });
    const mine = await requestAs(employee, 'vacation', employee.user.employeeId);
    const theirs = await pending('vacation', outsider.user.employeeId);
    expect((await call(employee, 'GET', `${BASE}/${mine.id}`)).statusCode).toBe(200);
    expect((await call(employee, 'GET', `${BASE}/${theirs}`)).statusCode).toBe(404);
    expect((await call(employee, 'POST', `${BASE}/${mine.id}/approve`, {})).statusCode).toBe(403);
    expect((await call(employee, 'POST', `${BASE}/${theirs}/approve`, {})).statusCode).toBe(404);
    // A colleague the employee cannot see is no one they can file for.
    expect(
      (await call(employee, 'POST', BASE, bodyFor('vacation', teammate.user.employeeId))).statusCode,
    ).toBe(422);

    expect((await call(manager, 'GET', `${BASE}/${mine.id}`)).statusCode).toBe(200);
    expect((await call(manager, 'GET', `${BASE}/${theirs}`)).statusCode).toBe(404);
    expect((await call(manager, 'POST', `${BASE}/${theirs}/approve`, {})).statusCode).toBe(404);
    expect((await call(manager, 'POST', `${BASE}/${mine.id}/approve`, {})).statusCode).toBe(200);
    expect((await call(manager, 'POST', `${BASE}/${mine.id}/approve`, {})).statusCode).toBe(403);
    expect((await call(manager, 'POST', `${BASE}/${mine.id}/cancel`, {})).statusCode).toBe(403);
    expect((await call(employee, 'POST', `${BASE}/${mine.id}/cancel`, {})).statusCode).toBe(200);
  });
});
