import { getCatalog } from '@kadry/shared/i18n/translate';
import { setActionLevel, setAllLevel } from '@kadry/shared/permissions/permission-state';
import { permissionsResponseSchema, type Role, roleResponseSchema } from '@kadry/shared/permissions/schemas';
import { ENTITIES } from '@kadry/shared/permissions/vocabulary';
import { rolesWithUsageResponseSchema } from '@kadry/shared/schemas/admin';
import { BUILT_IN_ROLES, type BuiltInRole } from '@kadry/shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { createRandomToken } from '../../lib/tokens';
import { type AuthTestApp, agentFor, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, type StaffMethod, seedStaff } from './permissions-test-support';

// Roles a company adds (owners only): created empty or as a copy of any role's effective
// permissions, names unique in the company, deleted only when nobody has them; every change moves
// rolesUpdatedAt on. Editing roles is in permissions.routes.test.ts.

const en = getCatalog('en');

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
const staff = {} as Record<BuiltInRole, StaffMember>;
let stranger: StaffMember;
let roleIds: Record<BuiltInRole, number>;

type Method = StaffMethod;
function call(who: StaffMember, method: Method, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

async function listRoles(who: StaffMember = staff.owner) {
  const response = await call(who, 'GET', '/api/v1/roles');
  expect(response.statusCode).toBe(200);
  return rolesWithUsageResponseSchema.strict().parse(response.json()).data;
}

async function createRole(body: Record<string, unknown>): Promise<Role> {
  const response = await call(staff.owner, 'POST', '/api/v1/roles', body);
  expect(response.statusCode, response.body).toBe(201);
  return roleResponseSchema.strict().parse(response.json()).data;
}

async function readRolesUpdatedAt(): Promise<number> {
  const response = await call(staff.owner, 'GET', '/vue-global/permissions');
  return Date.parse(permissionsResponseSchema.parse(response.json()).data.rolesUpdatedAt ?? '');
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  otherCompany = await seedCompany(t.database.db);
  for (const role of BUILT_IN_ROLES) staff[role] = await seedStaff(t, company, role);
  stranger = await seedStaff(t, otherCompany, 'owner');
  roleIds = Object.fromEntries((await listRoles()).map((role) => [role.key, role.id])) as Record<
    BuiltInRole,
    number
  >;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/roles', () => {
  it('answers how many accounts have each role', async () => {
    const extra = await seedStaff(t, company, 'recruiter');
    const roles = await listRoles();
    const counts = Object.fromEntries(roles.map((role) => [role.key, role.users_count]));
    expect(counts).toMatchObject({ owner: 1, hr: 1, recruiter: 2, manager: 1, employee: 1 });
    expect(extra.user.roleId).toBe(roleIds.recruiter);
  });
});

