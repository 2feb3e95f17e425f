import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildState, stateText } from '../dashboard-test-data';

// The children statistics and administration widgets (issue 15): counts by age group with a link to
// the page; the followed accounts with role, state and last sign-in, chosen from `employee.all` and
// saved through `dashboard.widgets.params` with `account_ids` as the extra field.

const WIDGETS = '/api/v1/dashboard/widgets';
const WIDGET_PARAMS = '/api/v1/dashboard/widgets/params';
const CHILDREN = '/api/statistics/children';
const ADMINISTRATIONS = '/api/v1/dashboard/administrations';
const ALL = '/api/v1/employees/all';
const CURRENT_PARAMS = '/api/v1/dashboard/layouts/current/params';
const TEAMS = '/dictionaries/visible-teams';

const ownerPermissions = {
  ...buildPermissions({
    Dashboard: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
    Statistic: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
    Settings: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
  }),
  role: { id: 1, key: 'owner' as const, name: 'Owner' },
};

const summary = {
  total: 3,
  by_age: [
    { age: 1, count: 1 },
    { age: 4, count: 1 },
    { age: 5, count: 1 },
  ],
  by_gender: [{ gender: 'male' as const, count: 3 }],
};

function setUp(accountIds: number[]) {
  const state = buildState(['childrenStatistics', 'administration'], {
    available: ['childrenStatistics', 'administration'],
    params: { administration: { account_ids: accountIds } },
  });
  return mockFetch([
    { path: WIDGETS, body: stateText(state) },
    {
      path: CHILDREN,
      body: { data: [], meta: { current_page: 1, last_page: 3, per_page: 1, total: 3 }, summary },
    },
    {
      path: ADMINISTRATIONS,
      body: {
        data: [
          {
            id: 40,
            employee_id: 4,
            name: 'Ira Invited',
            role: { id: 2, key: 'hr', name: 'HR' },
            status: 'invited',
            last_sign_in_at: null,
          },
          {
            id: 41,
            employee_id: 5,
            name: 'Dan Disabled',
            role: { id: 3, key: null, name: 'Auditor' },
            status: 'disabled',
            last_sign_in_at: '2031-03-01T10:00:00.000Z',
          },
        ],
      },
    },
    {
      path: ALL,
      body: {
        data: [
          { id: 4, name: 'Ira Invited', photo_url: null, account_id: 40 },
          { id: 5, name: 'Dan Disabled', photo_url: null, account_id: 41 },
          { id: 6, name: 'Nina Noaccount', photo_url: null, account_id: null },
        ],
      },
    },
    {
      path: TEAMS,
      body: {
        teams: [
          { id: 9, name: 'Platform', parent_id: null, is_hidden: false },
          { id: 12, name: 'Sales', parent_id: null, is_hidden: false },
        ],
      },
    },
    {
      method: 'POST',
      path: CURRENT_PARAMS,
      body: ({ body }) => ({
        data: {
          widget_name: 'childrenStatistics',
          params: JSON.parse((body as { params: string }).params),
        },
      }),
    },
    {
      method: 'POST',
      path: WIDGET_PARAMS,
      body: ({ body }) => ({
        data: {
          widget_name: 'administration',
          params: { account_ids: (body as { account_ids: number[] }).account_ids },
        },
      }),
    },
  ]);
}

const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.url.pathname === path);

describe('the children statistics widget', () => {
  it('counts children by age group, asking only for the counts, and links to the page', async () => {
    const { calls } = setUp([]);
    renderApp('/', { permissions: ownerPermissions });
    const widget = (await screen.findByRole('heading', { name: 'Children statistics' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(widget).findByText('3 children')).toBeInTheDocument();
    expect(within(widget).getByText('3–6 years').closest('li')).toHaveTextContent('2');
    expect(within(widget).getByText('0–2 years').closest('li')).toHaveTextContent('1');
    expect(within(widget).getByRole('link', { name: 'Open children statistics' })).toHaveAttribute(
      'href',
      '/app/statistics/children',
    );
    // Only non-empty parameters: no team filter set.
    expect([...(callsTo(calls, CHILDREN)[0]?.url.searchParams.entries() ?? [])]).toEqual([['per_page', '1']]);
  });

  it('counts the children of every team chosen in its settings', async () => {
    const { calls } = setUp([]);
    const user = userEvent.setup();
    renderApp('/', { permissions: ownerPermissions });
    const widget = (await screen.findByRole('heading', { name: 'Children statistics' })).closest(
      'section',
    ) as HTMLElement;
    await user.click(
      within(widget).getByRole('button', { name: 'Settings of the widget Children statistics' }),
    );
    const teams = within(widget).getByRole('group', { name: 'Teams' });
    await user.click(await within(teams).findByRole('checkbox', { name: 'Platform' }));
    await user.click(within(teams).getByRole('checkbox', { name: 'Sales' }));
    await user.click(within(widget).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, CURRENT_PARAMS)).toHaveLength(1));
    const sent = callsTo(calls, CURRENT_PARAMS)[0]?.body as { widget_name: string; params: string };
    expect(sent.widget_name).toBe('childrenStatistics');
    expect(JSON.parse(sent.params)).toEqual({ team_ids: [9, 12] });
    await waitFor(() =>
      expect(callsTo(calls, CHILDREN).at(-1)?.url.searchParams.getAll('team_ids')).toEqual(['9', '12']),
    );
  });
});

describe('the administration widget', () => {
  it('asks for nothing while it follows no account and says how to choose some', async () => {
    const { calls } = setUp([]);
    renderApp('/', { permissions: ownerPermissions });
    expect(
      await screen.findByText('Choose the accounts to follow in the widget’s settings.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, ADMINISTRATIONS)).toHaveLength(0);
  });

  it('shows the followed accounts’ role, state and last sign-in, and saves a new choice as account_ids', async () => {
    const { calls } = setUp([40, 41]);
    const user = userEvent.setup();
    renderApp('/', { permissions: ownerPermissions });
    const widget = (await screen.findByRole('heading', { name: 'Administration' })).closest(
      'section',
    ) as HTMLElement;
    const ira = (await within(widget).findByText('Ira Invited')).closest('li') as HTMLElement;
    expect(ira).toHaveTextContent('Invited');
    expect(ira).toHaveTextContent('HR');
    expect(ira).toHaveTextContent('Never signed in');
    const dan = within(widget).getByText('Dan Disabled').closest('li') as HTMLElement;
    expect(dan).toHaveTextContent('Disabled');
    expect(dan).toHaveTextContent('Last sign-in');
    expect(callsTo(calls, ADMINISTRATIONS)[0]?.url.searchParams.getAll('account_ids')).toEqual(['40', '41']);

    await user.click(within(widget).getByRole('button', { name: 'Settings of the widget Administration' }));
    const options = await within(widget).findByRole('group', { name: 'Accounts to follow' });
    // Only employees with an account can be followed.
    expect(
      within(options)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent?.trim()),
    ).toEqual(['Ira Invited', 'Dan Disabled']);
    await user.click(within(options).getByRole('checkbox', { name: 'Ira Invited' }));
    await user.click(within(widget).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, WIDGET_PARAMS)).toHaveLength(1));
    expect(callsTo(calls, WIDGET_PARAMS)[0]?.body).toEqual({
      widget_name: 'administration',
      account_ids: [41],
    });
    expect(await findAxeViolations()).toEqual([]);
  });
});
