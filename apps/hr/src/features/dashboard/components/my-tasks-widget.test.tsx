import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildTask, taskList, taskPermissions } from '../../tasks/tasks-test-data';
import { buildState, stateText } from '../dashboard-test-data';

// The myTasks widget (issue 15): open tasks soonest first with per_page from its limit and its filters,
// resolve from the row, "complete all" after a confirmation, open one in the modal, its parameters saved
// through dashboard.layouts.current.params; loading, empty and error states.

const WIDGETS = '/api/v1/dashboard/widgets';
const LIST = '/api/v1/dashboard/my-tasks';
const RESOLVE_ALL = '/api/v1/dashboard/my-tasks/resolve';
const CURRENT_PARAMS = '/api/v1/dashboard/layouts/current/params';

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

const soon = buildTask({ id: 1, name: 'Call Anna', event_id: 2, type: 'call', date: '2031-03-11 10:00:00' });
const later = buildTask({
  id: 2,
  name: 'Review Petro',
  event_id: 5,
  type: 'review',
  date: '2031-03-20 15:00:00',
  date_end: '2031-03-20 16:00:59',
});

function dashboardWith(params: object = {}): MockRoute {
  return { path: WIDGETS, body: stateText(buildState(['myTasks'], { params: { myTasks: params } })) };
}

async function findWidget() {
  const heading = await screen.findByRole('heading', { name: 'My tasks', level: 2 });
  return heading.closest('section') as HTMLElement;
}

describe('the myTasks widget', () => {
  it("lists the open tasks as the server orders them, asking with the widget's limit and filters", async () => {
    const { calls } = mockFetch([
      dashboardWith({ limit: 3, scope: 'created_by_me', event_id: 2 }),
      { path: LIST, body: taskList([soon, later], { open_total: 7 }) },
    ]);
    renderApp('/', { permissions: taskPermissions });
    const widget = await findWidget();
    const list = await within(widget).findByRole('list', { name: 'My tasks' });
    expect(
      within(list)
        .getAllByRole('button', { name: /^(Call Anna|Review Petro)$/ })
        .map((b) => b.textContent),
    ).toEqual(['Call Anna', 'Review Petro']);
    expect(within(widget).getByText('7 open tasks')).toBeInTheDocument();
    const query = callsTo(calls, 'GET', LIST)[0]?.url.searchParams;
    expect(query?.get('status')).toBe('open');
    expect(query?.get('per_page')).toBe('3');
    expect(query?.get('scope')).toBe('created_by_me');
    expect(query?.get('event_id')).toBe('2');
  });

  it('marks a task done from its row', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      dashboardWith(),
      { path: LIST, body: taskList([soon]) },
      {
        method: 'POST',
        path: '/api/v1/profile/events/1/resolution',
        body: {
          data: {
            ...soon,
            resolution: 'done',
            resolved_at: '2031-03-10T10:00:00.000Z',
            resolved_by: soon.assignee,
          },
        },
      },
    ]);
    renderApp('/', { permissions: taskPermissions });
    const widget = await findWidget();
    await user.click(await within(widget).findByRole('button', { name: 'Mark “Call Anna” as done' }));
    await waitFor(() => expect(within(widget).getByText('“Call Anna” marked as done.')).toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/v1/profile/events/1/resolution')[0]?.body).toEqual({
      resolution: 'done',
    });
  });

  it('completes all tasks only after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      dashboardWith(),
      { path: LIST, body: taskList([soon, later]) },
      { method: 'POST', path: RESOLVE_ALL, body: { data: { resolved: 2, ids: [1, 2] } } },
    ]);
    renderApp('/', { permissions: taskPermissions });
    const widget = await findWidget();
    await within(widget).findByRole('list', { name: 'My tasks' });
    await user.click(within(widget).getByRole('button', { name: 'Complete all' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Complete all your open tasks?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', RESOLVE_ALL)).toHaveLength(0);
    await user.click(within(widget).getByRole('button', { name: 'Complete all' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete all' }),
    );
    await waitFor(() => expect(within(widget).getByText('2 tasks completed.')).toBeInTheDocument());
    expect(callsTo(calls, 'POST', RESOLVE_ALL)[0]?.body).toEqual({ resolution: 'done' });
  });

  it('opens a task in the modal and gives focus back to its row when closed', async () => {
    const user = userEvent.setup();
    mockFetch([
      dashboardWith(),
      { path: LIST, body: taskList([soon]) },
      { path: '/api/v1/profile/events/1', body: { data: soon } },
      { path: '/api/v1/profile/events/1/comments', body: { data: [] } },
    ]);
    renderApp('/', { permissions: taskPermissions });
    const widget = await findWidget();
    const open = await within(widget).findByRole('button', { name: 'Call Anna' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Call Anna' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('saves its settings as myTasks params through dashboard.layouts.current.params', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      dashboardWith(),
      { path: LIST, body: taskList([]) },
      {
        method: 'POST',
        path: CURRENT_PARAMS,
        body: { data: { widget_name: 'myTasks', params: { limit: 10, scope: 'all', event_id: 5 } } },
      },
    ]);
    renderApp('/', { permissions: taskPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByText('No open tasks. Well done!')).toBeInTheDocument();
    await user.click(within(widget).getByRole('button', { name: 'Settings of the widget My tasks' }));
    await user.selectOptions(within(widget).getByRole('combobox', { name: 'Rows shown' }), '10');
    await user.selectOptions(within(widget).getByRole('combobox', { name: 'Whose' }), 'All I can see');
    await user.selectOptions(within(widget).getByRole('combobox', { name: 'Type' }), 'Review');
    await user.click(within(widget).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', CURRENT_PARAMS)).toHaveLength(1));
    const body = callsTo(calls, 'POST', CURRENT_PARAMS)[0]?.body as { widget_name: string; params: string };
    expect(body.widget_name).toBe('myTasks');
    expect(JSON.parse(body.params)).toEqual({ limit: 10, scope: 'all', event_id: 5 });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', LIST).at(-1)?.url.searchParams.get('per_page')).toBe('10'),
    );
  });

  it('says when its tasks could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    mockFetch([dashboardWith(), { path: LIST, status: 503, body: { message: 'Try later.' } }]);
    renderApp('/', { permissions: taskPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByRole('alert')).toHaveTextContent('Could not load this widget.');
    mockFetch([dashboardWith(), { path: LIST, body: taskList([soon]) }]);
    await user.click(within(widget).getByRole('button', { name: 'Try again' }));
    expect(await within(widget).findByRole('button', { name: 'Call Anna' })).toBeInTheDocument();
  });
});