describe('adding a role', () => {
  it('is for owners only: 401 for an ended session, 403 for every other role before the body is read', async () => {
    const ended = agentFor(createRandomToken(16));
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/roles',
      headers: { ...ended.headers, host: company.hosts[0] ?? '' },
      payload: { name: 'Nope' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['hr', 'recruiter', 'manager', 'employee'] as const) {
      const invalid = await call(staff[role], 'POST', '/api/v1/roles', { name: '' });
      const valid = await call(staff[role], 'POST', '/api/v1/roles', { name: `By ${role}` });
      const remove = await call(staff[role], 'DELETE', `/api/v1/roles/${roleIds.employee}`);
      expect([invalid.statusCode, valid.statusCode, remove.statusCode], role).toEqual([403, 403, 403]);
    }
    expect((await listRoles()).map((role) => role.name)).not.toContain('By hr');
  });

  it('starts with no permissions at all without a role to copy, and moves rolesUpdatedAt on', async () => {
    const before = await readRolesUpdatedAt();
    const role = await createRole({ name: '  Intern  ' });
    expect(role).toMatchObject({ name: 'Intern', key: null });
    for (const entity of ENTITIES) {
      expect(role.permissions[entity], entity).toEqual({
        visibilitySettings: null,
        actions: [],
        fields_view: [],
      });
    }
    expect(await readRolesUpdatedAt()).toBeGreaterThan(before);
    const listed = (await listRoles()).find((entry) => entry.id === role.id);
    expect(listed).toMatchObject({ name: 'Intern', key: null, users_count: 0 });
  });

  it("copies the effective permissions of a built-in role, which later edits of the source don't touch", async () => {
    const recruiter = roleResponseSchema.parse(
      (await call(staff.owner, 'GET', `/api/v1/roles/${roleIds.recruiter}`)).json(),
    ).data;
    const copy = await createRole({ name: 'Senior recruiter', copy_from_role_id: roleIds.recruiter });
    expect(copy.permissions).toEqual(recruiter.permissions);

    const edit = await call(staff.owner, 'PUT', `/api/v1/roles/${roleIds.recruiter}`, {
      permissions: { Payroll: { visibilitySettings: setAllLevel('to_all') } },
    });
    expect(edit.statusCode).toBe(200);
    const again = roleResponseSchema.parse(
      (await call(staff.owner, 'GET', `/api/v1/roles/${copy.id}`)).json(),
    ).data;
    expect(again.permissions.Payroll.visibilitySettings).toBeNull();
    expect(again.permissions.Candidate).toEqual(recruiter.permissions.Candidate);

    // Someone given the copy gets exactly those permissions.
    const member = await seedStaff(t, company, 'employee');
    const assign = await call(staff.owner, 'PUT', `/api/v1/admin/users/${member.user.id}`, {
      role_id: copy.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const theirs = permissionsResponseSchema.parse(
      (await call(member, 'GET', '/vue-global/permissions')).json(),
    ).data;
    expect(theirs.role).toEqual({ id: copy.id, key: null, name: 'Senior recruiter' });
    expect(theirs.permissions.Candidate).toEqual(recruiter.permissions.Candidate);
  });

  it('copies a company role as it was edited', async () => {
    const source = await createRole({ name: 'Source' });
    const edited = await call(staff.owner, 'PUT', `/api/v1/roles/${source.id}`, {
      permissions: {
        OKR: { visibilitySettings: setActionLevel(null, 'view', 'only_my'), actions: ['export'] },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const copy = await createRole({ name: 'Copy of source', copy_from_role_id: source.id });
    expect(copy.permissions.OKR).toEqual(roleResponseSchema.parse(edited.json()).data.permissions.OKR);
    expect(copy.permissions.OKR.actions).toEqual(['export']);
  });

  it('refuses a name the company already has, whatever its case, and a role to copy it does not have', async () => {
    for (const name of ['OWNER', 'intern']) {
      const response = await call(staff.owner, 'POST', '/api/v1/roles', { name });
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toEqual({
        message: en['admin.roles.name_taken'],
        errors: { name: [en['admin.roles.name_taken']] },
      });
    }
    const theirs = rolesWithUsageResponseSchema.parse((await call(stranger, 'GET', '/api/v1/roles')).json())
      .data[0];
    const foreign = await call(staff.owner, 'POST', '/api/v1/roles', {
      name: 'Spy',
      copy_from_role_id: theirs?.id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['copy_from_role_id']);
    const empty = await call(staff.owner, 'POST', '/api/v1/roles', { name: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['name']);
    // Another company may use the same names.
    expect((await call(stranger, 'POST', '/api/v1/roles', { name: 'Intern' })).statusCode).toBe(201);
  });

  it('keeps names unique when renaming too, but lets a role change the case of its own name', async () => {
    const role = await createRole({ name: 'Renamable' });
    const clash = await call(staff.owner, 'PUT', `/api/v1/roles/${role.id}`, { name: 'hr' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ name: [en['admin.roles.name_taken']] });
    const recase = await call(staff.owner, 'PUT', `/api/v1/roles/${role.id}`, { name: 'RENAMABLE' });
    expect(recase.statusCode).toBe(200);
    expect(roleResponseSchema.parse(recase.json()).data.name).toBe('RENAMABLE');
  });
});

describe('deleting a role', () => {
  it('refuses built-in roles with 422', async () => {
    for (const key of BUILT_IN_ROLES) {
      const response = await call(staff.owner, 'DELETE', `/api/v1/roles/${roleIds[key]}`);
      expect(response.statusCode, key).toBe(422);
      expect(response.json().message).toBe(en['admin.roles.built_in_delete']);
    }
  });

  it('refuses a role someone has with 409 saying how many, disabled accounts included', async () => {
    const role = await createRole({ name: 'Held' });
    const member = await seedStaff(t, company, 'employee');
    await call(staff.owner, 'PUT', `/api/v1/admin/users/${member.user.id}`, { role_id: role.id });
    const one = await call(staff.owner, 'DELETE', `/api/v1/roles/${role.id}`);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(en['admin.roles.in_use_one']?.replace('{count}', '1'));

    const second = await seedStaff(t, company, 'employee');
    await call(staff.owner, 'PUT', `/api/v1/admin/users/${second.user.id}`, {
      role_id: role.id,
      is_disabled: true,
    });
    const two = await call(staff.owner, 'DELETE', `/api/v1/roles/${role.id}`);
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe(en['admin.roles.in_use_other']?.replace('{count}', '2'));
    expect((await listRoles()).find((entry) => entry.id === role.id)?.users_count).toBe(2);
  });

  it('deletes a role nobody has, and rolesUpdatedAt still moves on though that role was the latest change', async () => {
    const role = await createRole({ name: 'Short-lived' });
    const before = await readRolesUpdatedAt();
    const response = await call(staff.owner, 'DELETE', `/api/v1/roles/${role.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call(staff.owner, 'GET', `/api/v1/roles/${role.id}`)).statusCode).toBe(404);
    expect((await listRoles()).map((entry) => entry.id)).not.toContain(role.id);
    expect(await readRolesUpdatedAt()).toBeGreaterThan(before);
  });

  it("answers 404 for another company's role", async () => {
    const theirs = await call(stranger, 'POST', '/api/v1/roles', { name: 'Theirs only' });
    const id = roleResponseSchema.parse(theirs.json()).data.id;
    expect((await call(staff.owner, 'DELETE', `/api/v1/roles/${id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/v1/roles/${id}`)).statusCode).toBe(200);
  });
});
