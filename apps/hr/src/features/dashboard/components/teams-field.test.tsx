import type { DashboardWidget } from '@kadry/shared/schemas/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildState, dashboardPermissions, stateText } from '../dashboard-test-data';

// The team filter of the widgets' settings (TeamsField, issue 15): several teams as removable chips,
// none meaning all, a search box over the list, and every chosen id saved in `team_ids`.

const WIDGETS = '/api/v1/dashboard/widgets';
const CURRENT_PARAMS = '/api/v1/dashboard/layouts/current/params';
const BIRTHDAYS = '/api/v1/dashboard/birthdays';
const PROBATION = '/api/v1/employees/probation';
const TEAMS = '/dictionaries/visible-teams';

const teamsBody = {
  teams: [
    { id: 9, name: 'Platform', parent_id: null, is_hidden: false },
    { id: 12, name: 'Sales', parent_id: null, is_hidden: false },
    { id: 15, name: 'Sales support', parent_id: 12, is_hidden: false },
  ],
};

/** The birthdays and probation widgets with their team filters; saves answer what was sent. */
function setUp(
  params: Partial<Record<DashboardWidget, object>> = {},
  teamsRoute: MockRoute = { path: TEAMS, body: teamsBody },
) {
  const state = buildState(['birthdays', 'employeesOnProbation'], { params });
  return mockFetch([
    { path: WIDGETS, body: stateText(state) },
    { path: BIRTHDAYS, body: { data: [], meta: { total: 0 } } },
    { path: PROBATION, body: { data: [] } },
    teamsRoute,
    {
      method: 'POST',
      path: CURRENT_PARAMS,
      body: ({ body }) => {
        const sent = body as { widget_name: DashboardWidget; params: string };
        return { data: { widget_name: sent.widget_name, params: JSON.parse(sent.params) } };
      },
    },
  ]);
}

function sentParams(calls: RecordedCall[]): unknown[] {
  return calls
    .filter((call) => call.method === 'POST' && call.url.pathname === CURRENT_PARAMS)
    .map((call) => JSON.parse((call.body as { params: string }).params));
}

async function openSettings(widgetName: string) {
  const user = userEvent.setup();
  const card = (await screen.findByRole('heading', { name: widgetName, level: 2 })).closest(
    'li',
  ) as HTMLElement;
  await user.click(within(card).getByRole('button', { name: `Settings of the widget ${widgetName}` }));
  const teams = within(card).getByRole('group', { name: 'Teams' });
  return { user, card, teams };
}

const chipNames = (teams: HTMLElement) =>
  within(teams)
    .queryAllByRole('button', { name: /^Remove / })
    .map((button) => button.getAttribute('aria-label'));

