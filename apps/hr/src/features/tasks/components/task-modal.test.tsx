import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { commentDrafts, taskCommentDraftKey } from '../../../lib/local-db/comment-drafts';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildComment, buildTask, taskList, taskPermissions } from '../tasks-test-data';

// The task modal (spec §2.4, §4, §7.2): create with the date/seconds rule and multipart fields, update
// as POST with _method PUT, resolve, comments (edit with comment_type 1) and the comment draft kept in
// the local database across a remount.

const LIST = '/api/v1/dashboard/my-tasks';
const EMPLOYEES = '/api/v1/employees/all';
const task = (id: number) => `/api/v1/profile/events/${id}`;

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function formOf(call: RecordedCall | undefined): FormData {
  expect(call?.body).toBeInstanceOf(FormData);
  return call?.body as FormData;
}

function baseRoutes(): MockRoute[] {
  return [
    { path: LIST, body: taskList([buildTask()]) },
    {
      path: EMPLOYEES,
      body: {
        data: [
          { id: 3, name: 'Anna New', photo_url: null },
          { id: 8, name: 'Petro Lead', photo_url: null },
        ],
      },
    },
  ];
}

function file(name: string, size: number, lastModified: number): File {
  return new File([new Uint8Array(size)], name, { type: 'application/pdf', lastModified });
}

beforeEach(async () => {
  await commentDrafts.clear(taskCommentDraftKey(1));
});

