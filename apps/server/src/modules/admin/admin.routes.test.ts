import { getCatalog } from '@kadry/shared/i18n/translate';
import { permissionsResponseSchema, rolesListResponseSchema } from '@kadry/shared/permissions/schemas';
import {
  INVITATION_TTL_MS,
  type StaffUser,
  staffUserResponseSchema,
  staffUsersResponseSchema,
} from '@kadry/shared/schemas/admin';
import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { sessions } from '../../db/schema/sessions';
import { SESSION_COOKIE } from '../../plugins/session';
import { createSession } from '../../plugins/session-store';
import {
  type AuthTestApp,
  agentFor,
  createAuthTestApp,
  readMetaCsrfToken,
  readSessionCookie,
  signIn,
} from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// Staff accounts through app.inject: owners only; list, invite, edit, disable; the invitation link
// sets the first password through the reset page; the company never loses its last owner.

const en = getCatalog('en');
const uk = getCatalog('uk');

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let owner: StaffMember;
const staff = {} as Record<Exclude<BuiltInRole, 'owner'>, StaffMember>;
let roleIds: Record<BuiltInRole, number>;
let stranger: StaffMember;
let ipCounter = 0;

type Method = StaffMethod;
function call(who: StaffMember, method: Method, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

function host(): string {
  return company.hosts[0] ?? '';
}

/** The set-password link of the newest mail to an address (path only: the test app has no network). */
function findLink(to: string): string {
  const mail = [...t.mail].reverse().find((message) => message.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const url = /https?:\/\/\S+\/app\/password\/reset\/[\w-]{43}\S*/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no link in the mail to ${to}`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/** Fills the reset page's form as a browser would. */
async function setPassword(link: string, password: string) {
  ipCounter += 1;
  const remoteAddress = `10.9.0.${ipCounter}`;
  const page = await t.app.inject({ method: 'GET', url: link, remoteAddress, headers: { host: host() } });
  return {
    page,
    response: await t.app.inject({
      method: 'POST',
      url: link,
      remoteAddress,
      headers: {
        host: host(),
        cookie: `${SESSION_COOKIE}=${readSessionCookie(page)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        _token: readMetaCsrfToken(page.body) ?? '',
        password,
        password_confirmation: password,
      }).toString(),
    }),
  };
}

async function invite(body: Record<string, unknown>): Promise<StaffUser> {
  const response = await call(owner, 'POST', '/api/v1/admin/users', body);
  expect(response.statusCode, response.body).toBe(201);
  return staffUserResponseSchema.strict().parse(response.json()).data;
}

/** A new session for a member whose session the moving clock ended. */
async function renewSession(member: StaffMember): Promise<void> {
  const token = await createSession(t.database.db, {
    companyId: member.user.companyId,
    userId: member.user.id,
    now: t.clock.now,
    maxAgeMs: 24 * 3_600_000,
  });
  Object.assign(member.headers, agentFor(token).headers);
}

async function readRolesUpdatedAt(who: StaffMember): Promise<string | null> {
  const response = await call(who, 'GET', '/vue-global/permissions');
  return permissionsResponseSchema.parse(response.json()).data.rolesUpdatedAt;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db, { name: 'Acme', languages: ['en', 'uk'] });
  otherCompany = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  for (const role of ['hr', 'recruiter', 'manager', 'employee'] as const)
    staff[role] = await seedStaff(t, company, role);
  stranger = await seedStaff(t, otherCompany, 'owner');
  const roles = await call(owner, 'GET', '/api/v1/roles');
  roleIds = Object.fromEntries(
    rolesListResponseSchema.parse(roles.json()).data.map((role) => [role.key, role.id]),
  ) as Record<BuiltInRole, number>;
});

afterAll(async () => {
  await t?.close();
});

