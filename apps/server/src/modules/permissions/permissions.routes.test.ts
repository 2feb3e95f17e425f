import { setActionLevel, setAllLevel } from '@kadry/shared/permissions/permission-state';
import {
  permissionsResponseSchema,
  roleResponseSchema,
  rolesListResponseSchema,
  type UserPermissions,
} from '@kadry/shared/permissions/schemas';
import { ENTITIES } from '@kadry/shared/permissions/vocabulary';
import { BUILT_IN_ROLES, type BuiltInRole } from '@kadry/shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { type StaffHeaders, type StaffMember, seedStaff } from './permissions-test-support';

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
const staff = {} as Record<BuiltInRole, StaffMember>;
let stranger: StaffMember;

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db, { tariffs: ['hrm', 'ats'] });
  otherCompany = await seedCompany(t.database.db, { tariffs: ['hrm'] });
  for (const role of BUILT_IN_ROLES) staff[role] = await seedStaff(t, company, role);
  stranger = await seedStaff(t, otherCompany, 'owner');
});

afterAll(async () => {
  await t?.close();
});

async function fetchPermissions(headers: StaffHeaders): Promise<UserPermissions> {
  const response = await t.app.inject({ method: 'GET', url: '/vue-global/permissions', headers });
  expect(response.statusCode).toBe(200);
  return permissionsResponseSchema.strict().parse(response.json()).data;
}

async function fetchRoleIds(): Promise<Record<BuiltInRole, number>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/roles', headers: staff.owner.headers });
  const { data } = rolesListResponseSchema.parse(response.json());
  return Object.fromEntries(data.map((role) => [role.key, role.id])) as Record<BuiltInRole, number>;
}

async function readPageDataRolesUpdatedAt(headers: StaffHeaders): Promise<string | null> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/app',
    headers: { cookie: headers.cookie, host: headers.host },
  });
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(response.body)?.[1];
  return (JSON.parse(json ?? '{}') as { settings: { rolesUpdatedAt: string | null } }).settings
    .rolesUpdatedAt;
}

describe('GET /vue-global/permissions', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/vue-global/permissions',
      headers: { host: company.hosts[0] },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers every entity of the vocabulary, for every built-in role', async () => {
    for (const role of BUILT_IN_ROLES) {
      const data = await fetchPermissions(staff[role].headers);
      expect(data.role.key).toBe(role);
      expect(Object.keys(data.permissions).sort()).toEqual([...ENTITIES].sort());
    }
  });

  it('gives the owner to_all on everything, with every action and field', async () => {
    const { permissions } = await fetchPermissions(staff.owner.headers);
    for (const entity of ENTITIES)
      expect(permissions[entity].visibilitySettings).toEqual(setAllLevel('to_all'));
    expect(permissions.Employee.actions).toContain('login_as');
    expect(permissions.Candidate.fields_view).toEqual(
      expect.arrayContaining(['field_salary', 'field_email']),
    );
  });

  it('gives HR people and recruiting to all, but neither payroll, settings nor signing in as others', async () => {
    const { permissions } = await fetchPermissions(staff.hr.headers);
    expect(permissions.Employee.visibilitySettings).toEqual(setAllLevel('to_all'));
    expect(permissions.Candidate.visibilitySettings).toEqual(setAllLevel('to_all'));
    expect(permissions['Vacancy.Stage'].visibilitySettings).toEqual(setAllLevel('to_all'));
    expect(permissions.Employee.actions).not.toContain('login_as');
    expect(permissions.Payroll.visibilitySettings).toBeNull();
    expect(permissions.Settings.visibilitySettings).toBeNull();
  });

  it("gives a recruiter their own and their team's vacancies and candidates, and no payroll", async () => {
    const { permissions } = await fetchPermissions(staff.recruiter.headers);
    expect(permissions.Vacancy.visibilitySettings).toEqual(setAllLevel('only_my_and_my_team'));
    expect(permissions.Candidate.visibilitySettings).toEqual(setAllLevel('only_my_and_my_team'));
    expect(permissions.Candidate.actions).not.toContain('export_database');
    expect(permissions.Payroll).toEqual({ visibilitySettings: null, actions: [], fields_view: [] });
    expect(permissions.Employee.visibilitySettings?.view).toBe('only_my');
  });

  it("gives a manager a view of their team's people and vacancies, and nothing more on them", async () => {
    const { permissions } = await fetchPermissions(staff.manager.headers);
    expect(permissions.Employee.visibilitySettings).toMatchObject({
      view: 'only_my_and_my_team',
      create: 'not_visible',
      delete: 'not_visible',
      all: null,
    });
    expect(permissions.Vacancy.visibilitySettings).toMatchObject({
      view: 'only_my_and_my_team',
      update: 'not_visible',
    });
    expect(permissions.Employee.fields_view).not.toContain('field_salary');
  });

  it('gives an employee their own profile only', async () => {
    const { permissions } = await fetchPermissions(staff.employee.headers);
    expect(permissions.Profile.visibilitySettings).toMatchObject({ view: 'only_my', update: 'only_my' });
    expect(permissions.Employee.visibilitySettings).toMatchObject({ view: 'only_my', update: 'not_visible' });
    expect(permissions.Candidate.visibilitySettings).toBeNull();
    expect(permissions.Vacancy.visibilitySettings).toBeNull();
    const visibleAnywhere = ENTITIES.filter((entity) =>
      ['only_my_and_my_team', 'to_all'].includes(permissions[entity].visibilitySettings?.view ?? ''),
    );
    expect(visibleAnywhere).toEqual(['Dictionaries']);
  });

  it("answers entities outside the company's plan as all-off, even for the owner", async () => {
    const { permissions } = await fetchPermissions(stranger.headers);
    expect(permissions.Candidate).toEqual({ visibilitySettings: null, actions: [], fields_view: [] });
    expect(permissions['Vacancy.CareerSite'].visibilitySettings).toBeNull();
    expect(permissions.Employee.visibilitySettings).toEqual(setAllLevel('to_all'));
  });

  it('carries the same rolesUpdatedAt as the page data', async () => {
    const data = await fetchPermissions(staff.hr.headers);
    expect(data.rolesUpdatedAt).not.toBeNull();
    expect(data.rolesUpdatedAt).toBe(await readPageDataRolesUpdatedAt(staff.hr.headers));
  });
});

