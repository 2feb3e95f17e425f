import { getCatalog } from '@kadry/shared/i18n/translate';
import { setActionLevel, setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import { teamResponseSchema } from '@kadry/shared/schemas/admin';
import {
  type TeamNode,
  teamTreeResponseSchema,
  type VisibleTeamBranch,
  visibleTeamsResponseSchema,
} from '@kadry/shared/schemas/teams';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
} from '../permissions/permissions-test-support';

// The teams tree (docs/decisions/015-teams-tree.md) through app.inject: the tree and visible-teams
// answers, moving (cycles, sibling order, change_order), hiding, adding under a parent and deleting a
// parent, as a matrix of Teams level × the parent team's manager, a member and an outsider; hidden
// teams for each action that opens them.

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
const people = {} as Record<ReachLevel, Record<Position, StaffMember>>;

function call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

async function createRole(name: string, permissions: Record<string, unknown>): Promise<number> {
  const created = await call(owner, 'POST', '/api/v1/roles', { name });
  const id = roleResponseSchema.parse(created.json()).data.id;
  const edited = await call(owner, 'PUT', `/api/v1/roles/${id}`, { permissions });
  expect(edited.statusCode, edited.body).toBe(200);
  return id;
}

async function seedWithRole(roleId: number): Promise<StaffMember> {
  const member = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  return member;
}

let counter = 0;
/** A team made by the owner (under `parentId`), answered by the API. */
async function addTeam(name: string, parentId: number | null = null, isHidden = false): Promise<number> {
  counter += 1;
  const response = await call(owner, 'POST', '/api/v1/org/teams', {
    name: `${name} ${counter}`,
    parent_id: parentId,
    is_hidden: isHidden,
  });
  expect(response.statusCode, response.body).toBe(201);
  return teamResponseSchema.parse(response.json()).data.id;
}

