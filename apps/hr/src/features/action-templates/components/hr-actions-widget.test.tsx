import type {
  ActionsTemplateResponse,
  TemplateAction,
  TemplateActionsGroup,
} from '@kadry/shared/schemas/action-templates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildState, dashboardPermissions, stateText } from '../../dashboard/dashboard-test-data';

const WIDGETS = '/api/v1/dashboard/widgets';
const GROUPS = '/api/v1/dashboard/actions/template';
const ONE = '/api/v1/dashboard/actions/template-events/7';
const MAKE_TASK = '/api/v1/dashboard/actions/tasks';
const PERIOD = { start: '2031-04-01', end: '2031-04-30' };

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function ref(id: number, name: string) {
  return {
    id,
    category: 1,
    name,
    task_type: 'custom' as const,
    trigger: 'start_of_work' as const,
    offset_days: 0,
    is_standard: true,
  };
}

function action(templateId: number, employeeId: number, name: string, date: string): TemplateAction {
  return {
    key: `${templateId}:${employeeId}:${date}`,
    template: ref(templateId, templateId === 11 ? 'Welcome meeting' : 'Probation review'),
    employee: { id: employeeId, name, photo_url: null },
    date,
    days_until: 22,
    assignee: { kind: 'manager', person: { id: 3, name: 'Mira Manager' } },
    task: null,
  };
}

function group(id: number, actions: TemplateAction[], total = actions.length): TemplateActionsGroup {
  return {
    template: ref(id, id === 11 ? 'Welcome meeting' : 'Probation review'),
    total,
    tasks_created: actions.filter((item) => item.task).length,
    actions,
  };
}

function answer(groups: TemplateActionsGroup[]): ActionsTemplateResponse {
  return {
    data: groups,
    meta: { period: PERIOD, total: groups.reduce((sum, item) => sum + item.total, 0) },
  };
}

function stateRoute(): MockRoute {
  return {
    path: WIDGETS,
    body: stateText(buildState(['hrActions'], { available: ['hrActions'] })),
  };
}

