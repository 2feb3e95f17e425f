import { setActionLevel, setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema, rolesListResponseSchema } from '@kadry/shared/permissions/schemas';
import { LEVELS, type Level, rankLevel } from '@kadry/shared/permissions/vocabulary';
import { BUILT_IN_ROLES, type BuiltInRole } from '@kadry/shared/schemas/auth';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import {
  canSeeObject,
  findLevel,
  getAccess,
  requireAbility,
  scopeWhere,
  stripHiddenFields,
} from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import { requireUser } from '../../plugins/session';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { addTeamMember, type StaffMember, seedStaff, seedTeam } from './permissions-test-support';

// The permission matrix: each built-in role × each level × own / team / other objects, through a
// small set of test-only routes written the way entity modules are meant to use the enforcement API
// (recruiting endpoints do not exist yet). No unauthorised 2xx, hidden objects 404, hidden fields absent.

const things = pgTable('perm_test_things', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  ownerId: integer('owner_id'),
  teamId: integer('team_id'),
  name: text('name').notNull(),
  salary: text('salary'),
  email: text('email'),
  phone: text('phone'),
});
/** Extra owners of a thing (like a vacancy's responsible recruiters). */
const thingOwners = pgTable('perm_test_thing_owners', {
  thingId: integer('thing_id').notNull(),
  userId: integer('user_id').notNull(),
});

type Thing = typeof things.$inferSelect;

function toWire(thing: Thing) {
  return {
    id: thing.id,
    name: thing.name,
    salary: thing.salary,
    email: thing.email,
    phone: thing.phone,
    files: [{ name: 'cv.pdf' }],
    cv: 'cv text',
  };
}

/** Where the rows of a thing relate to users and teams. */
const thingScope = {
  ownerId: things.ownerId,
  teamId: things.teamId,
  ownedBy: (userIds: SQL) =>
    sql`exists (select 1 from perm_test_thing_owners o where o.thing_id = ${things.id} and o.user_id in (${userIds}))`,
};

function registerThingRoutes(app: FastifyInstance, db: () => Db): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.coerce.number().int() });
  const config = { plan: 'ats' as const };

  async function findVisibleThing(request: Parameters<typeof getAccess>[0], id: number, level: Level) {
    const user = requireUser(request);
    const [thing] = await db()
      .select()
      .from(things)
      .where(and(eq(things.id, id), eq(things.companyId, user.companyId)))
      .limit(1);
    if (!thing) return null;
    const owners = await db().select().from(thingOwners).where(eq(thingOwners.thingId, id));
    const access = await getAccess(request);
    const ownership = {
      companyId: thing.companyId,
      ownerId: thing.ownerId,
      ownerIds: owners.map((owner) => owner.userId),
      teamId: thing.teamId,
    };
    return canSeeObject(level, access, ownership) ? thing : null;
  }

  // Lists go through scopeWhere (SQL) …
  routes.get('/api/v1/perm-test/things', { config }, async (request) => {
    const level = await requireAbility(request, 'Candidate', 'view');
    const user = requireUser(request);
    const access = await getAccess(request);
    const rows = await db()
      .select()
      .from(things)
      .where(and(eq(things.companyId, user.companyId), scopeWhere(level, access, thingScope)))
      .orderBy(things.id);
    return { data: rows.map((row) => stripHiddenFields('Candidate', access, toWire(row))) };
  });

  // … single objects through canSeeObject (in memory), so both agree with the same expectations.
  routes.get('/api/v1/perm-test/things/:id', { config, schema: { params } }, async (request) => {
    const level = await findLevel(request, 'Candidate', 'view');
    const thing = await findVisibleThing(request, request.params.id, level);
    if (!thing) throw new AppError('not_found');
    return { data: stripHiddenFields('Candidate', await getAccess(request), toWire(thing)) };
  });

  registerPutRoute(
    routes,
    '/api/v1/perm-test/things/:id',
    { config, schema: { params, body: z.object({ name: z.string().min(1) }) } },
    async (request) => {
      const viewLevel = await findLevel(request, 'Candidate', 'view');
      const thing = await findVisibleThing(request, request.params.id, viewLevel);
      // Hidden from view: indistinguishable from missing. Visible but out of update's reach: 403.
      if (!thing) throw new AppError('not_found');
      const updateLevel = await findLevel(request, 'Candidate', 'update');
      if (!(await findVisibleThing(request, thing.id, updateLevel))) throw new AppError('forbidden');
      const [updated] = await db()
        .update(things)
        .set({ name: request.body.name })
        .where(eq(things.id, thing.id))
        .returning();
      if (!updated) throw new AppError('not_found');
      return { data: stripHiddenFields('Candidate', await getAccess(request), toWire(updated)) };
    },
  );
}

