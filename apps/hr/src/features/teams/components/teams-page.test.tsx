import type { TeamNode } from '@kadry/shared/schemas/teams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildTeam, buildTeamNode, teamsPermissions } from '../teams-test-data';
import { TREE_OPEN_BRANCH_KEY, TREE_POSITION_KEY, TREE_TEAM_NEW_KEY } from '../tree/tree-storage';

const TREE_PATH = '/api/v1/org/teams/tree';
const TEAMS_PATH = '/api/v1/org/teams';
const everything = teamsPermissions({ create: 'to_all', update: 'to_all', delete: 'to_all' }, 'hr', [
  'change_order',
  'see_managed_teams',
  'see_hr_teams',
]);

// Company (1) ⊃ Design (2), Platform (3) ⊃ Data (4); Sales (5) at the top.
const nodes: TeamNode[] = [
  buildTeamNode({ id: 1, name: 'Company', position: 0, children_count: 2, members_count: 1 }),
  buildTeamNode({
    id: 2,
    name: 'Design',
    parent_id: 1,
    position: 0,
    members_count: 3,
    managers: [{ id: 9, name: 'Dana Lead' }],
    is_member: true,
  }),
  buildTeamNode({ id: 3, name: 'Platform', parent_id: 1, position: 1, children_count: 1 }),
  buildTeamNode({ id: 4, name: 'Data', parent_id: 3, position: 0, is_hidden: true }),
  buildTeamNode({ id: 5, name: 'Sales', position: 1 }),
];

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function item(name: string): HTMLElement {
  return screen.getByRole('treeitem', { name });
}

async function openTree(
  options: { permissions?: typeof everything; extra?: Parameters<typeof mockFetch>[0] } = {},
) {
  const mocks = mockFetch([...(options.extra ?? []), { path: TREE_PATH, body: { data: nodes } }]);
  const view = renderApp('/teams', { permissions: options.permissions ?? everything });
  await screen.findByRole('tree', { name: 'Teams tree' });
  return { ...mocks, ...view };
}