describe('creating a task', () => {
  it('sends the start with seconds 00, the end with seconds 59, whom it concerns and two files as multipart', async () => {
    const user = userEvent.setup();
    const created = buildTask({ id: 5, name: 'Prepare the contract' });
    const { calls } = mockFetch([
      ...baseRoutes(),
      { method: 'POST', path: LIST, status: 201, body: { data: created } },
      { path: task(5), body: { data: created } },
      { path: `${task(5)}/comments`, body: { data: [] } },
    ]);
    renderApp('/tasks', { permissions: taskPermissions });
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Prepare the contract');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'Review');
    fireEvent.change(within(dialog).getByLabelText(/^Start date/), { target: { value: '2031-03-12' } });
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '09:30' } });
    fireEvent.change(within(dialog).getByLabelText(/^End date/), { target: { value: '2031-03-13' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '18:15' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Concerns/ })).toHaveTextContent('Petro Lead'),
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Concerns/ }), 'Anna New');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    // The same file twice (same name and modified time) is kept once (spec §4 Files).
    await user.upload(input, [
      file('offer.pdf', 2048, 1),
      file('plan.pdf', 4096, 2),
      file('offer.pdf', 2048, 1),
    ]);
    expect(within(dialog).getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    expect(within(dialog).getByText('2 KB')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await screen.findByRole('dialog', { name: 'Prepare the contract' });
    const body = formOf(callsTo(calls, 'POST', LIST)[0]);
    expect(body.get('name')).toBe('Prepare the contract');
    expect(body.get('event_id')).toBe('5');
    expect(body.get('date')).toBe('2031-03-12 09:30:00');
    expect(body.get('date_end')).toBe('2031-03-13 18:15:59');
    expect(body.get('all_day')).toBe('false');
    expect(body.get('employee_id')).toBe('3');
    expect(body.get('description')).toBe('');
    expect((body.get('attached_files[0]') as File).name).toBe('offer.pdf');
    expect((body.get('attached_files[1]') as File).name).toBe('plan.pdf');
    expect(body.has('attached_files[2]')).toBe(false);
    expect(
      within(screen.getByRole('dialog')).getByText('Task “Prepare the contract” created.'),
    ).toBeInTheDocument();
  });

  it('sends an all-day task from 00:00:00 to 23:59:59', async () => {
    const user = userEvent.setup();
    const created = buildTask({ id: 6, name: 'Day off prep', all_day: true });
    const { calls } = mockFetch([
      ...baseRoutes(),
      { method: 'POST', path: LIST, status: 201, body: { data: created } },
      { path: task(6), body: { data: created } },
      { path: `${task(6)}/comments`, body: { data: [] } },
    ]);
    renderApp('/tasks', { permissions: taskPermissions });
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Day off prep');
    fireEvent.change(within(dialog).getByLabelText(/^Start date/), { target: { value: '2031-04-01' } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'All day' }));
    expect(within(dialog).queryByLabelText(/^From/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await screen.findByRole('dialog', { name: 'Day off prep' });
    const body = formOf(callsTo(calls, 'POST', LIST)[0]);
    expect(body.get('date')).toBe('2031-04-01 00:00:00');
    expect(body.get('date_end')).toBe('2031-04-01 23:59:59');
    expect(body.get('all_day')).toBe('true');
  });

  it('sends nothing while the name is empty or the end is before the start, and says why', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(baseRoutes());
    renderApp('/tasks', { permissions: taskPermissions });
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    fireEvent.change(within(dialog).getByLabelText(/^Start date/), { target: { value: '2031-03-12' } });
    fireEvent.change(within(dialog).getByLabelText(/^End date/), { target: { value: '2031-03-12' } });
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '10:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    expect(within(dialog).getByText('Give the task a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('The end is before the start.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(callsTo(calls, 'POST', LIST)).toHaveLength(0);
  });

  it('shows a refused file type and its size before sending, and will not send it', async () => {
    // As a browser's "All files" choice: the input's accept list does not filter what is picked.
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = mockFetch(baseRoutes());
    renderApp('/tasks', { permissions: taskPermissions });
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    expect(within(dialog).getByText(/Up to 10 files, 20 MB each: PDF, DOC/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Check');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [new File(['x'.repeat(3000)], 'tool:setup?.exe', { lastModified: 3 })]);
    // Shown with the name cleaned as the server stores it.
    expect(within(dialog).getByText('tool_setup_.exe')).toBeInTheDocument();
    expect(within(dialog).getByText('This type of file cannot be attached.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    expect(within(dialog).getByText('Remove the files that cannot be attached first.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', LIST)).toHaveLength(0);
  });
});

describe('a task in the modal', () => {
  it('opens at /tasks/:id, closes with Escape back to the list, and has no axe violations', async () => {
    const user = userEvent.setup();
    mockFetch([
      ...baseRoutes(),
      { path: task(1), body: { data: buildTask() } },
      { path: `${task(1)}/comments`, body: { data: [buildComment()] } },
    ]);
    const { location } = renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    expect(within(dialog).getByText('Welcome meeting')).toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { name: '1 comment' })).toBeInTheDocument();
    // The exact time is in the tooltip of the relative one.
    const time = dialog.querySelector('time[datetime="2031-03-10T09:00:00.000Z"]');
    expect(time?.getAttribute('title')).toMatch(/2031/);
    expect(within(dialog).getByRole('img', { name: '4 of 5' })).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe('/app/tasks');
  });

  it('saves an edit as POST with _method PUT, dropping a stored file by id', async () => {
    const user = userEvent.setup();
    const stored = buildTask({
      files: [{ id: 31, name: 'old-plan.pdf', size: 5000, mime: 'application/pdf', url: '/f/31' }],
    });
    let current = stored;
    const { calls } = mockFetch([
      ...baseRoutes(),
      { path: task(1), body: () => ({ data: current }) },
      { path: `${task(1)}/comments`, body: { data: [] } },
      {
        method: 'POST',
        path: task(1),
        body: () => {
          current = buildTask({ name: 'Welcome Anna properly' });
          return { data: current };
        },
      },
    ]);
    renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Welcome Anna properly');
    await user.click(within(dialog).getByRole('button', { name: 'Remove old-plan.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Welcome Anna properly' });
    const body = formOf(callsTo(calls, 'POST', task(1))[0]);
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('name')).toBe('Welcome Anna properly');
    expect(body.get('date')).toBe('2031-03-12 09:00:00');
    expect(body.get('date_end')).toBe('2031-03-12 10:00:59');
    expect(body.get('detached_file_ids[0]')).toBe('31');
  });

  it('resolves with the chosen resolution and announces it', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      ...baseRoutes(),
      { path: task(1), body: { data: buildTask() } },
      { path: `${task(1)}/comments`, body: { data: [] } },
      {
        method: 'POST',
        path: `${task(1)}/resolution`,
        body: {
          data: buildTask({
            resolution: 'not_done',
            resolved_at: '2031-03-10T10:00:00.000Z',
            resolved_by: { id: 7, name: 'Olena Owner' },
          }),
        },
      },
    ]);
    renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Resolution' }), 'Not done');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(within(dialog).getByText('Task resolved: Not done.')).toBeInTheDocument());
    expect(callsTo(calls, 'POST', `${task(1)}/resolution`)[0]?.body).toEqual({ resolution: 'not_done' });
  });

  it('sends a resolution note with the resolution, and nothing for an empty note', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      ...baseRoutes(),
      { path: task(1), body: { data: buildTask() } },
      { path: `${task(1)}/comments`, body: { data: [] } },
      {
        method: 'POST',
        path: `${task(1)}/resolution`,
        body: { data: buildTask({ resolution: 'done', resolved_at: '2031-03-10T10:00:00.000Z' }) },
      },
    ]);
    renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      '  Signed the papers.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${task(1)}/resolution`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${task(1)}/resolution`)[0]?.body).toEqual({
      resolution: 'done',
      comment: 'Signed the papers.',
    });
  });

  it('deletes after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      ...baseRoutes(),
      { path: task(1), body: { data: buildTask() } },
      { path: `${task(1)}/comments`, body: { data: [] } },
      { method: 'DELETE', path: task(1), status: 204 },
    ]);
    renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete task' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Welcome Anna”?' });
    expect(callsTo(calls, 'DELETE', task(1))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'DELETE', task(1))).toHaveLength(1);
  });

  it('says a task out of reach is not found', async () => {
    mockFetch([...baseRoutes(), { path: task(99), status: 404, body: { message: 'Not found' } }]);
    renderApp('/tasks/99', { permissions: taskPermissions });
    expect(await screen.findByRole('dialog', { name: 'Task not found' })).toBeInTheDocument();
  });
});