describe('the team filter of a widget’s settings', () => {
  it('saves every chosen team in team_ids, shown as chips, and the widget asks for all of them', async () => {
    const { calls } = setUp();
    renderApp('/', { permissions: dashboardPermissions });
    const { user, card, teams } = await openSettings('Birthdays');
    expect(within(teams).getByText('All teams')).toBeInTheDocument();
    await user.click(await within(teams).findByRole('checkbox', { name: 'Sales' }));
    await user.click(within(teams).getByRole('checkbox', { name: 'Platform' }));
    expect(within(teams).queryByText('All teams')).not.toBeInTheDocument();
    expect(chipNames(teams)).toEqual(['Remove Sales', 'Remove Platform']);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentParams(calls)).toHaveLength(1));
    expect(sentParams(calls)[0]).toEqual({ limit: 5, days: 30, team_ids: [12, 9] });
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.url.pathname === BIRTHDAYS)
          .at(-1)
          ?.url.searchParams.getAll('team_ids'),
      ).toEqual(['12', '9']),
    );
  });

  it('drops a team whose chip is removed, keeping focus on the next chip', async () => {
    const { calls } = setUp({ employeesOnProbation: { team_ids: [9, 12, 15] } });
    renderApp('/', { permissions: dashboardPermissions });
    const { user, card, teams } = await openSettings('Employees on probation');
    const removePlatform = await within(teams).findByRole('button', { name: 'Remove Platform' });
    expect(chipNames(teams)).toEqual(['Remove Platform', 'Remove Sales', 'Remove Sales support']);
    await user.click(removePlatform);
    expect(chipNames(teams)).toEqual(['Remove Sales', 'Remove Sales support']);
    expect(within(teams).getByRole('button', { name: 'Remove Sales' })).toHaveFocus();
    expect(within(teams).getByRole('checkbox', { name: 'Platform' })).not.toBeChecked();
    expect(within(teams).getByRole('checkbox', { name: 'Sales' })).toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentParams(calls)).toHaveLength(1));
    expect(sentParams(calls)[0]).toEqual({ limit: 5, team_ids: [12, 15] });
  });

  it('narrows the list to the teams whose name holds the typed text, without submitting on Enter', async () => {
    const { calls } = setUp();
    renderApp('/', { permissions: dashboardPermissions });
    const { user, teams } = await openSettings('Birthdays');
    await within(teams).findByRole('checkbox', { name: 'Platform' });
    const search = within(teams).getByRole('searchbox', { name: 'Find a team' });
    await user.type(search, 'sALes{Enter}');
    expect(
      within(teams)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent?.trim()),
    ).toEqual(['Sales', 'Sales support']);
    expect(within(teams).getByText('2 teams found')).toBeInTheDocument();
    expect(sentParams(calls)).toEqual([]);
    // A team chosen stays chosen while the list shows others.
    await user.click(within(teams).getByRole('checkbox', { name: 'Sales support' }));
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(within(teams).queryAllByRole('checkbox')).toEqual([]);
    expect(within(teams).getByText('No team matches “nothing like it”.')).toBeInTheDocument();
    expect(chipNames(teams)).toEqual(['Remove Sales support']);
  });

  it('saves an empty team_ids when every team is unticked or cleared: all teams', async () => {
    const { calls } = setUp({
      birthdays: { team_ids: [9] },
      employeesOnProbation: { team_ids: [9, 12] },
    });
    renderApp('/', { permissions: dashboardPermissions });
    const birthdays = await openSettings('Birthdays');
    await birthdays.user.click(await within(birthdays.teams).findByRole('checkbox', { name: 'Platform' }));
    expect(within(birthdays.teams).getByText('All teams')).toBeInTheDocument();
    await birthdays.user.click(within(birthdays.card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentParams(calls)).toHaveLength(1));
    expect(sentParams(calls)[0]).toEqual({ limit: 5, days: 30, team_ids: [] });

    const probation = await openSettings('Employees on probation');
    await probation.user.click(within(probation.teams).getByRole('button', { name: 'Show all teams' }));
    expect(chipNames(probation.teams)).toEqual([]);
    expect(within(probation.teams).getByRole('searchbox', { name: 'Find a team' })).toHaveFocus();
    await probation.user.click(within(probation.card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentParams(calls)).toHaveLength(2));
    expect(sentParams(calls)[1]).toEqual({ limit: 5, team_ids: [] });
  });

  it('is used by keyboard alone: Tab to a team, Space to tick it, Tab to its chip, Space to remove it', async () => {
    setUp();
    renderApp('/', { permissions: dashboardPermissions });
    const { user, teams } = await openSettings('Employees on probation');
    await within(teams).findByRole('checkbox', { name: 'Platform' });
    within(teams).getByRole('searchbox', { name: 'Find a team' }).focus();
    await user.tab();
    expect(within(teams).getByRole('checkbox', { name: 'Platform' })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(teams).getByRole('checkbox', { name: 'Platform' })).toBeChecked();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(within(teams).getByRole('button', { name: 'Remove Platform' })).toHaveFocus();
    await user.keyboard(' ');
    expect(chipNames(teams)).toEqual([]);
    expect(within(teams).getByRole('searchbox', { name: 'Find a team' })).toHaveFocus();
  });

  it('says when the teams fail to load and loads them again on retry', async () => {
    const teamsRoute: MockRoute = { path: TEAMS, status: 403, body: { message: 'Forbidden' } };
    setUp({}, teamsRoute);
    renderApp('/', { permissions: dashboardPermissions });
    const { user, teams } = await openSettings('Birthdays');
    const alert = await within(teams).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the teams.');
    // The route the fake answers from is the object passed in: it answers the teams from now on.
    Object.assign(teamsRoute, { status: 200, body: () => teamsBody });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(teams).findByRole('checkbox', { name: 'Platform' })).toBeInTheDocument();
    expect(within(teams).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no accessibility violations with teams chosen and the list filtered', async () => {
    setUp({ birthdays: { team_ids: [9, 12] } });
    renderApp('/', { permissions: dashboardPermissions });
    const { user, teams } = await openSettings('Birthdays');
    await within(teams).findByRole('button', { name: 'Remove Platform' });
    await user.type(within(teams).getByRole('searchbox', { name: 'Find a team' }), 'sa');
    expect(await findAxeViolations()).toEqual([]);
  });
});
