import { getCatalog } from '@kadry/shared/i18n/translate';
import type { VisibilitySettings } from '@kadry/shared/permissions/permission-state';
import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { permissionsResponseSchema, roleResponseSchema } from '@kadry/shared/permissions/schemas';
import {
  teamPeopleResponseSchema,
  teamResponseSchema,
  teamsResponseSchema,
} from '@kadry/shared/schemas/admin';
import { appPageDataSchema } from '@kadry/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedVacancy } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { vacancies, vacancyRecruiters } from '../../db/schema/vacancies';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// Teams through app.inject under the Teams permission: each level × the team's manager, a member and
// an outsider, for list, get, rename, members and delete; out of view 404, in view but not
// permitted 403. Also names, members, rolesUpdatedAt, vacancies of a deleted team, teamAccess.

const en = getCatalog('en');
const LEVELS = ['to_all', 'only_my_and_my_team', 'only_my'] as const;
const POSITIONS = ['manager', 'member', 'outsider'] as const;
type ReachLevel = (typeof LEVELS)[number];
type Position = (typeof POSITIONS)[number];

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let owner: StaffMember;
let stranger: StaffMember;
/** By Teams level (every action at it), the manager, a member and an outsider of each test's team. */
const people = {} as Record<ReachLevel, Record<Position, StaffMember>>;
/** A role without any Teams settings. */
let noTeams: StaffMember;
/** Sees the teams they belong to; may rename / edit members only of teams they manage; never delete. */
let mixedManager: StaffMember;
let mixedMember: StaffMember;

type Method = StaffMethod;
function call(who: StaffMember, method: Method, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

async function createRoleWithTeams(name: string, settings: VisibilitySettings | null): Promise<number> {
  const created = await call(owner, 'POST', '/api/v1/roles', { name });
  const id = roleResponseSchema.parse(created.json()).data.id;
  const edited = await call(owner, 'PUT', `/api/v1/roles/${id}`, {
    permissions: { Teams: { visibilitySettings: settings } },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  return id;
}

async function seedWithRole(roleId: number): Promise<StaffMember> {
  const member = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  return member;
}

let teamCounter = 0;
/** A fresh team of `level`'s manager and member. */
async function seedLevelTeam(level: ReachLevel): Promise<number> {
  teamCounter += 1;
  const db = t.database.db;
  const id = await seedTeam(db, company.id, `Matrix team ${teamCounter}`);
  await addTeamMember(db, {
    companyId: company.id,
    teamId: id,
    userId: people[level].manager.user.id,
    isManager: true,
  });
  await addTeamMember(db, { companyId: company.id, teamId: id, userId: people[level].member.user.id });
  return id;
}

function reaches(level: ReachLevel, position: Position): boolean {
  return (
    level === 'to_all' || position === 'manager' || (level === 'only_my_and_my_team' && position === 'member')
  );
}

async function readTeamName(id: number): Promise<string | undefined> {
  const [row] = await t.database.db.select({ name: teams.name }).from(teams).where(eq(teams.id, id));
  return row?.name;
}

async function readTeamAccess(who: StaffMember): Promise<boolean> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/app',
    headers: { cookie: who.headers.cookie, host: who.headers.host },
  });
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(response.body)?.[1];
  return appPageDataSchema.parse(JSON.parse(json ?? '{}')).settings.teamAccess;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  otherCompany = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  stranger = await seedStaff(t, otherCompany, 'owner');
  for (const level of LEVELS) {
    const roleId = await createRoleWithTeams(`Teams ${level}`, setAllLevel(level));
    people[level] = {
      manager: await seedWithRole(roleId),
      member: await seedWithRole(roleId),
      outsider: await seedWithRole(roleId),
    };
  }
  noTeams = await seedWithRole(await createRoleWithTeams('No teams', null));
  const mixedRole = await createRoleWithTeams('Team leads', {
    view: 'only_my_and_my_team',
    update: 'only_my',
    create: 'not_visible',
    delete: 'not_visible',
    all: null,
  });
  mixedManager = await seedWithRole(mixedRole);
  mixedMember = await seedWithRole(mixedRole);
});