describe('comments', () => {
  it('sends text and a rating chosen with the keyboard as multipart, then clears the form', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      ...baseRoutes(),
      { path: task(1), body: { data: buildTask() } },
      { path: `${task(1)}/comments`, body: { data: [] } },
      { method: 'POST', path: `${task(1)}/comments`, status: 201, body: { data: buildComment() } },
    ]);
    renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Your comment' }), 'All set');
    // The rating is a radio group: arrow keys move along it.
    await user.click(within(dialog).getByRole('radio', { name: '1 of 5' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: '3 of 5' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send comment' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Your comment' })).toHaveValue(''),
    );
    const body = formOf(callsTo(calls, 'POST', `${task(1)}/comments`)[0]);
    expect(body.get('text')).toBe('All set');
    expect(body.get('rating')).toBe('3');
    expect(await commentDrafts.read(taskCommentDraftKey(1))).toBeNull();
  });

  it('sends an edit with _method PUT, comment_type 1 and the removed files', async () => {
    const user = userEvent.setup();
    const comment = buildComment({
      files: [{ id: 41, name: 'notes.txt', size: 100, mime: 'text/plain', url: '/f/41' }],
    });
    const { calls } = mockFetch([
      ...baseRoutes(),
      { path: task(1), body: { data: buildTask({ comments_count: 1 }) } },
      { path: `${task(1)}/comments`, body: { data: [comment] } },
      {
        method: 'POST',
        path: `${task(1)}/comments/21`,
        body: { data: buildComment({ text: 'Went very well.', rating: 5, edited: true }) },
      },
    ]);
    renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    const item = await within(dialog).findByRole('article', { name: 'Olena Owner' });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const text = within(item).getByRole('textbox', { name: 'Comment' });
    await user.clear(text);
    await user.type(text, 'Went very well.');
    await user.click(within(item).getByRole('radio', { name: '5 of 5' }));
    await user.click(within(item).getByRole('button', { name: 'Remove notes.txt' }));
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${task(1)}/comments/21`)).toHaveLength(1));
    const body = formOf(callsTo(calls, 'POST', `${task(1)}/comments/21`)[0]);
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('comment_type')).toBe('1');
    expect(body.get('text')).toBe('Went very well.');
    expect(body.get('rating')).toBe('5');
    expect(body.get('removed_files[0]')).toBe('41');
    expect(body.has('is_shared')).toBe(false);
  });

  it('makes a private comment shared in an edit, for who may share, and leaves sharing alone otherwise', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      ...baseRoutes(),
      {
        path: task(1),
        body: {
          data: buildTask({
            comments_count: 1,
            can: { update: true, delete: true, resolve: true, comment: true, share_comments: true },
          }),
        },
      },
      { path: `${task(1)}/comments`, body: { data: [buildComment()] } },
      {
        method: 'POST',
        path: `${task(1)}/comments/21`,
        body: { data: buildComment({ is_shared: true, edited: true }) },
      },
    ]);
    renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    const item = await within(dialog).findByRole('article', { name: 'Olena Owner' });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const share = within(item).getByRole('checkbox', { name: 'Visible to everyone who sees the task' });
    expect(share).not.toBeChecked();
    await user.click(share);
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${task(1)}/comments/21`)).toHaveLength(1));
    expect(formOf(callsTo(calls, 'POST', `${task(1)}/comments/21`)[0]).get('is_shared')).toBe('1');
  });

  it('keeps a half-written comment as a draft that survives a remount', async () => {
    const user = userEvent.setup();
    const routes = [
      ...baseRoutes(),
      { path: task(1), body: { data: buildTask() } },
      { path: `${task(1)}/comments`, body: { data: [] } },
    ];
    mockFetch(routes);
    const first = renderApp('/tasks/1', { permissions: taskPermissions });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Your comment' }), 'Half a thou');
    await waitFor(async () => expect(await commentDrafts.read(taskCommentDraftKey(1))).toBe('Half a thou'));
    first.unmount();

    // The next page load: a new app over the same local database.
    mockFetch(routes);
    renderApp('/tasks/1', { permissions: taskPermissions });
    const again = await screen.findByRole('dialog', { name: 'Welcome Anna' });
    await waitFor(() =>
      expect(within(again).getByRole('textbox', { name: 'Your comment' })).toHaveValue('Half a thou'),
    );
    expect(within(again).getByText('Your unsent draft was restored.')).toBeInTheDocument();
  });
});