let t: AuthTestApp;
let company: Company;
const me = {} as Record<BuiltInRole, StaffMember>;
let owner: StaffMember;
let roleIds: Record<BuiltInRole, number>;
/** Thing name → id. */
const ids = new Map<string, number>();
/**
 * The narrowest level at which a given user sees each thing; absent = never. Names: own-<role> is
 * owned by that role's user; co-owned-recruiter has the recruiter as an extra owner only.
 */
function minimalLevel(role: BuiltInRole, name: string): Level | null {
  if (name === `own-${role}`) return 'only_my';
  if (name === 'co-owned-recruiter') return role === 'recruiter' ? 'only_my' : 'only_my_and_my_team';
  if (name.startsWith('own-') || name === 'by-team' || name === 'by-teammate') return 'only_my_and_my_team';
  if (name === 'other' || name === 'unowned') return 'to_all';
  return null; // foreign: another company's, never visible
}

beforeAll(async () => {
  let database: Db | undefined;
  const db = () => {
    if (!database) throw new Error('database not ready');
    return database;
  };
  t = await createAuthTestApp({ beforeReady: (app) => registerThingRoutes(app, db) });
  database = t.database.db;
  await t.database.db.execute(sql`create table perm_test_things (
    id integer primary key generated always as identity, company_id integer not null, owner_id integer,
    team_id integer, name text not null, salary text, email text, phone text)`);
  await t.database.db.execute(
    sql`create table perm_test_thing_owners (thing_id integer not null, user_id integer not null)`,
  );

  company = await seedCompany(t.database.db, { tariffs: ['hrm', 'ats'] });
  const foreignCompany = await seedCompany(t.database.db, { tariffs: ['hrm', 'ats'] });
  const team = await seedTeam(t.database.db, company.id, 'Engineering');
  const otherTeam = await seedTeam(t.database.db, company.id, 'Sales');
  for (const role of BUILT_IN_ROLES) {
    me[role] = await seedStaff(t, company, role);
    await addTeamMember(t.database.db, { companyId: company.id, teamId: team, userId: me[role].user.id });
  }
  // The owner role gets edited below; a second owner keeps the roles API in hand either way.
  owner = await seedStaff(t, company, 'owner');
  const teammate = await seedStaff(t, company, 'employee');
  const stranger = await seedStaff(t, company, 'employee');
  await addTeamMember(t.database.db, { companyId: company.id, teamId: team, userId: teammate.user.id });
  await addTeamMember(t.database.db, { companyId: company.id, teamId: otherTeam, userId: stranger.user.id });

  const secret = { salary: '$9,000', email: 'x@example.test', phone: '+380501234567' };
  const rows: (typeof things.$inferInsert)[] = [
    ...BUILT_IN_ROLES.map((role) => ({
      companyId: company.id,
      ownerId: me[role].user.id,
      name: `own-${role}`,
    })),
    { companyId: company.id, ownerId: null, name: 'co-owned-recruiter' },
    { companyId: company.id, ownerId: stranger.user.id, teamId: team, name: 'by-team' },
    { companyId: company.id, ownerId: teammate.user.id, name: 'by-teammate' },
    { companyId: company.id, ownerId: stranger.user.id, teamId: otherTeam, name: 'other' },
    { companyId: company.id, name: 'unowned' },
    // Another company's row that even claims our owner and team: never visible here.
    { companyId: foreignCompany.id, ownerId: me.owner.user.id, teamId: team, name: 'foreign' },
  ];
  const inserted = await t.database.db
    .insert(things)
    .values(rows.map((row) => ({ ...row, ...secret })))
    .returning();
  for (const row of inserted) ids.set(row.name, row.id);
  await t.database.db
    .insert(thingOwners)
    .values({ thingId: ids.get('co-owned-recruiter') ?? 0, userId: me.recruiter.user.id });

  const list = await t.app.inject({ method: 'GET', url: '/api/v1/roles', headers: owner.headers });
  roleIds = Object.fromEntries(
    rolesListResponseSchema.parse(list.json()).data.map((role) => [role.key, role.id]),
  ) as Record<BuiltInRole, number>;
});

afterAll(async () => {
  await t?.close();
});

const FIELD_OF_KEY = {
  salary: 'field_salary',
  email: 'field_email',
  phone: 'field_phone',
  files: 'field_files',
  cv: 'field_files',
};