describe('the HR actions widget', () => {
  it('lists next month’s actions by template and makes one a task once', async () => {
    const user = userEvent.setup();
    let isMade = false;
    const welcome = action(11, 21, 'Nina New', '2031-04-01');
    const { calls } = mockFetch([
      stateRoute(),
      {
        path: GROUPS,
        body: () =>
          answer([
            group(11, [isMade ? { ...welcome, task: { id: 55, url: '/app/tasks/55' } } : welcome]),
            group(7, [action(7, 22, 'Tom Trial', '2031-04-13')], 3),
          ]),
      },
      {
        method: 'POST',
        path: MAKE_TASK,
        status: 201,
        body: () => {
          isMade = true;
          return { data: { task: { id: 55, url: '/app/tasks/55' }, is_new: true } };
        },
      },
      {
        path: ONE,
        body: {
          data: {
            template: ref(7, 'Probation review'),
            actions: [
              action(7, 22, 'Tom Trial', '2031-04-13'),
              action(7, 23, 'Tara Test', '2031-04-20'),
              action(7, 24, 'Ted Try', '2031-04-27'),
            ],
          },
          meta: { current_page: 1, last_page: 1, per_page: 20, total: 3, period: PERIOD },
        },
      },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await screen.findByRole('region', { name: 'HR actions' });
    expect(
      await within(widget).findByRole('heading', { name: /Welcome meeting/, level: 3 }),
    ).toBeInTheDocument();
    // Next month: no period sent (spec §7.2: null when empty), the widget's limit per template.
    const request = callsTo(calls, 'GET', GROUPS)[0]?.url;
    expect(request?.searchParams.get('per_template')).toBe('5');
    expect(request?.searchParams.has('custom_period_start')).toBe(false);
    expect(widget).toHaveTextContent('Does it: Mira Manager');
    expect(await findAxeViolations()).toEqual([]);

    await user.click(
      within(widget).getByRole('button', { name: 'Make a task: Welcome meeting for Nina New' }),
    );
    await waitFor(() => expect(callsTo(calls, 'POST', MAKE_TASK)).toHaveLength(1));
    expect(callsTo(calls, 'POST', MAKE_TASK)[0]?.body).toEqual({
      template_id: 11,
      employee_id: 21,
      date: '2031-04-01',
    });
    const link = await within(widget).findByRole('link', {
      name: /Open the task: Welcome meeting, Nina New/,
    });
    expect(link).toHaveAttribute('href', '/app/tasks/55');
    expect(
      within(widget).queryByRole('button', { name: 'Make a task: Welcome meeting for Nina New' }),
    ).not.toBeInTheDocument();

    // A template with more actions than shown opens them all.
    await user.click(within(widget).getByRole('button', { name: 'Show all 3' }));
    expect(await within(widget).findByText('Ted Try')).toBeInTheDocument();
    expect(within(widget).getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says when the period has no actions, and offers to retry after a failure', async () => {
    mockFetch([stateRoute(), { path: GROUPS, body: answer([group(11, [], 0)]) }]);
    const view = renderApp('/', { permissions: dashboardPermissions });
    expect(await screen.findByText('No actions in this period.')).toBeInTheDocument();
    view.unmount();

    mockFetch([stateRoute(), { path: GROUPS, status: 500, body: { message: 'Server error' } }]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await screen.findByRole('region', { name: 'HR actions' });
    expect(await within(widget).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('saves its period and team filters as the widget’s parameters', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      stateRoute(),
      { path: GROUPS, body: answer([group(11, [action(11, 21, 'Nina New', '2031-04-01')])]) },
      {
        path: '/dictionaries/visible-teams',
        body: { teams: [{ id: 9, name: 'Platform', parent_id: null, is_hidden: false }] },
      },
      { path: '/api/v1/employees/all', body: { data: [{ id: 21, name: 'Nina New', photo_url: null }] } },
      { path: '/api/v1/dashboard/dictionaries/event-templates', body: { data: {} } },
      {
        method: 'POST',
        path: '/api/v1/dashboard/layouts/current/params',
        body: ({ body }) => {
          const params = JSON.parse(String((body as { params: string }).params)) as Record<string, unknown>;
          return { data: { widget_name: 'hrActions', params } };
        },
      },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await screen.findByRole('region', { name: 'HR actions' });
    await user.click(
      await within(widget).findByRole('button', { name: 'Settings of the widget HR actions' }),
    );
    await user.type(within(widget).getByLabelText('From'), '2031-05-01');
    await user.click(await within(widget).findByRole('checkbox', { name: 'Platform' }));
    await user.click(within(widget).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/v1/dashboard/layouts/current/params')).toHaveLength(1),
    );
    const sent = callsTo(calls, 'POST', '/api/v1/dashboard/layouts/current/params')[0]?.body as
      | { params: string }
      | undefined;
    const saved = JSON.parse(sent?.params ?? '{}') as Record<string, unknown>;
    expect(saved).toMatchObject({
      custom_period_start: '2031-05-01',
      custom_period_end: null,
      team_ids: [9],
    });
  });

  it('picks one person among thousands: a search narrows the options, at most 200 at once (issue 15)', async () => {
    const user = userEvent.setup();
    const people = Array.from({ length: 250 }, (_, index) => ({
      id: index + 1,
      name: `Person ${String(index + 1).padStart(3, '0')}`,
      photo_url: null,
    }));
    const { calls } = mockFetch([
      stateRoute(),
      { path: GROUPS, body: answer([group(11, [action(11, 21, 'Nina New', '2031-04-01')])]) },
      { path: '/dictionaries/visible-teams', body: { teams: [] } },
      { path: '/api/v1/employees/all', body: { data: people } },
      { path: '/api/v1/dashboard/dictionaries/event-templates', body: { data: {} } },
      {
        method: 'POST',
        path: '/api/v1/dashboard/layouts/current/params',
        body: ({ body }) => {
          const params = JSON.parse(String((body as { params: string }).params)) as Record<string, unknown>;
          return { data: { widget_name: 'hrActions', params } };
        },
      },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await screen.findByRole('region', { name: 'HR actions' });
    await user.click(
      await within(widget).findByRole('button', { name: 'Settings of the widget HR actions' }),
    );
    const select = within(widget).getByRole('combobox', { name: 'Person' });
    // Everyone, then the first 200 names; the rest are one search away.
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(201));
    expect(within(widget).getByText('50 more: type more of the name.')).toBeInTheDocument();
    await user.type(within(widget).getByRole('searchbox', { name: 'Find a person' }), 'person 24');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', ...Array.from({ length: 10 }, (_, index) => `Person ${240 + index}`)]);
    await user.selectOptions(select, 'Person 245');
    // Enter in the search box does not submit the settings.
    await user.type(within(widget).getByRole('searchbox', { name: 'Find a person' }), '{Enter}');
    expect(callsTo(calls, 'POST', '/api/v1/dashboard/layouts/current/params')).toHaveLength(0);
    await user.clear(within(widget).getByRole('searchbox', { name: 'Find a person' }));
    await user.type(within(widget).getByRole('searchbox', { name: 'Find a person' }), 'nobody');
    // The chosen person stays an option whatever the search.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Person 245']);
    expect(within(widget).getByText('Nobody matches “nobody”.')).toBeInTheDocument();
    await user.click(within(widget).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/v1/dashboard/layouts/current/params')).toHaveLength(1),
    );
    const sent = callsTo(calls, 'POST', '/api/v1/dashboard/layouts/current/params')[0]?.body as
      | { params: string }
      | undefined;
    expect(JSON.parse(sent?.params ?? '{}')).toMatchObject({ employee_ids: [245] });
  });

  it('groups the template filter: the standard templates in the spec’s order, then the company’s', async () => {
    const user = userEvent.setup();
    const entry = (id: number, name: string, position: number) => ({
      id,
      code: `template_${id}`,
      name,
      meta: {},
      position,
    });
    mockFetch([
      stateRoute(),
      { path: GROUPS, body: answer([group(11, [action(11, 21, 'Nina New', '2031-04-01')])]) },
      { path: '/dictionaries/visible-teams', body: { teams: [] } },
      { path: '/api/v1/employees/all', body: { data: [] } },
      {
        path: '/api/v1/dashboard/dictionaries/event-templates',
        body: {
          data: {
            '1': [
              entry(4, 'Probation ends', 1),
              entry(30, 'Team lunch', 2),
              entry(13, 'Dismissal', 3),
              entry(5, 'Work anniversary', 4),
              entry(7, 'Probation review', 5),
              entry(11, 'Welcome meeting', 6),
              entry(12, 'First week check-in', 7),
            ],
            '3': [entry(40, 'Birthday card', 1)],
          },
        },
      },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await screen.findByRole('region', { name: 'HR actions' });
    await user.click(
      await within(widget).findByRole('button', { name: 'Settings of the widget HR actions' }),
    );
    const standard = await within(widget).findByRole('group', { name: 'Standard templates' });
    const custom = within(widget).getByRole('group', { name: 'Company templates' });
    const names = (element: HTMLElement) =>
      within(element)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent?.trim());
    expect(names(standard)).toEqual([
      'Welcome meeting',
      'First week check-in',
      'Probation review',
      'Work anniversary',
      'Probation ends',
      'Dismissal',
    ]);
    expect(names(custom)).toEqual(['Team lunch', 'Birthday card']);
    await user.click(within(custom).getByRole('checkbox', { name: 'Team lunch' }));
    expect(within(custom).getByRole('checkbox', { name: 'Team lunch' })).toBeChecked();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('shows all the period’s actions in a dialog, filtered and paged, each with “make a task”', async () => {
    const user = userEvent.setup();
    const EVENTS = '/api/v1/dashboard/actions/template-events';
    const rows = [action(11, 21, 'Nina New', '2031-04-01'), action(7, 22, 'Tom Trial', '2031-04-13')];
    const { calls } = mockFetch([
      stateRoute(),
      { path: GROUPS, body: answer([group(11, [rows[0] as TemplateAction])]) },
      { path: '/dictionaries/visible-teams', body: { teams: [] } },
      { path: '/api/v1/employees/all', body: { data: [] } },
      {
        path: '/api/v1/dashboard/dictionaries/event-templates',
        body: {
          data: { '1': [{ id: 11, code: 'welcome', name: 'Welcome meeting', meta: {}, position: 1 }] },
        },
      },
      {
        path: EVENTS,
        body: ({ url }) => {
          const page = Number(url.searchParams.get('page') ?? '1');
          return {
            data: page === 1 ? rows : [action(7, 23, 'Tara Test', '2031-04-20')],
            meta: { current_page: page, last_page: 2, per_page: 20, total: 21, period: PERIOD },
          };
        },
      },
      {
        method: 'POST',
        path: MAKE_TASK,
        status: 201,
        body: { data: { task: { id: 56, url: '/app/tasks/56' }, is_new: true } },
      },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await screen.findByRole('region', { name: 'HR actions' });
    await user.click(await within(widget).findByRole('button', { name: 'All actions' }));
    const dialog = await screen.findByRole('dialog', { name: 'All HR actions' });
    expect(await within(dialog).findByText('Tom Trial')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Found: 21');
    const first = callsTo(calls, 'GET', EVENTS)[0]?.url.searchParams;
    expect(first?.get('page')).toBe('1');
    expect(first?.get('per_page')).toBe('20');
    expect(first?.get('status')).toBe('all');
    expect(first?.get('mine')).toBe('false');
    expect(first?.has('custom_period_start')).toBe(false);
    expect(await findAxeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Tara Test')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', EVENTS).at(-1)?.url.searchParams.get('page')).toBe('2');

    // A filter goes back to the first page.
    await user.selectOptions(within(dialog).getByLabelText('Show'), 'Without a task');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Only what I do' }));
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'Welcome meeting');
    await waitFor(() => {
      const last = callsTo(calls, 'GET', EVENTS).at(-1)?.url.searchParams;
      expect(last?.get('status')).toBe('open');
      expect(last?.get('mine')).toBe('true');
      expect(last?.getAll('template_ids')).toEqual(['11']);
      expect(last?.get('page')).toBe('1');
    });

    await user.click(
      await within(dialog).findByRole('button', { name: 'Make a task: Probation review for Tom Trial' }),
    );
    await waitFor(() => expect(callsTo(calls, 'POST', MAKE_TASK)).toHaveLength(1));
    expect(callsTo(calls, 'POST', MAKE_TASK)[0]?.body).toEqual({
      template_id: 7,
      employee_id: 22,
      date: '2031-04-13',
    });

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(widget).getByRole('button', { name: 'All actions' })).toHaveFocus();
  });
});