async function treeOf(who: StaffMember, query = ''): Promise<TeamNode[]> {
  const response = await call(who, 'GET', `/api/v1/org/teams/tree${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return teamTreeResponseSchema.strict().parse(response.json()).data;
}

async function childrenOf(parentId: number): Promise<{ id: number; position: number }[]> {
  return t.database.db
    .select({ id: teams.id, position: teams.position })
    .from(teams)
    .where(eq(teams.parentId, parentId))
    .orderBy(asc(teams.position));
}

async function parentOf(id: number): Promise<number | null | undefined> {
  const [row] = await t.database.db.select({ parentId: teams.parentId }).from(teams).where(eq(teams.id, id));
  return row?.parentId;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  otherCompany = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  stranger = await seedStaff(t, otherCompany, 'owner');
  for (const level of LEVELS) {
    const roleId = await createRole(`Tree ${level}`, {
      Teams: { visibilitySettings: setAllLevel(level), actions: ['change_order'] },
    });
    people[level] = {
      manager: await seedWithRole(roleId),
      member: await seedWithRole(roleId),
      outsider: await seedWithRole(roleId),
    };
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the teams tree permission matrix', () => {
  /** Who sees the parent team P (managed by the level's manager, the member in it) and its children. */
  function sees(level: ReachLevel, position: Position): { parent: boolean; child: boolean } {
    if (level === 'to_all') return { parent: true, child: true };
    if (position === 'manager') return { parent: true, child: true };
    if (level === 'only_my_and_my_team' && position === 'member') return { parent: true, child: false };
    return { parent: false, child: false };
  }

  for (const level of LEVELS) {
    for (const position of POSITIONS) {
      const expected = sees(level, position);
      it(`${level} × ${position}: tree, move, hide, add under, delete a parent`, async () => {
        const who = people[level][position];
        const parent = await addTeam('Parent');
        const first = await addTeam('First', parent);
        const second = await addTeam('Second', parent);
        const db = t.database.db;
        await addTeamMember(db, {
          companyId: company.id,
          teamId: parent,
          userId: people[level].manager.user.id,
          isManager: true,
        });
        await addTeamMember(db, {
          companyId: company.id,
          teamId: parent,
          userId: people[level].member.user.id,
        });

        const ids = (await treeOf(who)).map((node) => node.id);
        expect(ids.includes(parent), 'tree: parent').toBe(expected.parent);
        expect(ids.includes(first) && ids.includes(second), 'tree: children').toBe(expected.child);

        // Reordering a child: change_order is in every role here; the child must be reachable.
        const move = await call(who, 'PUT', `/api/v1/org/teams/${second}/move`, {
          parent_id: parent,
          position: 0,
        });
        expect(move.statusCode, `move ${move.body}`).toBe(expected.child ? 200 : 404);
        expect((await childrenOf(parent)).map((row) => row.id)).toEqual(
          expected.child ? [second, first] : [first, second],
        );

        // Hiding needs update at to_all.
        const hide = await call(who, 'PUT', `/api/v1/org/teams/${first}`, { is_hidden: true });
        expect(hide.statusCode, 'hide').toBe(!expected.child ? 404 : level === 'to_all' ? 200 : 403);

        // Adding under P: the create level must reach P; a parent out of view is like a missing one.
        const add = await call(who, 'POST', '/api/v1/org/teams', {
          name: `Under ${parent}`,
          parent_id: parent,
        });
        expect(add.statusCode, `add under ${add.body}`).toBe(expected.parent ? 201 : 422);
        if (add.statusCode === 422)
          expect(add.json().errors).toEqual({ parent_id: [en['teams.parent_not_found']] });

        // A parent with children is never deleted: 409 for whoever may, 404 for whoever does not see it.
        const remove = await call(who, 'DELETE', `/api/v1/org/teams/${parent}`);
        expect(remove.statusCode, 'delete').toBe(expected.parent ? 409 : 404);
        expect(await parentOf(first)).toBe(parent);
      });
    }
  }

  it('keeps the top level for update at to_all, and parents for those whose update reaches them', async () => {
    const lead = people.only_my.manager;
    const mine = await addTeam('Lead root');
    await addTeamMember(t.database.db, {
      companyId: company.id,
      teamId: mine,
      userId: lead.user.id,
      isManager: true,
    });
    const child = await addTeam('Lead child', mine);
    const elsewhere = await addTeam('Not the lead’s');
    expect((await call(lead, 'PUT', `/api/v1/org/teams/${child}/move`, { parent_id: null })).statusCode).toBe(
      403,
    );
    const foreign = await call(lead, 'PUT', `/api/v1/org/teams/${child}/move`, { parent_id: elsewhere });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ parent_id: [en['teams.parent_not_found']] });
    expect(await parentOf(child)).toBe(mine);
    // The owner may take it to the top.
    expect(
      (await call(owner, 'PUT', `/api/v1/org/teams/${child}/move`, { parent_id: null })).statusCode,
    ).toBe(200);
    expect(await parentOf(child)).toBeNull();
  });

  it('refuses to choose a place among siblings without change_order, and appends instead', async () => {
    const roleId = await createRole('Tree no order', {
      Teams: { visibilitySettings: setAllLevel('to_all') },
    });
    const editor = await seedWithRole(roleId);
    const parent = await addTeam('Order parent');
    const a = await addTeam('A', parent);
    const other = await addTeam('Order other');
    const b = await addTeam('B', other);
    const placed = await call(editor, 'PUT', `/api/v1/org/teams/${b}/move`, {
      parent_id: parent,
      position: 0,
    });
    expect(placed.statusCode).toBe(403);
    const appended = await call(editor, 'PUT', `/api/v1/org/teams/${b}/move`, { parent_id: parent });
    expect(appended.statusCode, appended.body).toBe(200);
    expect((await childrenOf(parent)).map((row) => row.id)).toEqual([a, b]);
  });

  it('answers 403 to a role without Teams view for the tree, and visible-teams to everyone signed in', async () => {
    const employee = await seedStaff(t, company, 'employee');
    expect((await call(employee, 'GET', '/api/v1/org/teams/tree')).statusCode).toBe(403);
    const teamId = await addTeam('Employee’s own');
    await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: employee.user.id });
    const visible = await call(employee, 'GET', '/dictionaries/visible-teams?mode=list');
    expect(visible.statusCode, visible.body).toBe(200);
    expect(visibleTeamsResponseSchema.parse(visible.json()).teams.map((team) => team.id)).toEqual([teamId]);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/dictionaries/visible-teams',
      headers: { host: company.hosts[0] ?? '' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('moving teams', () => {
  it('refuses cycles with a clear message and changes nothing', async () => {
    const top = await addTeam('Cycle top');
    const middle = await addTeam('Cycle middle', top);
    const bottom = await addTeam('Cycle bottom', middle);
    for (const target of [top, middle, bottom]) {
      const response = await call(owner, 'PUT', `/api/v1/org/teams/${top}/move`, { parent_id: target });
      expect(response.statusCode, `under ${target}`).toBe(422);
      expect(response.json()).toEqual({
        message: en['teams.move_cycle'],
        errors: { parent_id: [en['teams.move_cycle']] },
      });
    }
    expect([await parentOf(top), await parentOf(middle), await parentOf(bottom)]).toEqual([
      null,
      top,
      middle,
    ]);
    // The other way round is fine.
    const ok = await call(owner, 'PUT', `/api/v1/org/teams/${bottom}/move`, { parent_id: top, position: 0 });
    expect(ok.statusCode).toBe(200);
    expect(teamResponseSchema.parse(ok.json()).data).toMatchObject({ parent_id: top, position: 0 });
    expect((await childrenOf(top)).map((row) => row.id)).toEqual([bottom, middle]);
  });

  it('renumbers the siblings it leaves and the ones it joins, 0, 1, 2 …', async () => {
    const left = await addTeam('Left');
    const right = await addTeam('Right');
    const [a, b, c] = [await addTeam('a', left), await addTeam('b', left), await addTeam('c', left)];
    const [x, y] = [await addTeam('x', right), await addTeam('y', right)];
    expect(await childrenOf(left)).toEqual([
      { id: a, position: 0 },
      { id: b, position: 1 },
      { id: c, position: 2 },
    ]);
    // Last to first among the same siblings.
    expect(
      (await call(owner, 'PUT', `/api/v1/org/teams/${c}/move`, { parent_id: left, position: 0 })).statusCode,
    ).toBe(200);
    expect((await childrenOf(left)).map((row) => row.id)).toEqual([c, a, b]);
    // To the middle of the other parent's children: both sides renumbered.
    expect(
      (await call(owner, 'PUT', `/api/v1/org/teams/${a}/move`, { parent_id: right, position: 1 })).statusCode,
    ).toBe(200);
    expect(await childrenOf(left)).toEqual([
      { id: c, position: 0 },
      { id: b, position: 1 },
    ]);
    expect(await childrenOf(right)).toEqual([
      { id: x, position: 0 },
      { id: a, position: 1 },
      { id: y, position: 2 },
    ]);
    // Past the end means last; without a position under the same parent nothing moves.
    expect(
      (await call(owner, 'PUT', `/api/v1/org/teams/${x}/move`, { parent_id: right, position: 99 }))
        .statusCode,
    ).toBe(200);
    expect((await childrenOf(right)).map((row) => row.id)).toEqual([a, y, x]);
    expect((await call(owner, 'PUT', `/api/v1/org/teams/${a}/move`, { parent_id: right })).statusCode).toBe(
      200,
    );
    expect((await childrenOf(right)).map((row) => row.id)).toEqual([a, y, x]);
  });

  it('keeps two moves at once from making a cycle together', async () => {
    const one = await addTeam('Race one');
    const two = await addTeam('Race two');
    const [first, second] = await Promise.all([
      call(owner, 'PUT', `/api/v1/org/teams/${one}/move`, { parent_id: two }),
      call(owner, 'PUT', `/api/v1/org/teams/${two}/move`, { parent_id: one }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    const parents = [await parentOf(one), await parentOf(two)];
    expect(parents.filter((parent) => parent === null)).toHaveLength(1);
  });

  it("answers 422 for another company's parent and 404 for another company's team", async () => {
    const mine = await addTeam('Mine to move');
    const theirsResponse = await call(stranger, 'POST', '/api/v1/org/teams', { name: 'Theirs' });
    const theirs = teamResponseSchema.parse(theirsResponse.json()).data.id;
    const intoTheirs = await call(owner, 'PUT', `/api/v1/org/teams/${mine}/move`, { parent_id: theirs });
    expect(intoTheirs.statusCode).toBe(422);
    expect(
      (await call(owner, 'PUT', `/api/v1/org/teams/${theirs}/move`, { parent_id: mine })).statusCode,
    ).toBe(404);
    expect((await call(owner, 'PUT', `/api/v1/org/teams/${mine}/move`, { parent_id: 0 })).statusCode).toBe(
      422,
    );
  });
});

describe('adding and deleting in the tree', () => {
  it('adds a team last under its parent, and a hidden one only at create to_all', async () => {
    const parent = await addTeam('Adopting');
    const first = await addTeam('Older', parent);
    const response = await call(owner, 'POST', '/api/v1/org/teams', {
      name: `Younger ${parent}`,
      parent_id: parent,
      is_hidden: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const added = teamResponseSchema.strict().parse(response.json()).data;
    expect(added).toMatchObject({ parent_id: parent, position: 1, is_hidden: true, children_count: 0 });
    expect((await childrenOf(parent)).map((row) => row.id)).toEqual([first, added.id]);
    const lead = people.only_my.outsider;
    const hidden = await call(lead, 'POST', '/api/v1/org/teams', {
      name: `Lead hidden ${parent}`,
      is_hidden: true,
    });
    expect(hidden.statusCode).toBe(403);
  });

  it('refuses to delete a team with child teams (409), then deletes it with its members once they are gone', async () => {
    const parent = await addTeam('Doomed');
    const child = await addTeam('Survivor', parent);
    await addTeamMember(t.database.db, { companyId: company.id, teamId: parent, userId: owner.user.id });
    const refused = await call(owner, 'DELETE', `/api/v1/org/teams/${parent}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: en['teams.has_children'] });
    expect(
      teamResponseSchema.parse((await call(owner, 'GET', `/api/v1/org/teams/${parent}`)).json()).data
        .children_count,
    ).toBe(1);
    expect(
      (await call(owner, 'PUT', `/api/v1/org/teams/${child}/move`, { parent_id: null })).statusCode,
    ).toBe(200);
    expect((await call(owner, 'DELETE', `/api/v1/org/teams/${parent}`)).statusCode).toBe(204);
    const left = await t.database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.companyId, company.id), eq(teamMembers.teamId, parent)));
    expect(left).toEqual([]);
  });
});

