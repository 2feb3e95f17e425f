import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildTask, taskList, taskPermissions } from '../tasks-test-data';

// The tasks screen (/app/tasks): filters in the address, the page size in local storage
// (perPage_tasks), cards, and the screen hidden from whoever lacks the Employee.Tasks view.

const LIST = '/api/v1/dashboard/my-tasks';

function listCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'GET' && call.url.pathname === LIST);
}

describe('the tasks screen', () => {
  it('asks with the stored page size and the filters of the address', async () => {
    localStorage.setItem('perPage_tasks', '50');
    const { calls } = mockFetch([{ path: LIST, body: taskList([buildTask()], { per_page: 50 }) }]);
    renderApp('/tasks?status=resolved&scope=all&event_id=9&date_from=2031-03-01', {
      permissions: taskPermissions,
    });
    expect(await screen.findByRole('heading', { name: 'Tasks', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Welcome Anna' })).toBeInTheDocument();
    const query = listCalls(calls)[0]?.url.searchParams;
    expect(query?.get('per_page')).toBe('50');
    expect(query?.get('status')).toBe('resolved');
    expect(query?.get('scope')).toBe('all');
    expect(query?.get('event_id')).toBe('9');
    expect(query?.get('date_from')).toBe('2031-03-01');
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('50');
  });

  it('keeps a new page size for the next visit and puts a chosen filter in the address', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([{ path: LIST, body: taskList([]) }]);
    const { location } = renderApp('/tasks', { permissions: taskPermissions });
    expect(await screen.findByText('No tasks here yet.')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.url.searchParams.get('per_page')).toBe('20');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '10');
    expect(localStorage.getItem('perPage_tasks')).toBe('10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Whose' }), 'Created by me');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/app/tasks?scope=created_by_me'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('scope')).toBe('created_by_me'));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('per_page')).toBe('10');
    expect(await screen.findByText('No tasks match these filters.')).toBeInTheDocument();
  });

  it('opens a task from its card at /tasks/:id', async () => {
    const user = userEvent.setup();
    mockFetch([
      { path: LIST, body: taskList([buildTask()]) },
      { path: '/api/v1/profile/events/1', body: { data: buildTask() } },
      { path: '/api/v1/profile/events/1/comments', body: { data: [] } },
    ]);
    const { location } = renderApp('/tasks', { permissions: taskPermissions });
    await user.click(await screen.findByRole('button', { name: 'Welcome Anna' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Anna' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/app/tasks/1');
    // The list stays under the modal (hidden from assistive technology while it is open).
    const list = screen.getByRole('list', { name: 'Tasks', hidden: true });
    expect(within(list).getAllByRole('listitem', { hidden: true })).toHaveLength(1);
  });

  it('is not there without the Employee.Tasks view', async () => {
    const { calls } = mockFetch([]);
    renderApp('/tasks', { permissions: buildPermissions() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(0);
  });
});