async function candidateFieldsOf(role: BuiltInRole): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/roles/${roleIds[role]}`,
    headers: owner.headers,
  });
  return roleResponseSchema.parse(response.json()).data.permissions.Candidate.fields_view;
}

function expectFieldsFollowRole(item: Record<string, unknown>, fields: readonly string[]) {
  for (const [key, field] of Object.entries(FIELD_OF_KEY)) {
    expect(Object.hasOwn(item, key), `${key} with ${fields.join(',') || 'no fields'}`).toBe(
      fields.includes(field),
    );
  }
  expect(item).toHaveProperty('name');
}

function expectedNames(role: BuiltInRole, level: Level): string[] {
  return [...ids.keys()]
    .filter((name) => {
      const minimal = minimalLevel(role, name);
      return minimal !== null && level !== 'not_visible' && rankLevel(level) >= rankLevel(minimal);
    })
    .sort();
}

async function expectMatrixRow(role: BuiltInRole, level: Level, fields: readonly string[]) {
  const { headers } = me[role];
  const where = `${role} at ${level}`;
  const list = await t.app.inject({ method: 'GET', url: '/api/v1/perm-test/things', headers });
  const expected = expectedNames(role, level);
  if (level === 'not_visible') {
    expect(list.statusCode, where).toBe(403);
  } else {
    expect(list.statusCode, where).toBe(200);
    const items = (list.json() as { data: Record<string, unknown>[] }).data;
    expect(items.map((item) => item.name).sort(), where).toEqual(expected);
    for (const item of items) expectFieldsFollowRole(item, fields);
  }

  for (const [name, id] of ids) {
    const isVisible = expected.includes(name);
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/perm-test/things/${id}`, headers });
    expect(one.statusCode, `${where}: GET ${name}`).toBe(isVisible ? 200 : 404);
    if (isVisible) expectFieldsFollowRole((one.json() as { data: Record<string, unknown> }).data, fields);

    const update = await t.app.inject({
      method: 'POST',
      url: `/api/v1/perm-test/things/${id}`,
      headers,
      payload: { _method: 'PUT', name },
    });
    expect(update.statusCode, `${where}: update ${name}`).toBe(isVisible ? 200 : 404);
  }
}

async function setCandidateSettings(
  role: BuiltInRole,
  visibilitySettings: unknown,
  fields: readonly string[],
) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/roles/${roleIds[role]}`,
    headers: owner.headers,
    payload: { permissions: { Candidate: { visibilitySettings, fields_view: fields } } },
  });
  expect(response.statusCode).toBe(200);
}

describe('the permission matrix', () => {
  it('with the built-in defaults: owner and HR see all, recruiter and manager their team, employee nothing', async () => {
    const defaults: Record<BuiltInRole, Level> = {
      owner: 'to_all',
      hr: 'to_all',
      recruiter: 'only_my_and_my_team',
      manager: 'only_my_and_my_team',
      employee: 'not_visible',
    };
    for (const role of BUILT_IN_ROLES) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/perm-test/things',
        headers: me[role].headers,
      });
      if (defaults[role] === 'not_visible') {
        expect(list.statusCode, role).toBe(403);
        continue;
      }
      const names = (list.json() as { data: { name: string }[] }).data.map((item) => item.name).sort();
      expect(names, role).toEqual(expectedNames(role, defaults[role]));
    }
    // A manager sees their team's candidates but may not change them.
    const teamThing = ids.get('by-team');
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/perm-test/things/${teamThing}`,
      headers: me.manager.headers,
      payload: { name: 'renamed' },
    });
    expect(update.statusCode).toBe(403);
  });

  for (const role of BUILT_IN_ROLES) {
    it(`${role} × every level × own / team / other objects`, async () => {
      const fields = await candidateFieldsOf(role);
      for (const level of LEVELS) {
        await setCandidateSettings(role, setAllLevel(level), fields);
        await expectMatrixRow(role, level, fields);
      }
    });
  }

  it('hides every governed field from a role without field permissions, and shows them once granted', async () => {
    await setCandidateSettings('employee', setAllLevel('to_all'), []);
    const hidden = await t.app.inject({
      method: 'GET',
      url: '/api/v1/perm-test/things',
      headers: me.employee.headers,
    });
    for (const item of (hidden.json() as { data: Record<string, unknown>[] }).data) {
      expect(Object.keys(item).sort()).toEqual(['id', 'name']);
    }
    await setCandidateSettings('employee', setAllLevel('to_all'), ['field_email', 'field_files']);
    const shown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/perm-test/things',
      headers: me.employee.headers,
    });
    for (const item of (shown.json() as { data: Record<string, unknown>[] }).data) {
      expect(Object.keys(item).sort()).toEqual(['cv', 'email', 'files', 'id', 'name']);
    }
  });

  it('refuses an update out of reach with 403 when the object is visible, 404 when it is not', async () => {
    const settings = setActionLevel(setActionLevel(null, 'view', 'only_my_and_my_team'), 'update', 'only_my');
    await setCandidateSettings('hr', settings, []);
    const send = (name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/perm-test/things/${ids.get(name)}`,
        headers: me.hr.headers,
        payload: { name },
      });
    expect((await send('own-hr')).statusCode).toBe(200);
    expect((await send('by-team')).statusCode).toBe(403);
    expect((await send('other')).statusCode).toBe(404);
    expect((await send('foreign')).statusCode).toBe(404);
  });
});
