import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import {
  LOGIN_AS_MAX_AGE_MS,
  loginAsActionsResponseSchema,
  loginAsResponseSchema,
  sendAccessResponseSchema,
} from '@kadry/shared/schemas/employee-access';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { loginAsActions } from '../../db/schema/login-as-actions';
import { rolePermissions, roles } from '../../db/schema/roles';
import { sessions } from '../../db/schema/sessions';
import { teamMembers } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { hashToken } from '../../lib/tokens';
import { SESSION_COOKIE } from '../../plugins/session';
import { createSession } from '../../plugins/session-store';
import { type AuthTestApp, agentFor, createAuthTestApp, readSessionCookie } from '../auth/auth-test-support';
import { ensureBuiltInRoles } from '../auth/users.service';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// Send access and login as through app.inject (issue 13; decisions 012, 013, 016): the permission
// matrix of both actions, hidden employees as 404, owners' accounts, oneself, the way back, CSRF.

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let roleIds: Record<BuiltInRole, number>;
const staff = {} as Record<BuiltInRole, StaffMember>;
/** A role that sees only employees of open teams, with both actions (decision 013, rule 3). */
let openTeamsOnly: StaffMember;
let openTeamsRoleId: number;
let openTeamId: number;
let hiddenTeamId: number;
let counter = 0;

function call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

function host(): string {
  return company.hosts[0] ?? '';
}

/** An employee without an account; in `teamId` when given. */
async function seedEmployee(opts: { teamId?: number; workEmail?: string | null; companyId?: number } = {}) {
  counter += 1;
  const companyId = opts.companyId ?? company.id;
  const [row] = await t.database.db
    .insert(employees)
    .values({
      companyId,
      firstName: 'Person',
      lastName: `Number${counter}`,
      workEmail: opts.workEmail === undefined ? `person${counter}@example.test` : opts.workEmail,
    })
    .returning({ id: employees.id });
  if (!row) throw new Error('seedEmployee: no row');
  if (opts.teamId !== undefined) {
    await t.database.db
      .insert(teamMembers)
      .values({ companyId, teamId: opts.teamId, employeeId: row.id, isManager: false });
  }
  return row.id;
}

/** A staff member's employee id. */
function employeeOf(member: StaffMember): number {
  return member.user.employeeId;
}

/** The staff member signed in a fresh session (other tests end sessions). */
async function freshStaff(role: BuiltInRole, teamId?: number): Promise<StaffMember> {
  const member = await seedStaff(t, company, role);
  if (teamId !== undefined)
    await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: member.user.id });
  return member;
}

/** Gives a staff member the "open teams only" role. */
async function withOpenTeamsRole(member: StaffMember): Promise<StaffMember> {
  await t.database.db.update(users).set({ roleId: openTeamsRoleId }).where(eq(users.id, member.user.id));
  return member;
}

/**
 * A custom role at to_all on Employee and Employee.Profile with these Employee actions, and these
 * fields on both (field_system_role is governed by the profile section too).
 */
async function seedCustomRole(
  name: string,
  grant: { actions: readonly string[]; fields: readonly string[] },
): Promise<number> {
  const db = t.database.db;
  const [custom] = await db
    .insert(roles)
    .values({ companyId: company.id, key: null, name })
    .returning({ id: roles.id });
  if (!custom) throw new Error('no custom role');
  const levels = {
    createLevel: 'to_all',
    updateLevel: 'to_all',
    deleteLevel: 'to_all',
    viewLevel: 'to_all',
    allLevel: 'to_all',
  } as const;
  await db.insert(rolePermissions).values([
    {
      companyId: company.id,
      roleId: custom.id,
      entity: 'Employee',
      ...levels,
      actions: [...grant.actions],
      fieldsView: [...grant.fields],
    },
    {
      companyId: company.id,
      roleId: custom.id,
      entity: 'Employee.Profile',
      ...levels,
      actions: [],
      fieldsView: [...grant.fields],
    },
  ]);
  return custom.id;
}

/** A fresh staff member with a custom role. */
async function staffWithRole(roleId: number): Promise<StaffMember> {
  const member = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  return member;
}