describe('hidden teams (decision 013)', () => {
  it('lists a hidden team to see_hr_teams, to view_in_hidden_teams at Employee to_all, and to its members', async () => {
    const hidden = await addTeam('HR private', null, true);
    const open = await addTeam('Open to all');
    const teamsAll = { visibilitySettings: setActionLevel(null, 'view', 'to_all') };
    const plain = await seedWithRole(await createRole('Teams viewer', { Teams: teamsAll }));
    const hrTeams = await seedWithRole(
      await createRole('HR teams viewer', { Teams: { ...teamsAll, actions: ['see_hr_teams'] } }),
    );
    const hiddenPeople = await seedWithRole(
      await createRole('Hidden people viewer', {
        Teams: teamsAll,
        Employee: {
          visibilitySettings: setActionLevel(null, 'view', 'to_all'),
          actions: ['view_in_hidden_teams'],
        },
      }),
    );
    const openPeople = await seedWithRole(
      await createRole('Open people viewer', {
        Employee: {
          visibilitySettings: setActionLevel(null, 'view', 'to_all'),
          actions: ['view_in_open_teams'],
        },
      }),
    );
    const insider = await seedWithRole(await createRole('Insider', { Teams: teamsAll }));
    await addTeamMember(t.database.db, { companyId: company.id, teamId: hidden, userId: insider.user.id });

    const cases: [string, StaffMember, boolean, boolean][] = [
      ['plain to_all viewer', plain, false, true],
      ['see_hr_teams', hrTeams, true, true],
      ['view_in_hidden_teams', hiddenPeople, true, true],
      ['a member', insider, true, true],
    ];
    for (const [label, who, seesHidden, seesOpen] of cases) {
      const tree = (await treeOf(who)).map((node) => node.id);
      expect(tree.includes(hidden), `${label}: tree`).toBe(seesHidden);
      expect(tree.includes(open), `${label}: tree, open`).toBe(seesOpen);
      expect((await call(who, 'GET', `/api/v1/org/teams/${hidden}`)).statusCode, `${label}: one`).toBe(
        seesHidden ? 200 : 404,
      );
      const visible = visibleTeamsResponseSchema
        .parse((await call(who, 'GET', '/dictionaries/visible-teams?mode=list')).json())
        .teams.map((team) => team.id);
      expect(visible.includes(hidden), `${label}: visible-teams`).toBe(seesHidden);
    }
    // Employee to_all with view_in_open_teams: open teams in the dictionary, no tree (no Teams view).
    const visible = visibleTeamsResponseSchema
      .parse((await call(openPeople, 'GET', '/dictionaries/visible-teams')).json())
      .teams.map((team) => team.id);
    expect(visible).toContain(open);
    expect(visible).not.toContain(hidden);
    expect((await call(openPeople, 'GET', '/api/v1/org/teams/tree')).statusCode).toBe(403);
  });
});

