import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildTeam, buildTeamSummary, teamsPermissions } from '../teams-test-data';

const TEAMS_PATH = '/api/v1/org/teams';
const everything = teamsPermissions({ create: 'to_all', update: 'to_all', delete: 'to_all' });

const teams = [
  buildTeamSummary({
    id: 1,
    name: 'Design',
    members_count: 3,
    managers: [{ id: 9, name: 'Dana Lead' }],
    is_member: true,
  }),
  buildTeamSummary({ id: 2, name: 'Platform', members_count: 0 }),
];

function rowOf(name: string): HTMLElement {
  return screen.getByRole('link', { name }).closest('tr') as HTMLElement;
}

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

describe('teams list', () => {
  it('shows each team with its member count, managers and whether the user is in it', async () => {
    mockFetch([{ path: TEAMS_PATH, body: { data: teams } }]);
    renderApp('/teams', { permissions: everything });
    await screen.findByRole('link', { name: 'Design' });
    expect(rowOf('Design')).toHaveTextContent('3');
    expect(rowOf('Design')).toHaveTextContent('Dana Lead');
    expect(rowOf('Design')).toHaveTextContent("You're a member");
    expect(rowOf('Platform')).toHaveTextContent('No manager');
    expect(rowOf('Platform')).not.toHaveTextContent("You're a member");
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches on the server as the user types', async () => {
    const { calls } = mockFetch([
      {
        path: TEAMS_PATH,
        body: ({ url }) => ({
          data: teams.filter((team) =>
            team.name.toLowerCase().includes(url.searchParams.get('search') ?? ''),
          ),
        }),
      },
    ]);
    renderApp('/teams', { permissions: everything });
    await screen.findByRole('link', { name: 'Design' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'plat');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Design' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET', TEAMS_PATH).at(-1)?.url.searchParams.get('search')).toBe('plat');
    // One request for the pause, not one per key.
    expect(callsTo(calls, 'GET', TEAMS_PATH)).toHaveLength(2);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search teams' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'zzz');
    expect(await screen.findByText('No teams match “zzz”.')).toBeInTheDocument();
  });

  it('creates a team and opens it to add members', async () => {
    const { calls } = mockFetch([
      { path: TEAMS_PATH, body: { data: teams } },
      {
        method: 'POST',
        path: TEAMS_PATH,
        status: 201,
        body: { data: buildTeam({ id: 3, name: 'Data', members: [] }) },
      },
      { path: `${TEAMS_PATH}/3`, body: { data: buildTeam({ id: 3, name: 'Data', members: [] }) } },
    ]);
    const { location } = renderApp('/teams', { permissions: everything });
    await userEvent.click(await screen.findByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Team name' })).toHaveFocus());
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Team name' }), ' Data ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Data' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', TEAMS_PATH)[0]?.body).toEqual({ name: 'Data' });
    expect(location.history?.at(-1)).toBe('/app/teams/3');
  });

  it('shows the server’s reason when a name is taken', async () => {
    mockFetch([
      { path: TEAMS_PATH, body: { data: teams } },
      {
        method: 'POST',
        path: TEAMS_PATH,
        status: 422,
        body: { message: 'Invalid', errors: { name: ['A team with this name exists.'] } },
      },
    ]);
    renderApp('/teams', { permissions: everything });
    await userEvent.click(await screen.findByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Team name' }), 'Design');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText('A team with this name exists.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Team name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('renames a team with an update call', async () => {
    const { calls } = mockFetch([
      { path: TEAMS_PATH, body: { data: teams } },
      {
        method: 'POST',
        path: `${TEAMS_PATH}/2`,
        body: { data: buildTeam({ id: 2, name: 'Core platform', members: [] }) },
      },
    ]);
    renderApp('/teams', { permissions: everything });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Platform' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the team Platform' });
    const name = within(dialog).getByRole('textbox', { name: 'Team name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Core platform');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', `${TEAMS_PATH}/2`)).toHaveLength(1);
    expect(callsTo(calls, 'POST', `${TEAMS_PATH}/2`)[0]?.body).toEqual({
      name: 'Core platform',
      _method: 'PUT',
    });
  });

  it('deletes a team after a confirmation that says what happens to its people and vacancies', async () => {
    let remaining = teams;
    const { calls } = mockFetch([
      { path: TEAMS_PATH, body: () => ({ data: remaining }) },
      {
        method: 'DELETE',
        path: `${TEAMS_PATH}/1`,
        body: () => {
          remaining = teams.slice(1);
          return null;
        },
      },
    ]);
    renderApp('/teams', { permissions: everything });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the team Design?' });
    expect(dialog).toHaveTextContent('Its 3 members stay in the company, just without this team.');
    expect(dialog).toHaveTextContent('Vacancies of this team keep existing, without a team.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Design' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'DELETE', `${TEAMS_PATH}/1`)).toHaveLength(1);
  });

  it('shows the refusal inside the dialog when the server says no', async () => {
    mockFetch([
      { path: TEAMS_PATH, body: { data: teams } },
      { method: 'DELETE', path: `${TEAMS_PATH}/1`, status: 403, body: { message: 'You may not do that.' } },
    ]);
    renderApp('/teams', { permissions: everything });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the team Design?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not do that.');
  });

  it('offers no create, rename or delete to a role that may only view teams', async () => {
    mockFetch([{ path: TEAMS_PATH, body: { data: teams } }]);
    renderApp('/teams', { permissions: teamsPermissions() });
    await screen.findByRole('link', { name: 'Design' });
    expect(screen.queryByRole('button', { name: 'New team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rename / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('with "only own" rights offers rename only on the teams the user manages', async () => {
    mockFetch([
      {
        path: TEAMS_PATH,
        body: {
          data: [
            buildTeamSummary({ id: 1, name: 'Mine', managers: [{ id: 7, name: 'Olena Owner' }] }),
            buildTeamSummary({ id: 2, name: 'Member of', is_member: true }),
            buildTeamSummary({ id: 3, name: 'Other' }),
          ],
        },
      },
    ]);
    renderApp('/teams', {
      permissions: teamsPermissions({ update: 'only_my', delete: 'only_my_and_my_team' }),
    });
    await screen.findByRole('link', { name: 'Mine' });
    expect(screen.getByRole('button', { name: 'Rename Mine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Member of' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Member of' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Other' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Other' })).not.toBeInTheDocument();
  });

  it('says the list shows only the user’s own teams when their view reaches no further', async () => {
    mockFetch([{ path: TEAMS_PATH, body: { data: [] } }]);
    renderApp('/teams', { permissions: teamsPermissions({ view: 'only_my_and_my_team' }) });
    expect(
      await screen.findByText('You see the teams you belong to, and you are not in any yet.'),
    ).toBeInTheDocument();
  });

  it('has one h1 and no axe violations', async () => {
    mockFetch([{ path: TEAMS_PATH, body: { data: teams } }]);
    renderApp('/teams', { permissions: everything });
    await screen.findByRole('link', { name: 'Design' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });

  it('is not found, and not in the navigation, without the right to view teams', async () => {
    const { calls } = mockFetch([{ path: TEAMS_PATH, body: { data: teams } }]);
    renderApp('/teams', { permissions: buildPermissions() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Teams' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', TEAMS_PATH)).toHaveLength(0);
  });
});
