import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { buildPageData, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildTeam, teamsPermissions } from '../teams-test-data';

const TEAM_PATH = '/api/v1/org/teams/1';
const MEMBERS_PATH = '/api/v1/org/teams/1/members';
const everything = teamsPermissions({ create: 'to_all', update: 'to_all', delete: 'to_all' });

// The team people directory (`GET teams.people`): enabled accounts with name and email.
const people = [
  { id: 7, name: 'Olena Owner', email: 'olena@acme.test' },
  { id: 8, name: 'Bohdan Backend', email: 'bohdan@acme.test' },
  { id: 10, name: 'Anna Analyst', email: 'anna@acme.test' },
  { id: 11, name: 'Zenon QA', email: 'zenon@acme.test' },
];

function memberSaves(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'POST' && call.url.pathname === MEMBERS_PATH);
}

/** The team, and a members endpoint that stores what it is sent so the team reads back saved. */
function mockTeamApi(extra: Parameters<typeof mockFetch>[0] = []) {
  let team = buildTeam();
  return mockFetch([
    { path: TEAM_PATH, body: () => ({ data: team }) },
    {
      method: 'POST',
      path: MEMBERS_PATH,
      body: ({ body }) => {
        const sent = body as { members: { employee_id: number; is_manager: boolean }[] };
        team = {
          ...team,
          members: sent.members.map((member) => {
            const person = people.find((item) => item.id === member.employee_id);
            return { ...member, name: person?.name ?? '', email: person?.email ?? '' };
          }),
        };
        return { data: team };
      },
    },
    {
      path: '/api/v1/org/people',
      // Searched on the server, by name or email.
      body: ({ url }) => {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        return {
          data: people.filter(
            (person) => person.name.toLowerCase().includes(search) || person.email.includes(search),
          ),
        };
      },
    },
    ...extra,
  ]);
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
}