afterAll(async () => {
  await t?.close();
});

describe('the Teams permission matrix', () => {
  for (const level of LEVELS) {
    for (const position of POSITIONS) {
      const visible = reaches(level, position);
      it(`${level} × ${position}: ${visible ? 'sees and changes the team' : 'the team is not there (404)'}`, async () => {
        const who = people[level][position];
        const teamId = await seedLevelTeam(level);
        const url = `/api/v1/org/teams/${teamId}`;
        const members = [
          { employee_id: people[level].manager.user.employeeId, is_manager: true },
          { employee_id: people[level].member.user.employeeId, is_manager: false },
        ];

        const list = teamsResponseSchema.strict().parse((await call(who, 'GET', '/api/v1/org/teams')).json());
        const listed = list.data.find((team) => team.id === teamId);
        expect(Boolean(listed), 'list').toBe(visible);
        if (listed) expect(listed.is_member).toBe(position !== 'outsider');

        const expected = (ok: number) => (visible ? ok : 404);
        expect((await call(who, 'GET', url)).statusCode, 'get').toBe(expected(200));
        const rename = await call(who, 'PUT', url, { name: `Renamed ${teamId}` });
        expect(rename.statusCode, 'rename').toBe(expected(200));
        const replace = await call(who, 'PUT', `${url}/members`, { members });
        expect(replace.statusCode, 'members').toBe(expected(200));
        expect(await readTeamName(teamId)).toBe(visible ? `Renamed ${teamId}` : `Matrix team ${teamCounter}`);

        const remove = await call(who, 'DELETE', url);
        expect(remove.statusCode, 'delete').toBe(expected(204));
        expect(await readTeamName(teamId)).toBe(visible ? undefined : `Matrix team ${teamCounter}`);
      });
    }
  }

  it('answers 403 to a role without Teams settings for the list and for adding, and hides every team', async () => {
    const teamId = await seedLevelTeam('to_all');
    expect((await call(noTeams, 'GET', '/api/v1/org/teams')).statusCode).toBe(403);
    // Before validation: a role that may not add learns nothing from a 422.
    expect((await call(noTeams, 'POST', '/api/v1/org/teams', { name: '' })).statusCode).toBe(403);
    expect((await call(noTeams, 'GET', `/api/v1/org/teams/${teamId}`)).statusCode).toBe(404);
    expect((await call(noTeams, 'DELETE', `/api/v1/org/teams/${teamId}`)).statusCode).toBe(404);
  });

  it('answers 403 when the team is in view but the action’s level does not reach it', async () => {
    const db = t.database.db;
    const teamId = await seedTeam(db, company.id, 'Led team');
    await addTeamMember(db, { companyId: company.id, teamId, userId: mixedManager.user.id, isManager: true });
    await addTeamMember(db, { companyId: company.id, teamId, userId: mixedMember.user.id });
    const url = `/api/v1/org/teams/${teamId}`;
    const members = [
      { employee_id: mixedManager.user.employeeId, is_manager: true },
      { employee_id: mixedMember.user.employeeId, is_manager: false },
    ];

    expect((await call(mixedMember, 'GET', url)).statusCode).toBe(200);
    expect((await call(mixedMember, 'PUT', url, { name: 'Taken over' })).statusCode).toBe(403);
    expect((await call(mixedMember, 'PUT', `${url}/members`, { members: [] })).statusCode).toBe(403);
    expect((await call(mixedMember, 'DELETE', url)).statusCode).toBe(403);

    expect((await call(mixedManager, 'PUT', url, { name: 'Led well' })).statusCode).toBe(200);
    expect((await call(mixedManager, 'PUT', `${url}/members`, { members })).statusCode).toBe(200);
    expect((await call(mixedManager, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(mixedManager, 'POST', '/api/v1/org/teams', { name: 'New' })).statusCode).toBe(403);
    expect(await readTeamName(teamId)).toBe('Led well');
  });

  it('gives the built-in roles their defaults: a recruiter sees their teams, an employee none', async () => {
    const recruiter = await seedStaff(t, company, 'recruiter');
    const employee = await seedStaff(t, company, 'employee');
    const teamId = await seedTeam(t.database.db, company.id, 'Recruiters');
    await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: recruiter.user.id });
    const list = teamsResponseSchema.parse((await call(recruiter, 'GET', '/api/v1/org/teams')).json());
    expect(list.data.map((team) => team.id)).toEqual([teamId]);
    expect((await call(recruiter, 'PUT', `/api/v1/org/teams/${teamId}`, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await call(employee, 'GET', '/api/v1/org/teams')).statusCode).toBe(403);
  });

  it("answers 404 for another company's team, even to its owner, and for ids that are not ids", async () => {
    const theirs = await seedTeam(t.database.db, otherCompany.id, 'Elsewhere');
    for (const url of [`/api/v1/org/teams/${theirs}`, '/api/v1/org/teams/abc', '/api/v1/org/teams/0']) {
      expect((await call(owner, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call(owner, 'DELETE', `/api/v1/org/teams/${theirs}`)).statusCode).toBe(404);
    expect(await readTeamName(theirs)).toBe('Elsewhere');
    const list = teamsResponseSchema.parse((await call(owner, 'GET', '/api/v1/org/teams')).json());
    expect(list.data.map((team) => team.id)).not.toContain(theirs);
    expect((await call(stranger, 'GET', `/api/v1/org/teams/${theirs}`)).statusCode).toBe(200);
  });
});

describe('adding and renaming teams', () => {
  it('adds a team with no members for someone who may add any', async () => {
    const response = await call(owner, 'POST', '/api/v1/org/teams', { name: '  Platform  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(teamResponseSchema.strict().parse(response.json()).data).toMatchObject({
      name: 'Platform',
      members: [],
    });
  });

  it('makes someone whose create level is narrower the manager of the team they add, so it stays in reach', async () => {
    const creator = people.only_my.outsider;
    const response = await call(creator, 'POST', '/api/v1/org/teams', { name: 'Self-made' });
    expect(response.statusCode, response.body).toBe(201);
    const team = teamResponseSchema.parse(response.json()).data;
    expect(team.members).toEqual([
      {
        employee_id: creator.user.employeeId,
        name: creator.user.name,
        // This role has no field_email: members' emails are not shown to it.
        email: null,
        is_manager: true,
      },
    ]);
    expect((await call(creator, 'GET', `/api/v1/org/teams/${team.id}`)).statusCode).toBe(200);
    const asOwner = teamResponseSchema.parse(
      (await call(owner, 'GET', `/api/v1/org/teams/${team.id}`)).json(),
    );
    expect(asOwner.data.members[0]?.email).toBe(creator.user.email);
  });

  it('keeps names unique in the company whatever their case, for adding and renaming', async () => {
    await call(owner, 'POST', '/api/v1/org/teams', { name: 'Unique Name' });
    const again = await call(owner, 'POST', '/api/v1/org/teams', { name: 'unique NAME' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: en['teams.name_taken'],
      errors: { name: [en['teams.name_taken']] },
    });

    const other = teamResponseSchema.parse(
      (await call(owner, 'POST', '/api/v1/org/teams', { name: 'Other' })).json(),
    ).data;
    const rename = await call(owner, 'POST', `/api/v1/org/teams/${other.id}`, {
      _method: 'PUT',
      name: 'UNIQUE name',
    });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ name: [en['teams.name_taken']] });
    const recase = await call(owner, 'PUT', `/api/v1/org/teams/${other.id}`, { name: 'OTHER' });
    expect(recase.statusCode).toBe(200);
    expect((await call(owner, 'PUT', `/api/v1/org/teams/${other.id}`, { name: '' })).statusCode).toBe(422);
    // Another company may use the same name.
    expect((await call(stranger, 'POST', '/api/v1/org/teams', { name: 'Unique Name' })).statusCode).toBe(201);
  });
});