function asHeadersOf(token: string) {
  return { ...agentFor(token).headers, host: host(), accept: 'application/json' };
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  company = await seedCompany(db);
  otherCompany = await seedCompany(db);
  roleIds = await ensureBuiltInRoles(db, company.id);
  for (const role of ['owner', 'hr', 'manager', 'employee'] as const)
    staff[role] = await seedStaff(t, company, role);
  openTeamId = await seedTeam(db, company.id, 'Open team');
  hiddenTeamId = await seedTeam(db, company.id, 'Hidden team');
  await db.execute(`update teams set is_hidden = true where id = ${hiddenTeamId}`);
  await addTeamMember(db, {
    companyId: company.id,
    teamId: openTeamId,
    userId: staff.manager.user.id,
    isManager: true,
  });

  openTeamsRoleId = await seedCustomRole('Open teams only', {
    actions: ['send_access', 'login_as', 'view_in_open_teams', 'email'],
    fields: ['field_system_role'],
  });
  openTeamsOnly = await withOpenTeamsRole(await seedStaff(t, company, 'employee'));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('send access', () => {
  it('creates the account of the employee with the role sent and invites the work email', async () => {
    const employeeId = await seedEmployee({ teamId: openTeamId });
    const response = await call(staff.owner, 'POST', `/api/v1/employees/${employeeId}/access`, {
      role_id: roleIds.employee,
      locale: 'uk',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = sendAccessResponseSchema.parse(response.json());
    expect(body.data).toMatchObject({
      email: `person${counter}@example.test`,
      role: { id: roleIds.employee, key: 'employee' },
      locale: 'uk',
      status: 'invited',
      invitation_sent: true,
    });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, body.data.user_id));
    expect(account?.employeeId).toBe(employeeId);
    expect(account?.passwordHash).toBeNull();
    const mail = t.mail.at(-1);
    expect(mail?.to).toBe(`person${counter}@example.test`);
    expect(mail?.text).toMatch(/\/app\/password\/reset\/[\w-]{43}\?lang=uk/);
  });

  it('answers 409 when the employee already has access, and 422 under email without a work email', async () => {
    const employeeId = await seedEmployee();
    const body = { role_id: roleIds.employee };
    expect((await call(staff.owner, 'POST', `/api/v1/employees/${employeeId}/access`, body)).statusCode).toBe(
      201,
    );
    expect((await call(staff.owner, 'POST', `/api/v1/employees/${employeeId}/access`, body)).statusCode).toBe(
      409,
    );

    const withoutEmail = await seedEmployee({ workEmail: null });
    const response = await call(staff.owner, 'POST', `/api/v1/employees/${withoutEmail}/access`, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toBeDefined();
  });

  it('lets HR send access but give the owner role only an owner', async () => {
    const forHr = await seedEmployee();
    const owner = await call(staff.hr, 'POST', `/api/v1/employees/${forHr}/access`, {
      role_id: roleIds.owner,
    });
    expect(owner.statusCode).toBe(422);
    expect(owner.json().errors.role_id).toBeDefined();
    const hr = await call(staff.hr, 'POST', `/api/v1/employees/${forHr}/access`, { role_id: roleIds.hr });
    expect(hr.statusCode, hr.body).toBe(201);

    const forOwner = await seedEmployee();
    const byOwner = await call(staff.owner, 'POST', `/api/v1/employees/${forOwner}/access`, {
      role_id: roleIds.owner,
    });
    expect(byOwner.statusCode).toBe(201);
  });

  it('refuses a role wider than the sender’s own', async () => {
    const employeeId = await seedEmployee({ teamId: openTeamId });
    const response = await call(openTeamsOnly, 'POST', `/api/v1/employees/${employeeId}/access`, {
      role_id: roleIds.hr,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.role_id).toBeDefined();
  });

  it('is refused (403) to roles without the action: manager and employee', async () => {
    const employeeId = await seedEmployee({ teamId: openTeamId });
    for (const role of ['manager', 'employee'] as const) {
      const response = await call(staff[role], 'POST', `/api/v1/employees/${employeeId}/access`, {
        role_id: roleIds.employee,
      });
      expect(response.statusCode, role).toBe(403);
    }
  });

  it('answers 404 for an employee the sender may not see, and for another company’s', async () => {
    const hidden = await seedEmployee({ teamId: hiddenTeamId });
    const open = await seedEmployee({ teamId: openTeamId });
    const foreign = await seedEmployee({ companyId: otherCompany.id });
    const body = { role_id: roleIds.employee };
    expect((await call(openTeamsOnly, 'POST', `/api/v1/employees/${hidden}/access`, body)).statusCode).toBe(
      404,
    );
    expect((await call(staff.owner, 'POST', `/api/v1/employees/${foreign}/access`, body)).statusCode).toBe(
      404,
    );
    // Their own role is within their own permissions (the built-in employee role is not: self-service).
    const own = await call(openTeamsOnly, 'POST', `/api/v1/employees/${open}/access`, {
      role_id: openTeamsRoleId,
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('needs the CSRF token', async () => {
    const employeeId = await seedEmployee();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/employees/${employeeId}/access`,
      headers: { cookie: staff.owner.headers.cookie, host: host(), accept: 'application/json' },
      payload: { role_id: roleIds.employee },
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('revoke and resend', () => {
  it('resends an invitation, then revokes: the account is disabled and its sessions end', async () => {
    const employeeId = await seedEmployee();
    const sent = await call(staff.owner, 'POST', `/api/v1/employees/${employeeId}/access`, {
      role_id: roleIds.employee,
    });
    const userId = sendAccessResponseSchema.parse(sent.json()).data.user_id;
    const mails = t.mail.length;
    expect((await call(staff.hr, 'POST', `/api/v1/employees/${employeeId}/access/resend`)).statusCode).toBe(
      204,
    );
    expect(t.mail.length).toBe(mails + 1);

    await createSession(t.database.db, {
      companyId: company.id,
      userId,
      now: t.clock.now,
      maxAgeMs: 3_600_000,
    });
    expect((await call(staff.hr, 'DELETE', `/api/v1/employees/${employeeId}/access`)).statusCode).toBe(204);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(account?.isDisabled).toBe(true);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, userId))).toBe(0);
    expect((await call(staff.hr, 'DELETE', `/api/v1/employees/${employeeId}/access`)).statusCode).toBe(409);
  });

  it('keeps owners’ accounts to owners, and never revokes one’s own access', async () => {
    expect(
      (await call(staff.hr, 'DELETE', `/api/v1/employees/${employeeOf(staff.owner)}/access`)).statusCode,
    ).toBe(403);
    expect(
      (await call(staff.owner, 'DELETE', `/api/v1/employees/${employeeOf(staff.owner)}/access`)).statusCode,
    ).toBe(422);
  });
});

describe('the email action and field_system_role (decision 013, addendum)', () => {
  const SEND_ACTIONS = ['send_access', 'view_in_open_teams', 'get_profile'];

  it('send access and resend mail the employee: refused (403) without the email action; revoke is not', async () => {
    const sender = await staffWithRole(
      await seedCustomRole('Send without email', { actions: SEND_ACTIONS, fields: ['field_system_role'] }),
    );
    const employeeId = await seedEmployee({ teamId: openTeamId });
    const mails = t.mail.length;
    const sent = await call(sender, 'POST', `/api/v1/employees/${employeeId}/access`, {
      role_id: roleIds.employee,
    });
    expect(sent.statusCode, sent.body).toBe(403);
    expect(sent.json()).toMatchObject({ message: expect.any(String) });
    expect(t.mail.length).toBe(mails);
    const profile = await call(sender, 'GET', `/api/v1/employees/${employeeId}`);
    expect(profile.json().data.can).toMatchObject({ send_access: false, email: false });

    // An invited account (sent by the owner): resending mails it, revoking does not.
    expect(
      (
        await call(staff.owner, 'POST', `/api/v1/employees/${employeeId}/access`, {
          role_id: roleIds.employee,
        })
      ).statusCode,
    ).toBe(201);
    const invited = t.mail.length;
    expect((await call(sender, 'POST', `/api/v1/employees/${employeeId}/access/resend`)).statusCode).toBe(
      403,
    );
    expect(t.mail.length).toBe(invited);
    expect((await call(sender, 'DELETE', `/api/v1/employees/${employeeId}/access`)).statusCode).toBe(204);
  });

  it('send access is allowed with the email action and field_system_role', async () => {
    const roleId = await seedCustomRole('Send with email', {
      actions: [...SEND_ACTIONS, 'email'],
      fields: ['field_system_role'],
    });
    const sender = await staffWithRole(roleId);
    const employeeId = await seedEmployee({ teamId: openTeamId });
    const profile = await call(sender, 'GET', `/api/v1/employees/${employeeId}`);
    expect(profile.json().data.can).toMatchObject({ send_access: true, email: true });
    const sent = await call(sender, 'POST', `/api/v1/employees/${employeeId}/access`, { role_id: roleId });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sendAccessResponseSchema.parse(sent.json()).data.invitation_sent).toBe(true);
  });

  it('giving an account its system role needs field_system_role: 403 without it, on Employee or the profile', async () => {
    const withoutField = await staffWithRole(
      await seedCustomRole('Send without role field', { actions: [...SEND_ACTIONS, 'email'], fields: [] }),
    );
    const employeeId = await seedEmployee({ teamId: openTeamId });
    const sent = await call(withoutField, 'POST', `/api/v1/employees/${employeeId}/access`, {
      role_id: roleIds.employee,
    });
    expect(sent.statusCode, sent.body).toBe(403);
    expect(sent.json()).toMatchObject({ message: expect.any(String) });
    const profile = (await call(withoutField, 'GET', `/api/v1/employees/${employeeId}`)).json().data;
    expect(profile).not.toHaveProperty('system_role');
    expect(profile.can.send_access).toBe(false);
    const [account] = await t.database.db.select().from(users).where(eq(users.employeeId, employeeId));
    expect(account).toBeUndefined();
  });
});

describe('login as', () => {
  async function loginAs(who: StaffMember, employeeId: number) {
    return call(who, 'POST', `/api/v1/employees/${employeeId}/login-as`);
  }

  it('swaps the session for one of the target, recorded as opened by the actor, and returns to the actor', async () => {
    const actor = await freshStaff('owner');
    const target = await freshStaff('employee', openTeamId);
    const response = await loginAs(actor, employeeOf(target));
    expect(response.statusCode, response.body).toBe(200);
    expect(loginAsResponseSchema.parse(response.json()).data.redirect).toBe('/app');
    const token = readSessionCookie(response);
    expect(token).toBeDefined();
    // The actor's session is over; the new one is the target's, opened by the actor, for an hour.
    expect((await call(actor, 'GET', '/api/v1/account')).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(token ?? '')));
    expect(row).toMatchObject({ userId: target.user.id, impersonatorUserId: actor.user.id });
    expect(row ? row.expiresAt.getTime() - t.clock.now.getTime() : 0).toBe(LOGIN_AS_MAX_AGE_MS);

    const headers = asHeadersOf(token ?? '');
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers });
    expect(account.json().data.email).toBe(target.user.email);
    const page = await t.app.inject({ method: 'GET', url: '/app', headers });
    expect(page.body).toContain(`"impersonator":{"name":"${actor.user.name}"}`);

    const end = await t.app.inject({ method: 'POST', url: '/api/v1/login-as/end', headers });
    expect(end.statusCode, end.body).toBe(200);
    const back = readSessionCookie(end);
    expect(back).toBeDefined();
    expect(back).not.toBe(token);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account', headers })).statusCode).toBe(401);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account',
      headers: asHeadersOf(back ?? ''),
    });
    expect(mine.json().data.email).toBe(actor.user.email);
    const [own] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(back ?? '')));
    expect(own?.impersonatorUserId).toBeNull();
  });

  it('is refused without the action (HR, manager, employee) and answers 404 for a hidden employee', async () => {
    const target = await freshStaff('employee', openTeamId);
    for (const role of ['hr', 'manager', 'employee'] as const) {
      expect((await loginAs(staff[role], employeeOf(target))).statusCode, role).toBe(403);
    }
    const hiddenTarget = await freshStaff('employee', hiddenTeamId);
    const actor = await withOpenTeamsRole(await freshStaff('employee'));
    expect((await loginAs(actor, employeeOf(hiddenTarget))).statusCode).toBe(404);
    expect((await loginAs(actor, 2_000_000_000)).statusCode).toBe(404);
  });

  it('never into an owner unless the actor is an owner, never into oneself, never without an account', async () => {
    const customActor = await withOpenTeamsRole(await freshStaff('employee'));
    const ownerTarget = await freshStaff('owner', openTeamId);
    expect((await loginAs(customActor, employeeOf(ownerTarget))).statusCode).toBe(403);

    const owner = await freshStaff('owner');
    expect((await loginAs(owner, employeeOf(owner))).statusCode).toBe(409);
    const noAccount = await seedEmployee({ teamId: openTeamId });
    expect((await loginAs(owner, noAccount)).statusCode).toBe(409);
    const otherOwner = await loginAs(owner, employeeOf(ownerTarget));
    expect(otherOwner.statusCode).toBe(200);
  });

  it('is refused while already signed in as someone (409), and ends with the impersonator disabled', async () => {
    const actor = await freshStaff('owner');
    const target = await freshStaff('owner');
    const next = await freshStaff('employee');
    const response = await loginAs(actor, employeeOf(target));
    const headers = asHeadersOf(readSessionCookie(response) ?? '');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/employees/${employeeOf(next)}/login-as`,
      headers,
    });
    expect(again.statusCode).toBe(409);

    await t.database.db.update(users).set({ isDisabled: true }).where(eq(users.id, actor.user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account', headers })).statusCode).toBe(401);
  });

  it('gives the impersonated session the target’s rights only: owner-only routes stay closed', async () => {
    const actor = await freshStaff('owner');
    const target = await freshStaff('hr');
    const response = await loginAs(actor, employeeOf(target));
    const headers = asHeadersOf(readSessionCookie(response) ?? '');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers })).statusCode).toBe(403);
    // No parked session of the actor is left while impersonating.
    expect(await t.database.db.$count(sessions, eq(sessions.userId, actor.user.id))).toBe(0);
    // Sending access is the target's (HR's) right: the owner role stays out of reach.
    const other = await seedEmployee();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/employees/${other}/access`,
          headers,
          payload: { role_id: roleIds.owner },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('ending needs a login-as session and its CSRF token', async () => {
    const plain = await freshStaff('owner');
    expect((await call(plain, 'POST', '/api/v1/login-as/end')).statusCode).toBe(409);
    const target = await freshStaff('employee');
    const response = await loginAs(plain, employeeOf(target));
    const token = readSessionCookie(response) ?? '';
    const withoutToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login-as/end',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, host: host(), accept: 'application/json' },
    });
    expect(withoutToken.statusCode).toBe(419);
    // The old session's CSRF token does not work with the new cookie.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login-as/end',
      headers: { ...asHeadersOf(token), 'x-csrf-token': plain.headers['x-csrf-token'] },
    });
    expect(stale.statusCode).toBe(419);
  });

  it('never outlives the actor’s session', async () => {
    const actor = await freshStaff('owner');
    const target = await freshStaff('employee');
    const [actorSession] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, actor.user.id));
    const soon = new Date(t.clock.now.getTime() + 10 * 60_000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: soon })
      .where(eq(sessions.idHash, actorSession?.idHash ?? ''));
    const response = await loginAs(actor, employeeOf(target));
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(readSessionCookie(response) ?? '')));
    expect(row?.expiresAt.getTime()).toBe(soon.getTime());
  });
});

describe('the login-as log (decision 016, addendum)', () => {
  /** Logs `actor` in as `target`; answers the headers of the impersonated session. */
  async function impersonate(actor: StaffMember, target: StaffMember) {
    const response = await call(actor, 'POST', `/api/v1/employees/${employeeOf(target)}/login-as`);
    expect(response.statusCode, response.body).toBe(200);
    return asHeadersOf(readSessionCookie(response) ?? '');
  }

  /** The log's rows opened by `impersonator`, oldest first, once every answer's row is written. */
  async function rowsBy(impersonator: StaffMember) {
    await t.app.loginAsLogSettled();
    return t.database.db
      .select()
      .from(loginAsActions)
      .where(eq(loginAsActions.impersonatorUserId, impersonator.user.id))
      .orderBy(asc(loginAsActions.id));
  }

  function listActions(who: StaffMember, query: string) {
    return call(who, 'GET', `/api/v1/login-as/actions${query}`);
  }

  it('records each write with both accounts, the route pattern, its :id and the status; never a read', async () => {
    const actor = await freshStaff('owner');
    const target = await freshStaff('hr');
    const edited = await seedEmployee();
    const headers = await impersonate(actor, target);
    const inject = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    expect((await inject('GET', `/api/v1/employees/${edited}`)).statusCode).toBe(200);
    const changed = await inject('POST', `/api/v1/employees/${edited}`, { _method: 'PUT', notes: 'seen' });
    expect(changed.statusCode, changed.body).toBe(200);
    // The query string (and the body) never reach the log: only the route's pattern.
    const created = await inject('POST', '/api/v1/employees?note=private', {
      first_name: 'Logged',
      last_name: 'Write',
    });
    expect(created.statusCode, created.body).toBe(201);
    // Refused: the owner role is beyond HR (the target's rights, not the actor's).
    const refused = await inject('POST', `/api/v1/employees/${edited}/access`, { role_id: roleIds.owner });
    expect(refused.statusCode).toBe(422);
    expect((await inject('POST', '/api/v1/login-as/end')).statusCode).toBe(200);

    const rows = await rowsBy(actor);
    expect(rows.map(({ method, route, objectId, status }) => ({ method, route, objectId, status }))).toEqual([
      {
        method: 'POST',
        route: '/api/v1/employees/:id/login-as',
        objectId: employeeOf(target),
        status: 200,
      },
      { method: 'PUT', route: '/api/v1/employees/:id', objectId: edited, status: 200 },
      { method: 'POST', route: '/api/v1/employees', objectId: null, status: 201 },
      { method: 'POST', route: '/api/v1/employees/:id/access', objectId: edited, status: 422 },
      { method: 'POST', route: '/api/v1/login-as/end', objectId: null, status: 200 },
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        companyId: company.id,
        userId: target.user.id,
        employeeId: employeeOf(target),
        impersonatorUserId: actor.user.id,
      });
      expect(row.at.getTime()).toBe(t.clock.now.getTime());
    }
  });

  it('records a write the target may not make with its 403', async () => {
    const actor = await freshStaff('owner');
    const target = await freshStaff('employee');
    const headers = await impersonate(actor, target);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/employees',
      headers,
      payload: { first_name: 'Not', last_name: 'Allowed' },
    });
    expect(response.statusCode).toBe(403);
    const rows = await rowsBy(actor);
    expect(rows.at(-1)).toMatchObject({ method: 'POST', route: '/api/v1/employees', status: 403 });
  });

  it('a row that cannot be written leaves the answer as it was', async () => {
    const actor = await freshStaff('owner');
    const target = await freshStaff('hr');
    const headers = await impersonate(actor, target);
    await t.app.loginAsLogSettled();
    const db = t.database.db;
    await db.execute('alter table login_as_actions add constraint refuse_all check (false) not valid');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/employees',
        headers,
        payload: { first_name: 'Still', last_name: 'Created' },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(await rowsBy(actor)).toHaveLength(1);
    } finally {
      await db.execute('alter table login_as_actions drop constraint refuse_all');
    }
  });

  it('records nothing outside login as', async () => {
    const owner = await freshStaff('owner');
    const created = await call(owner, 'POST', '/api/v1/employees', {
      first_name: 'Plain',
      last_name: 'Owner',
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.app.loginAsLogSettled();
    const [byOwner] = await t.database.db
      .select({ id: loginAsActions.id })
      .from(loginAsActions)
      .where(eq(loginAsActions.userId, owner.user.id));
    expect(byOwner).toBeUndefined();
    expect(await rowsBy(owner)).toEqual([]);
  });

  it('lists what was done as an employee, newest first with both names, to holders of login_as only', async () => {
    const actor = await freshStaff('owner');
    const target = await freshStaff('hr');
    const headers = await impersonate(actor, target);
    t.clock.advance(60_000);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/employees/${employeeOf(target)}`,
      headers,
      payload: { _method: 'PUT', notes: 'mine' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await t.app.loginAsLogSettled();

    for (const role of ['hr', 'manager', 'employee'] as const) {
      expect((await listActions(staff[role], `?employee_id=${employeeOf(target)}`)).statusCode, role).toBe(
        403,
      );
    }
    const response = await listActions(staff.owner, `?employee_id=${employeeOf(target)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = loginAsActionsResponseSchema.parse(response.json());
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 2 });
    expect(body.data.map((item) => [item.method, item.route, item.status])).toEqual([
      ['PUT', '/api/v1/employees/:id', 200],
      ['POST', '/api/v1/employees/:id/login-as', 200],
    ]);
    expect(body.data[0]).toMatchObject({
      at: t.clock.now.toISOString(),
      object_id: employeeOf(target),
      impersonator: { id: actor.user.id, name: actor.user.name },
      acting_user: { id: target.user.id, name: target.user.name, employee_id: employeeOf(target) },
    });
    expect((await listActions(staff.owner, '?employee_id=0')).statusCode).toBe(422);
  });

  it('pages, and keeps to the company’s rows and the employees the reader may see', async () => {
    const db = t.database.db;
    const actor = await freshStaff('owner');
    const target = await freshStaff('employee', hiddenTeamId);
    const base = t.clock.now.getTime();
    await db.insert(loginAsActions).values(
      [1, 2, 3].map((minute) => ({
        companyId: company.id,
        userId: target.user.id,
        employeeId: employeeOf(target),
        impersonatorUserId: actor.user.id,
        method: 'DELETE' as const,
        route: '/api/v1/things/:id',
        objectId: minute,
        status: 204,
        at: new Date(base + minute * 60_000),
      })),
    );
    const foreignOwner = await seedStaff(t, otherCompany, 'owner');
    const foreignTarget = await seedStaff(t, otherCompany, 'employee');
    await db.insert(loginAsActions).values({
      companyId: otherCompany.id,
      userId: foreignTarget.user.id,
      employeeId: foreignTarget.user.employeeId,
      impersonatorUserId: foreignOwner.user.id,
      method: 'POST',
      route: '/api/v1/employees',
      objectId: null,
      status: 201,
      at: new Date(base),
    });

    const query = `?employee_id=${employeeOf(target)}&per_page=2`;
    const first = loginAsActionsResponseSchema.parse((await listActions(staff.owner, query)).json());
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.data.map((item) => item.object_id)).toEqual([3, 2]);
    const second = loginAsActionsResponseSchema.parse(
      (await listActions(staff.owner, `${query}&page=2`)).json(),
    );
    expect(second.data.map((item) => item.object_id)).toEqual([1]);

    const foreign = await listActions(staff.owner, `?employee_id=${foreignTarget.user.employeeId}`);
    expect(loginAsActionsResponseSchema.parse(foreign.json()).data).toEqual([]);
    const all = loginAsActionsResponseSchema.parse((await listActions(staff.owner, '?per_page=100')).json());
    expect(all.data.some((item) => item.acting_user.id === foreignTarget.user.id)).toBe(false);
    // The other company's owner sees its own row only.
    const theirs = loginAsActionsResponseSchema.parse((await listActions(foreignOwner, '')).json());
    expect(theirs.data.map((item) => item.acting_user.id)).toEqual([foreignTarget.user.id]);
    // A role with login_as that sees open teams only: the hidden team's employee is left out.
    const hidden = await listActions(openTeamsOnly, `?employee_id=${employeeOf(target)}`);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(loginAsActionsResponseSchema.parse(hidden.json()).meta.total).toBe(0);
  });
});