describe('the tree and visible-teams answers', () => {
  it('answers the tree with counts, managers and memberships; members on request; managed filter behind its action', async () => {
    const manager = people.only_my_and_my_team.outsider;
    const root = await addTeam('Chart root');
    const leaf = await addTeam('Chart leaf', root);
    const db = t.database.db;
    await addTeamMember(db, {
      companyId: company.id,
      teamId: root,
      userId: manager.user.id,
      isManager: true,
    });
    await addTeamMember(db, { companyId: company.id, teamId: root, userId: owner.user.id });
    await addTeamMember(db, { companyId: company.id, teamId: leaf, userId: stranger.user.id }).catch(() => {
      // Another company's account cannot join: nothing to add.
    });
    const tree = await treeOf(owner);
    const rootNode = tree.find((node) => node.id === root);
    expect(rootNode).toMatchObject({
      parent_id: null,
      children_count: 1,
      members_count: 2,
      managers: [{ id: manager.user.employeeId, name: manager.user.name }],
      is_member: true,
    });
    expect(rootNode?.members).toBeUndefined();
    expect(tree.find((node) => node.id === leaf)).toMatchObject({
      parent_id: root,
      members_count: 0,
      is_member: false,
    });
    const withMembers = await treeOf(owner, '?include=members');
    expect(withMembers.find((node) => node.id === root)?.members).toEqual([
      { id: owner.user.employeeId, name: owner.user.name },
    ]);
    // Parents before children.
    expect(tree.findIndex((node) => node.id === root)).toBeLessThan(
      tree.findIndex((node) => node.id === leaf),
    );

    // The "teams I manage" filter: the owner has see_managed_teams and manages nothing here.
    expect((await treeOf(owner, '?filter=managed')).map((node) => node.id)).not.toContain(root);
    // The level's role has no see_managed_teams.
    expect((await call(manager, 'GET', '/api/v1/org/teams/tree?filter=managed')).statusCode).toBe(403);
    const managerRole = await seedStaff(t, company, 'manager');
    await addTeamMember(db, {
      companyId: company.id,
      teamId: leaf,
      userId: managerRole.user.id,
      isManager: true,
    });
    expect((await treeOf(managerRole, '?filter=managed')).map((node) => node.id)).toEqual([leaf]);
  });

  it('answers visible-teams sorted by name in list mode and nested by position in tree mode', async () => {
    const otherOwner = await seedStaff(t, otherCompany, 'owner');
    const make = async (name: string, parentId: number | null = null) => {
      const response = await call(otherOwner, 'POST', '/api/v1/org/teams', { name, parent_id: parentId });
      return teamResponseSchema.parse(response.json()).data.id;
    };
    const existing = visibleTeamsResponseSchema.parse(
      (await call(otherOwner, 'GET', '/dictionaries/visible-teams')).json(),
    ).teams.length;
    const zeta = await make('zeta');
    const beta = await make('Beta', zeta);
    const alpha = await make('alpha', zeta);
    const list = visibleTeamsResponseSchema.parse(
      (await call(otherOwner, 'GET', '/dictionaries/visible-teams?mode=list')).json(),
    ).teams;
    expect(list.map((team) => team.name).filter((name) => ['zeta', 'Beta', 'alpha'].includes(name))).toEqual([
      'alpha',
      'Beta',
      'zeta',
    ]);
    expect(list).toHaveLength(existing + 3);
    expect(list.find((team) => team.id === beta)).toEqual({
      id: beta,
      name: 'Beta',
      parent_id: zeta,
      is_hidden: false,
    });
    const tree = visibleTeamsResponseSchema.parse(
      (await call(otherOwner, 'GET', '/dictionaries/visible-teams?mode=tree')).json(),
    ).teams as VisibleTeamBranch[];
    const zetaBranch = tree.find((team) => team.id === zeta);
    expect(zetaBranch?.children.map((team) => team.id)).toEqual([beta, alpha]);
    expect((await call(otherOwner, 'GET', '/dictionaries/visible-teams?mode=nested')).statusCode).toBe(422);
  });
});