describe('teams tree', () => {
  it('shows the top level collapsed, opens branches and remembers them in treeItemOpenBranch', async () => {
    await openTree();
    expect(item('Company')).toHaveAttribute('aria-expanded', 'false');
    expect(item('Company')).toHaveAttribute('aria-level', '1');
    expect(item('Sales')).not.toHaveAttribute('aria-expanded');
    expect(screen.queryByRole('treeitem', { name: 'Design' })).not.toBeInTheDocument();

    item('Company').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(item('Company')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Design')).toHaveAttribute('aria-level', '2');
    expect(item('Design')).toHaveTextContent('3 members');
    expect(item('Design')).toHaveTextContent('Dana Lead');
    expect(JSON.parse(localStorage.getItem(TREE_OPEN_BRANCH_KEY) ?? '[]')).toEqual([1]);
  });

  it('opens the branches stored before, and the selected team from treePosition', async () => {
    localStorage.setItem(TREE_OPEN_BRANCH_KEY, JSON.stringify([1, 3]));
    localStorage.setItem(TREE_POSITION_KEY, JSON.stringify({ selectedId: 4, scrollTop: 0 }));
    await openTree();
    expect(item('Data')).toHaveAttribute('aria-selected', 'true');
    expect(item('Data')).toHaveAttribute('tabindex', '0');
    expect(item('Data')).toHaveTextContent('Hidden');
    expect(item('Company')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('heading', { level: 2, name: 'Data' })).toBeInTheDocument();
  });

  it('moves through the tree with the arrow keys, Home and End, and keeps the place in treePosition', async () => {
    localStorage.setItem(TREE_OPEN_BRANCH_KEY, JSON.stringify([1]));
    const { location } = await openTree();
    item('Company').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Design')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    expect(item('Platform')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(item('Data')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(item('Platform')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(item('Sales')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(item('Company')).toHaveFocus();
    expect(JSON.parse(localStorage.getItem(TREE_POSITION_KEY) ?? '{}')).toMatchObject({ selectedId: 1 });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/app/teams/1'));
  });

  it('moves a team among its siblings with Alt+arrows, says so, and sends the place', async () => {
    localStorage.setItem(TREE_OPEN_BRANCH_KEY, JSON.stringify([1]));
    let current = nodes;
    const { calls } = await openTree({
      extra: [
        {
          method: 'POST',
          path: `${TEAMS_PATH}/3/move`,
          body: () => {
            current = nodes.map((node) =>
              node.id === 3 ? { ...node, position: 0 } : node.id === 2 ? { ...node, position: 1 } : node,
            );
            return { data: buildTeam({ id: 3, parent_id: 1 }) };
          },
        },
        { path: TREE_PATH, body: () => ({ data: current }) },
      ],
    });
    item('Platform').focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(await screen.findByText('Platform moved into Company, place 1 of 2.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${TEAMS_PATH}/3/move`)[0]?.body).toEqual({
      parent_id: 1,
      position: 0,
      _method: 'PUT',
    });
    // Shown at once, before the server answers.
    const group = within(item('Company')).getByRole('group');
    expect(
      within(group)
        .getAllByRole('treeitem')
        .map((node) => node.getAttribute('aria-label')),
    ).toEqual(['Platform', 'Design']);
    expect(item('Platform')).toHaveFocus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(await screen.findByText('Platform cannot move further that way.')).toBeInTheDocument();
  });

  it('indents with Alt+Right into the team above and outdents with Alt+Left', async () => {
    localStorage.setItem(TREE_OPEN_BRANCH_KEY, JSON.stringify([1]));
    const { calls } = await openTree({
      extra: [
        { method: 'POST', path: `${TEAMS_PATH}/3/move`, body: { data: buildTeam({ id: 3, parent_id: 2 }) } },
        { method: 'POST', path: `${TEAMS_PATH}/2/move`, body: { data: buildTeam({ id: 2 }) } },
      ],
    });
    item('Platform').focus();
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(await screen.findByText('Platform moved into Design, place 1 of 1.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${TEAMS_PATH}/3/move`)[0]?.body).toMatchObject({
      parent_id: 2,
      position: 0,
    });
    item('Design').focus();
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(await screen.findByText('Design moved to the top level, place 2 of 3.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${TEAMS_PATH}/2/move`)[0]?.body).toMatchObject({
      parent_id: null,
      position: 1,
    });
  });

  it('refuses keyboard reordering without change_order, and moves under a new parent without a place', async () => {
    localStorage.setItem(TREE_OPEN_BRANCH_KEY, JSON.stringify([1]));
    const { calls } = await openTree({
      permissions: teamsPermissions({ create: 'to_all', update: 'to_all', delete: 'to_all' }),
      extra: [
        { method: 'POST', path: `${TEAMS_PATH}/3/move`, body: { data: buildTeam({ id: 3, parent_id: 2 }) } },
      ],
    });
    item('Platform').focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(await screen.findByText('You may not move Platform there.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move up' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(callsTo(calls, 'POST', `${TEAMS_PATH}/3/move`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${TEAMS_PATH}/3/move`)[0]?.body).toEqual({ parent_id: 2, _method: 'PUT' });
  });

  it('creates a team under the selected one, marks it in treeItemTeamNew and keeps treePosition', async () => {
    localStorage.setItem(TREE_POSITION_KEY, JSON.stringify({ selectedId: 5, scrollTop: 0 }));
    let current = nodes;
    const { calls, location } = await openTree({
      extra: [
        {
          method: 'POST',
          path: TEAMS_PATH,
          status: 201,
          body: () => {
            current = [...nodes, buildTeamNode({ id: 6, name: 'Outreach', parent_id: 5 })];
            return { data: buildTeam({ id: 6, name: 'Outreach', parent_id: 5, members: [] }) };
          },
        },
        { path: TREE_PATH, body: () => ({ data: current }) },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add a sub-team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    expect(within(dialog).getByRole('combobox', { name: 'Parent team' })).toHaveValue('5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Team name' }), 'Outreach');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Hidden team' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', TEAMS_PATH)[0]?.body).toEqual({
      name: 'Outreach',
      parent_id: 5,
      is_hidden: true,
    });
    expect(localStorage.getItem(TREE_TEAM_NEW_KEY)).toBe('6');
    expect(await screen.findByRole('treeitem', { name: 'Outreach' })).toHaveTextContent('New');
    expect(JSON.parse(localStorage.getItem(TREE_POSITION_KEY) ?? '{}')).toMatchObject({ selectedId: 5 });
    expect(location.history?.at(-1)).toBe('/app/teams');
    // Going elsewhere in the tree ends the highlight.
    item('Sales').focus();
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(localStorage.getItem(TREE_TEAM_NEW_KEY)).toBeNull());
  });

  it('hides a team from its panel', async () => {
    localStorage.setItem(TREE_POSITION_KEY, JSON.stringify({ selectedId: 5, scrollTop: 0 }));
    const { calls } = await openTree({
      extra: [
        {
          method: 'POST',
          path: `${TEAMS_PATH}/5`,
          body: { data: buildTeam({ id: 5, name: 'Sales', is_hidden: true }) },
        },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Hide team' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${TEAMS_PATH}/5`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${TEAMS_PATH}/5`)[0]?.body).toEqual({ is_hidden: true, _method: 'PUT' });
  });

  it('offers no delete for a team with sub-teams, and no changes to a role that may only view', async () => {
    localStorage.setItem(TREE_POSITION_KEY, JSON.stringify({ selectedId: 1, scrollTop: 0 }));
    await openTree();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByText('Move or delete its sub-teams first.')).toBeInTheDocument();
  });

  it('offers nothing but opening a team to a role that may only view teams', async () => {
    localStorage.setItem(TREE_POSITION_KEY, JSON.stringify({ selectedId: 5, scrollTop: 0 }));
    await openTree({ permissions: teamsPermissions() });
    expect(screen.getByRole('link', { name: 'Open team' })).toHaveAttribute('href', '/app/teams/5');
    expect(screen.queryByRole('button', { name: 'New team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Only teams I manage' })).not.toBeInTheDocument();
  });

  it('asks for the managed teams only with see_managed_teams', async () => {
    const { calls } = await openTree();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only teams I manage' }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', TREE_PATH).at(-1)?.url.searchParams.get('filter')).toBe('managed'),
    );
  });

  it('searches by name, showing the teams on the way to a match', async () => {
    await openTree();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'dat');
    expect(item('Data')).toBeInTheDocument();
    expect(item('Platform')).toBeInTheDocument();
    expect(screen.queryByRole('treeitem', { name: 'Sales' })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search teams' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'zzz');
    expect(await screen.findByText('No teams match “zzz”.')).toBeInTheDocument();
  });

  it('says the list shows only the user’s teams when their view reaches no further', async () => {
    mockFetch([{ path: TREE_PATH, body: { data: [] } }]);
    renderApp('/teams', { permissions: teamsPermissions({ view: 'only_my_and_my_team' }) });
    expect(
      await screen.findByText('You see the teams you belong to, and you are not in any yet.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the tree cannot load', async () => {
    mockFetch([{ path: TREE_PATH, status: 403, body: { message: 'You may not do that.' } }]);
    renderApp('/teams', { permissions: everything });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Could not load the data.')).toBeInTheDocument();
  });

  it('has one h1 and no axe violations', async () => {
    localStorage.setItem(TREE_OPEN_BRANCH_KEY, JSON.stringify([1, 3]));
    localStorage.setItem(TREE_POSITION_KEY, JSON.stringify({ selectedId: 3, scrollTop: 0 }));
    await openTree();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });

  it('is not found, and not in the navigation, without the right to view teams', async () => {
    const { calls } = mockFetch([{ path: TREE_PATH, body: { data: nodes } }]);
    renderApp('/teams', { permissions: buildPermissions() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Teams' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', TREE_PATH)).toHaveLength(0);
  });
});