describe('who may administer staff accounts', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { host: host() },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 on every administration route to a session that has ended (its CSRF token still matching)', async () => {
    const ended = { ...agentFor('B'.repeat(22)).headers, host: host(), accept: 'application/json' };
    const routes: [Method, string, Record<string, unknown>?][] = [
      ['GET', '/api/v1/admin/users'],
      ['POST', '/api/v1/admin/users', { name: 'X', email: 'x@example.test', role_id: 1 }],
      ['GET', '/api/v1/admin/users/1'],
      ['PUT', '/api/v1/admin/users/1', { name: 'X' }],
      ['POST', '/api/v1/admin/users/1', { _method: 'PUT', name: 'X' }],
      ['POST', '/api/v1/admin/users/1/invite'],
      ['POST', '/api/v1/roles', { name: 'X' }],
      ['DELETE', '/api/v1/roles/1'],
      ['GET', '/api/v1/org/teams'],
      ['POST', '/api/v1/org/teams', { name: 'X' }],
      ['GET', '/api/v1/org/teams/1'],
      ['PUT', '/api/v1/org/teams/1', { name: 'X' }],
      ['POST', '/api/v1/org/teams/1', { _method: 'PUT', name: 'X' }],
      ['DELETE', '/api/v1/org/teams/1'],
      ['PUT', '/api/v1/org/teams/1/members', { members: [] }],
      ['POST', '/api/v1/org/teams/1/members', { _method: 'PUT', members: [] }],
    ];
    for (const [method, url, payload] of routes) {
      const response = await t.app.inject({ method, url, headers: ended, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses every built-in role but the owner with 403, before looking at the body', async () => {
    const id = owner.user.id;
    for (const role of ['hr', 'recruiter', 'manager', 'employee'] as const) {
      const who = staff[role];
      const answers = await Promise.all([
        call(who, 'GET', '/api/v1/admin/users'),
        call(who, 'POST', '/api/v1/admin/users', { name: '' }),
        call(who, 'GET', `/api/v1/admin/users/${id}`),
        call(who, 'PUT', `/api/v1/admin/users/${id}`, { role_id: roleIds[role] }),
        call(who, 'POST', `/api/v1/admin/users/${id}`, { _method: 'PUT', is_disabled: true }),
        call(who, 'POST', `/api/v1/admin/users/${id}/invite`),
      ]);
      expect(
        answers.map((answer) => answer.statusCode),
        role,
      ).toEqual([403, 403, 403, 403, 403, 403]);
    }
    // Nobody promoted themselves on the way.
    const me = await call(owner, 'GET', `/api/v1/admin/users/${staff.hr.user.id}`);
    expect(staffUserResponseSchema.parse(me.json()).data.role.key).toBe('hr');
  });

  it("answers 404 for another company's account and for ids that are not ids", async () => {
    for (const url of [
      `/api/v1/admin/users/${stranger.user.id}`,
      '/api/v1/admin/users/abc',
      '/api/v1/admin/users/0',
      '/api/v1/admin/users/99999999999',
    ]) {
      expect((await call(owner, 'GET', url)).statusCode, url).toBe(404);
    }
    expect(
      (await call(owner, 'PUT', `/api/v1/admin/users/${stranger.user.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call(owner, 'POST', `/api/v1/admin/users/${stranger.user.id}/invite`)).statusCode).toBe(
      404,
    );
  });
});

describe('inviting a staff account', () => {
  it('creates it without a password and emails a link that sets one, after which the person signs in', async () => {
    const team = await seedTeam(t.database.db, company.id, 'Invitees');
    const before = await readRolesUpdatedAt(owner);
    const user = await invite({
      name: 'Olena Kovalenko',
      email: '  Olena@Example.TEST ',
      role_id: roleIds.recruiter,
      locale: 'uk',
      timezone: 'Europe/Kyiv',
      team_ids: [team, team],
    });
    expect(user).toMatchObject({
      name: 'Olena Kovalenko',
      email: 'olena@example.test',
      role: { id: roleIds.recruiter, key: 'recruiter' },
      teams: [{ id: team, name: 'Invitees', is_manager: false }],
      locale: 'uk',
      timezone: 'Europe/Kyiv',
      is_disabled: false,
      has_password: false,
      last_sign_in_at: null,
    });
    // The account belongs to an employee record (issue 13), which the staff screen links to.
    expect(user.employee_id).toEqual(expect.any(Number));
    // Joining a team changes what "my team" reaches.
    expect(await readRolesUpdatedAt(owner)).not.toBe(before);

    const mail = t.mail.at(-1);
    expect(mail?.to).toBe('olena@example.test');
    // In the invited person's language, naming who invited them.
    expect(mail?.subject).toContain(owner.user.name);
    expect(mail?.subject).toContain('Acme');
    expect(mail?.text).toContain(`http://${host()}/app/password/reset/`);
    expect(mail?.text).toContain('7 днів');
    expect(mail?.text.startsWith(uk['auth.invite.email.text']?.slice(0, 6) ?? '?')).toBe(true);

    const link = findLink('olena@example.test');
    const { page, response } = await setPassword(link, 'a long enough passphrase');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${uk['auth.invite.title']}</h1>`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/app/sign-in?lang=uk&password_set=1');
    const notice = await t.app.inject({
      method: 'GET',
      url: '/app/sign-in?password_set=1',
      headers: { host: host() },
    });
    expect(notice.body).toContain(en['auth.invite.done']);

    const agent = await signIn(
      t.app,
      { email: 'olena@example.test', password: 'a long enough passphrase' },
      { host: host(), remoteAddress: '10.9.1.1' },
    );
    expect(agent.token).toBeTruthy();
    const after = await call(owner, 'GET', `/api/v1/admin/users/${user.id}`);
    const data = staffUserResponseSchema.parse(after.json()).data;
    expect(data.has_password).toBe(true);
    expect(data.last_sign_in_at).not.toBeNull();
  });

  it('lets an invitation link work for a week, not longer', async () => {
    const user = await invite({ name: 'Slow Reader', email: 'slow@example.test', role_id: roleIds.employee });
    const link = findLink('slow@example.test');
    t.clock.advance(INVITATION_TTL_MS - 60_000);
    expect((await t.app.inject({ method: 'GET', url: link, headers: { host: host() } })).statusCode).toBe(
      200,
    );
    t.clock.advance(2 * 60_000);
    const expired = await t.app.inject({ method: 'GET', url: link, headers: { host: host() } });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain(en['auth.reset.invalid']);
    // A week without a request ended the sessions too.
    for (const member of [owner, stranger, ...Object.values(staff)]) await renewSession(member);
    // The owner sends a fresh one.
    expect((await call(owner, 'POST', `/api/v1/admin/users/${user.id}/invite`)).statusCode).toBe(204);
    expect(
      (await setPassword(findLink('slow@example.test'), 'finally a passphrase')).response.statusCode,
    ).toBe(303);
  });

  it('refuses an email the company already has, whatever its case, under email', async () => {
    const response = await call(owner, 'POST', '/api/v1/admin/users', {
      name: 'Copy',
      email: owner.user.email.toUpperCase(),
      role_id: roleIds.employee,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: en['admin.users.email_taken'],
      errors: { email: [en['admin.users.email_taken']] },
    });
  });

  it('lets another company have the same email (accounts belong to one company)', async () => {
    const response = await call(stranger, 'POST', '/api/v1/admin/users', {
      name: 'Namesake',
      email: owner.user.email,
      role_id: rolesListResponseSchema.parse((await call(stranger, 'GET', '/api/v1/roles')).json()).data[0]
        ?.id,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("refuses another company's role or team, a language the company does not offer, and bad fields", async () => {
    const strangerRoles = rolesListResponseSchema.parse(
      (await call(stranger, 'GET', '/api/v1/roles')).json(),
    ).data;
    const foreignTeam = await seedTeam(t.database.db, otherCompany.id, 'Theirs');
    const base = { name: 'Someone', email: 'someone@example.test', role_id: roleIds.employee };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, role_id: strangerRoles[0]?.id }, 'role_id'],
      [{ ...base, team_ids: [foreignTeam] }, 'team_ids'],
      [{ ...base, locale: 'ru' }, 'locale'],
      [{ ...base, email: 'not an email' }, 'email'],
      [{ ...base, name: '   ' }, 'name'],
      [{ ...base, timezone: 'Mars/Olympus' }, 'timezone'],
    ];
    for (const [body, field] of cases) {
      const response = await call(owner, 'POST', '/api/v1/admin/users', body);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), field).toEqual([field]);
    }
    const list = await call(owner, 'GET', '/api/v1/admin/users?search=someone@example.test');
    expect(staffUsersResponseSchema.parse(list.json()).meta.total).toBe(0);
  });
});

describe('the staff list', () => {
  let teamId: number;

  beforeAll(async () => {
    teamId = await seedTeam(t.database.db, company.id, 'Listers');
    const people = [
      ['zoe Listed', 'zoe.list@example.test'],
      ['Adam Listed', 'adam.list@example.test'],
      ['100% Listed', 'percent.list@example.test'],
      ['1000 Listed', 'thousand.list@example.test'],
      ['Mila Listed', 'mila.list@example.test'],
    ];
    for (const [name, email] of people) {
      await invite({
        name,
        email,
        role_id: roleIds.employee,
        team_ids: name === 'Mila Listed' ? [teamId] : [],
      });
    }
    const adam = await call(owner, 'GET', '/api/v1/admin/users?search=adam.list');
    const adamId = staffUsersResponseSchema.parse(adam.json()).data[0]?.id;
    await call(owner, 'PUT', `/api/v1/admin/users/${adamId}`, { is_disabled: true });
    await addTeamMember(t.database.db, {
      companyId: company.id,
      teamId,
      userId: staff.manager.user.id,
      isManager: true,
    });
  });

  async function list(query: string) {
    const response = await call(owner, 'GET', `/api/v1/admin/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return staffUsersResponseSchema.strict().parse(response.json());
  }

  it('searches name and email case-insensitively, sorted by name, taking % and _ literally', async () => {
    const all = await list('search=LISTED');
    // By character code, as the database compares ('%' before '0').
    expect(all.data.map((user) => user.name)).toEqual([
      '100% Listed',
      '1000 Listed',
      'Adam Listed',
      'Mila Listed',
      'zoe Listed',
    ]);
    expect((await list('search=ZOE.LIST@')).data.map((user) => user.name)).toEqual(['zoe Listed']);
    expect((await list('search=100%25')).data.map((user) => user.name)).toEqual(['100% Listed']);
    expect((await list('search=_')).data).toEqual([]);
  });

  it('pages with the recruiting lists’ meta', async () => {
    const first = await list('search=listed&per_page=2');
    expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    const last = await list('search=listed&per_page=2&page=3');
    expect(last.data.map((user) => user.name)).toEqual(['zoe Listed']);
    expect(last.meta.current_page).toBe(3);
    expect((await list('search=nobody-matches')).meta).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 0,
    });
  });

  it('filters by status: active, invited, disabled', async () => {
    expect((await list('search=listed&status=disabled')).data.map((user) => user.name)).toEqual([
      'Adam Listed',
    ]);
    expect((await list('search=listed&status=invited')).data).toHaveLength(4);
    const active = await list('status=active');
    expect(active.data.every((user) => user.has_password && !user.is_disabled)).toBe(true);
    expect(active.data.map((user) => user.id)).toContain(owner.user.id);
    expect(active.data.map((user) => user.name)).not.toContain('Mila Listed');
  });

  it('filters by role and by team, and shows each person’s teams with who manages them', async () => {
    const byRole = await list(`role_id=${roleIds.manager}`);
    expect(byRole.data.map((user) => user.id)).toEqual([staff.manager.user.id]);
    const byTeam = await list(`team_id=${teamId}`);
    expect(byTeam.data.map((user) => user.name).sort()).toEqual(
      ['Mila Listed', staff.manager.user.name].sort(),
    );
    const manager = byTeam.data.find((user) => user.id === staff.manager.user.id);
    expect(manager?.teams).toEqual([{ id: teamId, name: 'Listers', is_manager: true }]);
    expect(manager?.role).toEqual({ id: roleIds.manager, key: 'manager', name: 'Manager' });
  });

  it('never lists another company’s accounts', async () => {
    const all = await list('per_page=100');
    expect(all.data.map((user) => user.id)).not.toContain(stranger.user.id);
  });
});

describe('editing a staff account', () => {
  it('keeps the fields left out, and takes the update as POST with _method=PUT too', async () => {
    const user = await invite({ name: 'Edit Me', email: 'edit.me@example.test', role_id: roleIds.employee });
    const renamed = await call(owner, 'POST', `/api/v1/admin/users/${user.id}`, {
      _method: 'PUT',
      name: 'Edited',
      timezone: 'Europe/Warsaw',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(staffUserResponseSchema.parse(renamed.json()).data).toMatchObject({
      name: 'Edited',
      email: 'edit.me@example.test',
      timezone: 'Europe/Warsaw',
      role: { key: 'employee' },
    });
    const taken = await call(owner, 'PUT', `/api/v1/admin/users/${user.id}`, { email: owner.user.email });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [en['admin.users.email_taken']] });
  });

  it('sends an account still invited a new invitation when its email changes, and voids the old link', async () => {
    const user = await invite({ name: 'Typo', email: 'tpyo@example.test', role_id: roleIds.employee });
    const oldLink = findLink('tpyo@example.test');
    const response = await call(owner, 'PUT', `/api/v1/admin/users/${user.id}`, {
      email: 'typo@example.test',
    });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: oldLink, headers: { host: host() } })).statusCode).toBe(
      404,
    );
    expect(
      (await setPassword(findLink('typo@example.test'), 'the right passphrase')).response.statusCode,
    ).toBe(303);
  });

  it('moves rolesUpdatedAt on when someone gets another role, and their permissions follow at once', async () => {
    const member = await seedStaff(t, company, 'employee');
    const before = await readRolesUpdatedAt(owner);
    const response = await call(owner, 'PUT', `/api/v1/admin/users/${member.user.id}`, {
      role_id: roleIds.hr,
    });
    expect(response.statusCode).toBe(200);
    const after = await readRolesUpdatedAt(owner);
    expect(Date.parse(after ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
    const permissions = await call(member, 'GET', '/vue-global/permissions');
    expect(permissions.json().data.role.key).toBe('hr');
    // Same role again: nothing changed, nothing bumped.
    await call(owner, 'PUT', `/api/v1/admin/users/${member.user.id}`, { role_id: roleIds.hr });
    expect(await readRolesUpdatedAt(owner)).toBe(after);
  });

  it('disabling ends every session of the account at once; enabling lets the person sign in again', async () => {
    const member = await seedStaff(t, company, 'employee');
    const password = 'a passphrase for later';
    const link = (await call(owner, 'POST', `/api/v1/admin/users/${member.user.id}/invite`)).statusCode;
    expect(link).toBe(204);
    await setPassword(findLink(member.user.email), password);
    const agent = await signIn(
      t.app,
      { email: member.user.email, password },
      { host: host(), remoteAddress: '10.9.2.1' },
    );

    const disabled = await call(owner, 'PUT', `/api/v1/admin/users/${member.user.id}`, { is_disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(staffUserResponseSchema.parse(disabled.json()).data.is_disabled).toBe(true);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, member.user.id))).toBe(0);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/vue-global/permissions',
      headers: { host: host(), cookie: agent.headers.cookie },
    });
    expect(refused.statusCode).toBe(401);
    // A disabled account gets no links either.
    const invite = await call(owner, 'POST', `/api/v1/admin/users/${member.user.id}/invite`);
    expect(invite.statusCode).toBe(422);
    expect(invite.json().message).toBe(en['admin.users.invite_disabled']);

    await call(owner, 'PUT', `/api/v1/admin/users/${member.user.id}`, { is_disabled: false });
    const again = await signIn(
      t.app,
      { email: member.user.email, password },
      { host: host(), remoteAddress: '10.9.2.2' },
    );
    expect(again.token).toBeTruthy();
  });

  it('sends someone who already has a password a link to set a new one, not an invitation', async () => {
    const before = t.mail.length;
    const response = await call(owner, 'POST', `/api/v1/admin/users/${staff.hr.user.id}/invite`);
    expect(response.statusCode).toBe(204);
    expect(t.mail.length).toBe(before + 1);
    expect(t.mail.at(-1)?.subject).toBe(
      en['auth.invite.new_password_email.subject']?.replace('{company}', 'Acme'),
    );
    const page = await t.app.inject({
      method: 'GET',
      url: findLink(staff.hr.user.email),
      headers: { host: host() },
    });
    expect(page.body).toContain(`<h1>${en['auth.reset.title']}</h1>`);
  });
});