describe('team page', () => {
  it('lists members by name with their email and manager flag', async () => {
    mockTeamApi();
    renderApp('/teams/1', { permissions: everything });
    await screen.findByRole('heading', { level: 1, name: 'Platform' });
    const rows = within(screen.getByRole('table', { name: 'Members of Platform' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Bohdan Backend',
      'Olena Owner · you',
    ]);
    expect(rowOf('Olena Owner')).toHaveTextContent('olena@acme.test');
    expect(screen.getByRole('checkbox', { name: 'Olena Owner is a manager' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bohdan Backend is a manager' })).not.toBeChecked();
    expect(screen.getByRole('heading', { level: 2, name: '2 members' })).toBeInTheDocument();
  });

  it('adds, removes and promotes members, then saves the whole list', async () => {
    const { calls } = mockTeamApi();
    renderApp('/teams/1', { permissions: everything });
    await screen.findByRole('heading', { level: 1, name: 'Platform' });

    await userEvent.click(screen.getByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    // Members already in the team are not offered; the server searches the people directory.
    await within(dialog).findByRole('checkbox', { name: 'Anna Analyst · anna@acme.test' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Bohdan Backend' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search people' }), 'zen');
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: /^Anna Analyst/ })).not.toBeInTheDocument(),
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Zenon QA/ }));
    await userEvent.clear(within(dialog).getByRole('searchbox', { name: 'Search people' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /^Anna Analyst/ }));
    expect(within(dialog).getByRole('checkbox', { name: /^Zenon QA/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 people' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf('Zenon QA')).toHaveTextContent('not saved yet');
    expect(rowOf('Zenon QA')).toHaveTextContent('zenon@acme.test');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Bohdan Backend from the team' }));
    // Focus moves on to the next row's button, so the keyboard user keeps their place.
    expect(screen.getByRole('button', { name: 'Remove Olena Owner from the team' })).toHaveFocus();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Anna Analyst is a manager' }));
    // Three people changed: two added (one as a manager), one removed.
    expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save members' }));
    await waitFor(() => expect(memberSaves(calls)).toHaveLength(1));
    expect(memberSaves(calls)[0]?.body).toEqual({
      _method: 'PUT',
      members: [
        { employee_id: 7, is_manager: true },
        { employee_id: 11, is_manager: false },
        { employee_id: 10, is_manager: true },
      ],
    });
    // Read back from the server: nothing is left unsaved.
    expect(await screen.findByText('No unsaved changes')).toBeInTheDocument();
    expect(rowOf('Zenon QA')).toHaveTextContent('zenon@acme.test');
    expect(rowOf('Zenon QA')).not.toHaveTextContent('not saved yet');
  });

  it('discards unsaved member changes', async () => {
    const { calls } = mockTeamApi();
    renderApp('/teams/1', { permissions: everything });
    await screen.findByRole('heading', { level: 1, name: 'Platform' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bohdan Backend is a manager' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('checkbox', { name: 'Bohdan Backend is a manager' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save members' })).toHaveAttribute('aria-disabled', 'true');
    expect(memberSaves(calls)).toHaveLength(0);
  });

  it('lets a team editor without recruiting rights, in an HR-only company, find people by name or email', async () => {
    const { calls } = mockTeamApi();
    renderApp('/teams/1', {
      permissions: teamsPermissions({ update: 'to_all' }),
      pageData: buildPageData({ tariffs: ['hrm'] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Platform' });
    await userEvent.click(screen.getByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    expect(await within(dialog).findByText('anna@acme.test', { exact: false })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search people' }), 'zenon@');
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: /Anna Analyst/ })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Zenon QA · zenon@acme.test' })).toBeInTheDocument();
    const searches = calls.filter((call) => call.url.pathname === '/api/v1/org/people');
    expect(searches.at(-1)?.url.searchParams.get('search')).toBe('zenon@');
    // One directory for everyone: neither the staff administration list nor the recruiting one.
    expect(calls.some((call) => ['/api/v1/admin/users', '/api/v1/users'].includes(call.url.pathname))).toBe(
      false,
    );
  });

  it('is read-only for a role that may not update the team', async () => {
    mockTeamApi();
    renderApp('/teams/1', { permissions: teamsPermissions() });
    await screen.findByRole('heading', { level: 1, name: 'Platform' });
    expect(rowOf('Olena Owner')).toHaveTextContent('Manager');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved member changes', async () => {
    mockTeamApi([{ path: '/api/v1/org/teams', body: { data: [] } }]);
    renderApp('/teams/1', { permissions: everything });
    await screen.findByRole('heading', { level: 1, name: 'Platform' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bohdan Backend is a manager' }));
    await userEvent.click(screen.getByRole('link', { name: 'All teams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeInTheDocument();
  });

  it('deletes the team from its page and goes back to the list', async () => {
    const { calls } = mockTeamApi([
      { method: 'DELETE', path: TEAM_PATH, status: 204 },
      { path: '/api/v1/org/teams', body: { data: [] } },
    ]);
    const { location } = renderApp('/teams/1', { permissions: everything });
    await screen.findByRole('heading', { level: 1, name: 'Platform' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the team Platform?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/app/teams');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    // The deleted team is not fetched again (that would answer 404 and show an error).
    expect(calls.filter((call) => call.method === 'GET' && call.url.pathname === TEAM_PATH)).toHaveLength(1);
  });

  it('shows not found for a team the user may not see', async () => {
    mockFetch([]);
    renderApp('/teams/1', { permissions: everything });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('has one h1 and no axe violations, also with the add dialog open', async () => {
    mockTeamApi();
    renderApp('/teams/1', { permissions: everything });
    await screen.findByRole('heading', { level: 1, name: 'Platform' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    await within(dialog).findByRole('checkbox', { name: /^Anna Analyst/ });
    expect(await findAxeViolations()).toEqual([]);
  });
});