describe('the team list', () => {
  it('sorts by name, searches names, and shows member counts and managers', async () => {
    const db = t.database.db;
    const alpha = await seedTeam(db, company.id, 'alpha squad');
    const beta = await seedTeam(db, company.id, 'Beta squad');
    await seedTeam(db, company.id, '50% squad');
    await addTeamMember(db, { companyId: company.id, teamId: beta, userId: owner.user.id, isManager: true });
    await addTeamMember(db, { companyId: company.id, teamId: beta, userId: noTeams.user.id });
    const response = await call(owner, 'GET', '/api/v1/org/teams?search=SQUAD');
    const list = teamsResponseSchema.strict().parse(response.json()).data;
    expect(list.map((team) => team.name)).toEqual(['50% squad', 'alpha squad', 'Beta squad']);
    expect(list.find((team) => team.id === alpha)).toMatchObject({
      members_count: 0,
      managers: [],
      is_member: false,
    });
    expect(list.find((team) => team.id === beta)).toMatchObject({
      members_count: 2,
      managers: [{ id: owner.user.id, name: owner.user.name }],
      is_member: true,
    });
    const literal = teamsResponseSchema.parse(
      (await call(owner, 'GET', '/api/v1/org/teams?search=50%25')).json(),
    );
    expect(literal.data.map((team) => team.name)).toEqual(['50% squad']);
  });
});