describe('an owner whose role lacks field_system_role', () => {
  it('may not invite an account or change its role (403, nothing written), and still edits the rest', async () => {
    // A company of its own: its owner role is edited here.
    const own = await seedCompany(t.database.db, { name: 'No roles shown' });
    const itsOwner = await seedStaff(t, own, 'owner');
    const roles = rolesListResponseSchema.parse((await call(itsOwner, 'GET', '/api/v1/roles')).json()).data;
    const ids = Object.fromEntries(roles.map((role) => [role.key, role.id])) as Record<BuiltInRole, number>;
    const person = await seedStaff(t, own, 'employee');
    const ownerRole = await call(itsOwner, 'GET', `/api/v1/roles/${ids.owner}`);
    const employee = ownerRole.json().data.permissions.Employee;
    const edited = await call(itsOwner, 'PUT', `/api/v1/roles/${ids.owner}`, {
      permissions: {
        Employee: {
          ...employee,
          fields_view: employee.fields_view.filter((field: string) => field !== 'field_system_role'),
        },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const invited = await call(itsOwner, 'POST', '/api/v1/admin/users', {
      name: 'Not Invited',
      email: 'not.invited@example.test',
      role_id: ids.employee,
    });
    expect(invited.statusCode, invited.body).toBe(403);
    const listed = staffUsersResponseSchema.parse(
      (await call(itsOwner, 'GET', '/api/v1/admin/users?search=not.invited')).json(),
    );
    expect(listed.data).toEqual([]);

    const url = `/api/v1/admin/users/${person.user.id}`;
    const promoted = await call(itsOwner, 'PUT', url, { role_id: ids.hr });
    expect(promoted.statusCode, promoted.body).toBe(403);
    const renamed = await call(itsOwner, 'PUT', url, { name: 'Renamed', role_id: ids.employee });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(staffUserResponseSchema.parse(renamed.json()).data).toMatchObject({
      name: 'Renamed',
      role: { key: 'employee' },
    });
  });
});

describe('the last owner', () => {
  it('cannot be demoted or disabled while nobody else is an active owner; with a second one it works', async () => {
    const db = t.database.db;
    const solo = await seedCompany(db, { name: 'Solo' });
    const soloOwner = await seedStaff(t, solo, 'owner');
    const soloRoles = Object.fromEntries(
      rolesListResponseSchema
        .parse((await call(soloOwner, 'GET', '/api/v1/roles')).json())
        .data.map((role) => [role.key, role.id]),
    ) as Record<BuiltInRole, number>;
    const self = `/api/v1/admin/users/${soloOwner.user.id}`;

    const demote = await call(soloOwner, 'PUT', self, { role_id: soloRoles.hr });
    expect(demote.statusCode).toBe(422);
    expect(demote.json()).toEqual({
      message: en['admin.users.last_owner'],
      errors: { role_id: [en['admin.users.last_owner']] },
    });
    const disable = await call(soloOwner, 'PUT', self, { is_disabled: true });
    expect(disable.statusCode).toBe(422);
    expect(disable.json().errors).toEqual({ is_disabled: [en['admin.users.cannot_disable_self']] });

    // An invited owner who has not set a password yet cannot sign in: it does not count.
    const invitedOwner = await call(soloOwner, 'POST', '/api/v1/admin/users', {
      name: 'Second Owner',
      email: 'second.owner@example.test',
      role_id: soloRoles.owner,
    });
    expect(invitedOwner.statusCode).toBe(201);
    expect((await call(soloOwner, 'PUT', self, { role_id: soloRoles.hr })).statusCode).toBe(422);

    const secondOwner = await seedStaff(t, solo, 'owner');
    const demoted = await call(soloOwner, 'PUT', self, { role_id: soloRoles.hr });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // No longer an owner: the administration is closed to them now.
    expect((await call(soloOwner, 'GET', '/api/v1/admin/users')).statusCode).toBe(403);
    // And the remaining owner cannot leave in turn.
    const last = await call(secondOwner, 'PUT', `/api/v1/admin/users/${secondOwner.user.id}`, {
      role_id: soloRoles.employee,
    });
    expect(last.statusCode).toBe(422);
    // Disabling another owner is fine while one remains.
    const promote = await call(secondOwner, 'PUT', self, { role_id: soloRoles.owner });
    expect(promote.statusCode).toBe(200);
    const disableOther = await call(secondOwner, 'PUT', self, { is_disabled: true });
    expect(disableOther.statusCode).toBe(200);
  });
});

describe('the recording mailbox of the test routes', () => {
  it('answers the mail sent to an address, newest first, only when test routes are on', async () => {
    const app = await createAuthTestApp({ env: { KADRY_TEST_ROUTES: '1' } });
    try {
      const acme = await seedCompany(app.database.db, { name: 'Mailers' });
      const boss = await seedStaff(app, acme, 'owner');
      const roles = rolesListResponseSchema.parse(
        (await app.app.inject({ method: 'GET', url: '/api/v1/roles', headers: boss.headers })).json(),
      ).data;
      const employee = roles.find((role) => role.key === 'employee')?.id;
      const created = await app.app.inject({
        method: 'POST',
        url: '/api/v1/admin/users',
        headers: boss.headers,
        payload: { name: 'Mail Reader', email: 'reader@example.test', role_id: employee },
      });
      const id = created.json().data.id;
      await app.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${id}/invite`,
        headers: boss.headers,
      });
      const mail = await app.app.inject({
        method: 'GET',
        url: '/api/test/emails?to=READER@example.test',
        headers: { host: acme.hosts[0] ?? '' },
      });
      expect(mail.statusCode).toBe(200);
      const data = mail.json().data as { to: string; text: string; sentAt: string }[];
      expect(data).toHaveLength(2);
      expect(data.every((message) => message.to === 'reader@example.test')).toBe(true);
      // Newest first: the second link replaced the first.
      const links = data.map((message) => /\/app\/password\/reset\/[\w-]{43}/.exec(message.text)?.[0] ?? '');
      const newest = await app.app.inject({
        method: 'GET',
        url: links[0] ?? '',
        headers: { host: acme.hosts[0] ?? '' },
      });
      const oldest = await app.app.inject({
        method: 'GET',
        url: links[1] ?? '',
        headers: { host: acme.hosts[0] ?? '' },
      });
      expect([newest.statusCode, oldest.statusCode]).toEqual([200, 404]);
    } finally {
      await app.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/test/emails?to=a@b.c' })).statusCode).toBe(404);
  });
});