describe('the roles API', () => {
  it('lists the built-in roles in their usual order to the owner', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/roles',
      headers: staff.owner.headers,
    });
    expect(response.statusCode).toBe(200);
    const { data } = rolesListResponseSchema.strict().parse(response.json());
    expect(data.map((role) => role.key)).toEqual([...BUILT_IN_ROLES]);
  });

  it('refuses every other role with 403, reading and writing', async () => {
    const ids = await fetchRoleIds();
    for (const role of ['hr', 'recruiter', 'manager', 'employee'] as const) {
      const { headers } = staff[role];
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/roles', headers });
      const one = await t.app.inject({ method: 'GET', url: `/api/v1/roles/${ids[role]}`, headers });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/roles/${ids[role]}`,
        headers,
        payload: { permissions: { Payroll: { visibilitySettings: setAllLevel('to_all') } } },
      });
      expect([list.statusCode, one.statusCode, put.statusCode]).toEqual([403, 403, 403]);
    }
    // Nobody gave themselves payroll on the way.
    expect(
      (await fetchPermissions(staff.recruiter.headers)).permissions.Payroll.visibilitySettings,
    ).toBeNull();
  });

  it("answers 404 for another company's role and for ids that are not ids", async () => {
    const ids = await fetchRoleIds();
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/roles', headers: stranger.headers });
    const theirRoleId = rolesListResponseSchema.parse(theirs.json()).data[0]?.id;
    expect(theirRoleId).toBeDefined();
    expect(Object.values(ids)).not.toContain(theirRoleId);
    for (const url of [
      `/api/v1/roles/${theirRoleId}`,
      '/api/v1/roles/abc',
      '/api/v1/roles/0',
      '/api/v1/roles/99999999999',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: staff.owner.headers });
      expect(response.statusCode, url).toBe(404);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/roles/${theirRoleId}`,
      headers: staff.owner.headers,
      payload: { name: 'Mine now' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('lets the owner edit a role: the edited entity changes, the others keep theirs, rolesUpdatedAt moves on', async () => {
    const ids = await fetchRoleIds();
    const before = await fetchPermissions(staff.recruiter.headers);
    const pageBefore = await readPageDataRolesUpdatedAt(staff.recruiter.headers);

    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/roles/${ids.recruiter}`,
      headers: staff.owner.headers,
      payload: {
        name: 'Talent partner',
        permissions: {
          Payroll: {
            visibilitySettings: setActionLevel(null, 'view', 'only_my'),
            actions: ['config'],
            fields_view: [],
          },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const role = roleResponseSchema.strict().parse(response.json()).data;
    expect(role.name).toBe('Talent partner');
    expect(role.permissions.Payroll).toEqual({
      visibilitySettings: setActionLevel(null, 'view', 'only_my'),
      actions: ['config'],
      fields_view: [],
    });

    const after = await fetchPermissions(staff.recruiter.headers);
    expect(after.role.name).toBe('Talent partner');
    expect(after.permissions.Payroll.visibilitySettings?.view).toBe('only_my');
    expect(after.permissions.Candidate).toEqual(before.permissions.Candidate);
    expect(after.permissions.Vacancy).toEqual(before.permissions.Vacancy);

    expect(after.rolesUpdatedAt).not.toBeNull();
    expect(Date.parse(after.rolesUpdatedAt ?? '')).toBeGreaterThan(Date.parse(before.rolesUpdatedAt ?? ''));
    const pageAfter = await readPageDataRolesUpdatedAt(staff.employee.headers);
    expect(pageAfter).toBe(after.rolesUpdatedAt);
    expect(pageAfter).not.toBe(pageBefore);
  });

  it('moves rolesUpdatedAt on with every edit, however quick', async () => {
    const ids = await fetchRoleIds();
    const seen = new Set<string | null>();
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/roles/${ids.employee}`,
        headers: staff.owner.headers,
        payload: { name: `Employee ${i}` },
      });
      seen.add((await fetchPermissions(staff.employee.headers)).rolesUpdatedAt);
    }
    expect(seen.size).toBe(3);
  });

  it('keeps all only when every single action has its level', async () => {
    const ids = await fetchRoleIds();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/roles/${ids.manager}`,
      headers: staff.owner.headers,
      payload: {
        permissions: { Survey: { visibilitySettings: { ...setAllLevel('to_all'), delete: 'only_my' } } },
      },
    });
    expect(response.statusCode).toBe(200);
    const role = roleResponseSchema.parse(response.json()).data;
    expect(role.permissions.Survey.visibilitySettings).toEqual({
      ...setAllLevel('to_all'),
      delete: 'only_my',
      all: null,
    });
  });

  it('answers 422 for an unknown entity, a foreign named action or a level outside the vocabulary', async () => {
    const ids = await fetchRoleIds();
    for (const permissions of [
      { Spaceship: { visibilitySettings: null } },
      { Candidate: { visibilitySettings: null, actions: ['approve_vacation'] } },
      { Candidate: { visibilitySettings: { ...setAllLevel('to_all'), view: 'everyone' } } },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/roles/${ids.hr}`,
        headers: staff.owner.headers,
        payload: { permissions },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toHaveProperty('errors');
    }
  });

  it('takes an update as POST with _method=PUT, and a POST without it is no route', async () => {
    const ids = await fetchRoleIds();
    const override = await t.app.inject({
      method: 'POST',
      url: `/api/v1/roles/${ids.hr}`,
      headers: staff.owner.headers,
      payload: { _method: 'PUT', name: 'People team' },
    });
    expect(override.statusCode).toBe(200);
    expect(roleResponseSchema.parse(override.json()).data.name).toBe('People team');

    const plainPost = await t.app.inject({
      method: 'POST',
      url: `/api/v1/roles/${ids.hr}`,
      headers: staff.owner.headers,
      payload: { name: 'Nope' },
    });
    expect(plainPost.statusCode).toBe(404);
    expect((await fetchPermissions(staff.hr.headers)).role.name).toBe('People team');
  });

  it('answers 419 to role edits without the session’s CSRF token, as PUT and as POST', async () => {
    const ids = await fetchRoleIds();
    const { cookie, host } = staff.owner.headers;
    const tokens = {
      missing: undefined,
      wrong: 'x'.repeat(43),
      otherSession: staff.hr.headers['x-csrf-token'],
    };
    for (const [name, token] of Object.entries(tokens)) {
      const headers = { cookie, host, ...(token ? { 'x-csrf-token': token } : {}) };
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/roles/${ids.employee}`,
        headers,
        payload: { name: 'Forged' },
      });
      const post = await t.app.inject({
        method: 'POST',
        url: `/api/v1/roles/${ids.employee}`,
        headers,
        payload: { _method: 'PUT', name: 'Forged' },
      });
      expect([put.statusCode, post.statusCode], name).toEqual([419, 419]);
    }
    expect((await fetchPermissions(staff.employee.headers)).role.name).not.toBe('Forged');
  });
});

describe('the OpenAPI document', () => {
  it('describes the permissions and roles routes, the role update with its body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(Object.keys(doc.paths['/vue-global/permissions'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/v1/roles'] ?? {})).toContain('get');
    expect(doc.paths['/api/v1/roles/{id}']?.put?.requestBody).toBeDefined();
  });
});