describe('team members', () => {
  it('replaces the whole list, collapsing duplicates, sorted by name; moves rolesUpdatedAt and teamAccess', async () => {
    const db = t.database.db;
    const teamId = await seedTeam(db, company.id, 'Rebuilt');
    const [ann, bob] = [await seedStaff(t, company, 'employee'), await seedStaff(t, company, 'employee')];
    await db
      .update(employees)
      .set({ firstName: 'Ann', lastName: '' })
      .where(eq(employees.id, ann.user.employeeId));
    await db
      .update(employees)
      .set({ firstName: 'bob', lastName: '' })
      .where(eq(employees.id, bob.user.employeeId));
    expect(await readTeamAccess(bob)).toBe(false);
    const rolesBefore = permissionsResponseSchema.parse(
      (await call(owner, 'GET', '/vue-global/permissions')).json(),
    ).data.rolesUpdatedAt;

    const response = await call(owner, 'PUT', `/api/v1/org/teams/${teamId}/members`, {
      members: [
        { employee_id: bob.user.employeeId },
        { employee_id: ann.user.employeeId, is_manager: false },
        { employee_id: bob.user.employeeId, is_manager: true },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(teamResponseSchema.strict().parse(response.json()).data.members).toEqual([
      { employee_id: ann.user.employeeId, name: 'Ann', email: ann.user.email, is_manager: false },
      { employee_id: bob.user.employeeId, name: 'bob', email: bob.user.email, is_manager: true },
    ]);
    const rolesAfter = permissionsResponseSchema.parse(
      (await call(owner, 'GET', '/vue-global/permissions')).json(),
    ).data.rolesUpdatedAt;
    expect(Date.parse(rolesAfter ?? '')).toBeGreaterThan(Date.parse(rolesBefore ?? ''));
    expect(await readTeamAccess(bob)).toBe(true);

    const emptied = await call(owner, 'POST', `/api/v1/org/teams/${teamId}/members`, {
      _method: 'PUT',
      members: [],
    });
    expect(teamResponseSchema.parse(emptied.json()).data.members).toEqual([]);
    expect(await readTeamAccess(bob)).toBe(false);
  });

  it("refuses people who are not the company's employees under members, and changes nothing", async () => {
    const teamId = await seedTeam(t.database.db, company.id, 'Guarded');
    await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: owner.user.id });
    for (const employeeId of [stranger.user.employeeId, 2_000_000_000]) {
      const response = await call(owner, 'PUT', `/api/v1/org/teams/${teamId}/members`, {
        members: [{ employee_id: owner.user.employeeId }, { employee_id: employeeId }],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ members: [en['teams.unknown_members']] });
    }
    const team = teamResponseSchema.parse(
      (await call(owner, 'GET', `/api/v1/org/teams/${teamId}`)).json(),
    ).data;
    expect(team.members.map((member) => member.employee_id)).toEqual([owner.user.employeeId]);
  });
});

describe('deleting a team', () => {
  it('keeps its vacancies, without a team', async () => {
    const teamId = await seedTeam(t.database.db, company.id, 'Disbanded');
    const vacancy = await seedVacancy(t.database.db, company.id, { teamId });
    expect((await call(owner, 'DELETE', `/api/v1/org/teams/${teamId}`)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(vacancies).where(eq(vacancies.id, vacancy.id));
    expect(row?.teamId).toBeNull();
    expect((await call(owner, 'GET', `/api/v1/org/teams/${teamId}`)).statusCode).toBe(404);
  });

  it('leaves the recruiting lookup of team names as it was', async () => {
    const lookup = await call(owner, 'GET', '/api/v1/teams');
    expect(lookup.statusCode).toBe(200);
    const data = lookup.json().data as { id: number; name: string }[];
    expect(Object.keys(data[0] ?? {})).toEqual(['id', 'name']);
  });
});

describe('the people directory for team editors', () => {
  it('answers the employees of the company who have not left, by last name, searched by any name, email, phone or number', async () => {
    const db = t.database.db;
    const left = await seedStaff(t, company, 'employee');
    await db
      .update(employees)
      .set({ dismissalDate: '2020-01-31' })
      .where(eq(employees.id, left.user.employeeId));
    const [withoutAccount] = await db
      .insert(employees)
      .values({
        companyId: company.id,
        firstName: 'Zoryana',
        lastName: 'Aaronson',
        workPhone: '+380 (44) 555-12-34',
        employeeNumber: 'EMP-0042',
      })
      .returning({ id: employees.id });
    const all = await call(people.to_all.outsider, 'GET', '/api/v1/org/people');
    expect(all.statusCode, all.body).toBe(200);
    const list = teamPeopleResponseSchema.parse(all.json()).data;
    const ids = list.map((person) => person.id);
    expect(ids).toContain(owner.user.employeeId);
    expect(ids).toContain(withoutAccount?.id);
    expect(ids).not.toContain(left.user.employeeId);
    expect(ids).not.toContain(stranger.user.employeeId);
    expect(list.find((person) => person.id === withoutAccount?.id)).toEqual({
      id: withoutAccount?.id,
      name: 'Zoryana Aaronson',
      email: null,
    });

    const search = async (text: string) =>
      teamPeopleResponseSchema
        .parse((await call(owner, 'GET', `/api/v1/org/people?search=${encodeURIComponent(text)}`)).json())
        .data.map((person) => person.id);
    expect(await search(owner.user.email.toUpperCase())).toEqual([owner.user.employeeId]);
    expect(await search('5551234')).toEqual([withoutAccount?.id]);
    expect(await search('emp-0042')).toEqual([withoutAccount?.id]);
    expect(await search('zoryana')).toEqual([withoutAccount?.id]);

    // A role without field_email / field_phone neither finds people by them nor sees the emails.
    const asOutsider = async (text: string) =>
      teamPeopleResponseSchema.parse(
        (
          await call(people.to_all.outsider, 'GET', `/api/v1/org/people?search=${encodeURIComponent(text)}`)
        ).json(),
      ).data;
    expect(await asOutsider(owner.user.email)).toEqual([]);
    expect(await asOutsider('5551234')).toEqual([]);
    expect(await asOutsider('emp-0042')).toEqual([
      { id: withoutAccount?.id, name: 'Zoryana Aaronson', email: null },
    ]);
    expect((await asOutsider(owner.user.name)).every((person) => person.email === null)).toBe(true);
  });

  it('offers someone below to_all only themselves and their teammates (decision 009)', async () => {
    const lead = people.only_my.manager;
    await seedLevelTeam('only_my');
    const response = await call(lead, 'GET', '/api/v1/org/people');
    expect(response.statusCode, response.body).toBe(200);
    const ids = teamPeopleResponseSchema.parse(response.json()).data.map((person) => person.id);
    expect(ids.sort()).toEqual([lead.user.id, people.only_my.member.user.id].sort());
  });

  it('is refused to whoever may neither create nor update teams', async () => {
    const response = await call(noTeams, 'GET', '/api/v1/org/people');
    expect(response.statusCode).toBe(403);
    const employee = await seedStaff(t, company, 'employee');
    expect((await call(employee, 'GET', '/api/v1/org/people')).statusCode).toBe(403);
  });
});

describe('team membership does not widen reach (security issue, item 4; decision 009)', () => {
  it('refuses a team lead adding a colleague they cannot reach, so the colleague’s vacancies stay hidden', async () => {
    const db = t.database.db;
    const created = await call(owner, 'POST', '/api/v1/roles', { name: 'Team lead (attack)' });
    const roleId = roleResponseSchema.parse(created.json()).data.id;
    const edited = await call(owner, 'PUT', `/api/v1/roles/${roleId}`, {
      permissions: {
        Teams: { visibilitySettings: setAllLevel('only_my') },
        Vacancy: {
          visibilitySettings: {
            view: 'only_my_and_my_team',
            create: 'not_visible',
            update: 'not_visible',
            delete: 'not_visible',
            all: null,
          },
        },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const lead = await seedWithRole(roleId);
    const colleague = await seedStaff(t, company, 'recruiter');
    const vacancy = await seedVacancy(db, company.id, { name: 'Colleague’s secret vacancy' });
    await db
      .insert(vacancyRecruiters)
      .values({ companyId: company.id, vacancyId: vacancy.id, userId: colleague.user.id });
    const seesVacancy = async () =>
      (await call(lead, 'GET', `/api/v1/vacancies/${vacancy.id}`)).statusCode === 200;
    expect(await seesVacancy()).toBe(false);

    // The attack: add a team (the lead becomes its manager) and put the colleague in it.
    const team = await call(lead, 'POST', '/api/v1/org/teams', { name: 'Attack team' });
    expect(team.statusCode, team.body).toBe(201);
    const teamId = teamResponseSchema.parse(team.json()).data.id;
    const attack = await call(lead, 'PUT', `/api/v1/org/teams/${teamId}/members`, {
      members: [
        { employee_id: lead.user.employeeId, is_manager: true },
        { employee_id: colleague.user.employeeId, is_manager: false },
      ],
    });
    expect(attack.statusCode, attack.body).toBe(422);
    expect(attack.json().errors.members).toEqual([en['teams.members_out_of_reach']]);
    expect(await seesVacancy()).toBe(false);
    const after = teamResponseSchema.parse((await call(lead, 'GET', `/api/v1/org/teams/${teamId}`)).json());
    expect(after.data.members.map((member) => member.employee_id)).toEqual([lead.user.employeeId]);

    // Someone who manages every team may bring them together; then the lead sees the team's work.
    const byOwner = await call(owner, 'PUT', `/api/v1/org/teams/${teamId}/members`, {
      members: [
        { employee_id: lead.user.employeeId, is_manager: true },
        { employee_id: colleague.user.employeeId, is_manager: false },
      ],
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(await seesVacancy()).toBe(true);
    // The lead may now keep, reorder or remove the colleague: removing narrows, it never widens.
    const removed = await call(lead, 'PUT', `/api/v1/org/teams/${teamId}/members`, {
      members: [{ employee_id: lead.user.employeeId, is_manager: true }],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await seesVacancy()).toBe(false);
  });
});
