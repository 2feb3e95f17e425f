import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { ActionTemplate } from '@kadry/shared/schemas/action-templates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';

const TEMPLATES = '/api/v1/action-templates';

function templatePermissions(level: Level = 'to_all') {
  return buildPermissions({
    Template: {
      visibilitySettings: { create: level, update: level, delete: level, view: 'to_all', all: null },
      actions: [],
      fields_view: [],
    },
    Employee: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
  });
}

function template(overrides: Partial<ActionTemplate> & { id: number; name: string }): ActionTemplate {
  return {
    category: 1,
    names: null,
    description: '',
    has_own_description: false,
    task_type: 'custom',
    assignee: 'manager',
    assignee_user: null,
    trigger: 'start_of_work',
    offset_days: 0,
    is_standard: false,
    is_active: true,
    ...overrides,
  };
}

const welcome = template({
  id: 11,
  name: 'Welcome meeting',
  description: 'Meet the newcomer on their first day.',
  task_type: 'welcome_meeting',
  is_standard: true,
});
const review = template({
  id: 7,
  name: 'Probation review',
  task_type: 'review',
  trigger: 'probation_end',
  offset_days: -7,
  is_standard: true,
  is_active: false,
});
const birthday = template({
  id: 100,
  name: 'Birthday greeting',
  names: { en: 'Birthday greeting' },
  trigger: 'birthday',
  assignee: 'user',
  assignee_user: { id: 5, name: 'Hanna HR' },
});

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function cardOf(name: string): HTMLElement {
  return screen.getByRole('heading', { name, level: 2 }).closest('li') as HTMLElement;
}

describe('HR action templates screen', () => {
  it('lists the templates with when and who, standard ones without delete', async () => {
    mockFetch([{ path: TEMPLATES, body: { data: [welcome, review, birthday] } }]);
    renderApp('/settings/action-templates', { permissions: templatePermissions() });
    expect(await screen.findByRole('heading', { name: 'Action templates', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Welcome meeting', level: 2 });
    expect(cardOf('Welcome meeting')).toHaveTextContent('On the day: Start of work');
    expect(cardOf('Welcome meeting')).toHaveTextContent('The employee’s manager');
    expect(cardOf('Probation review')).toHaveTextContent('7 days before: End of probation');
    expect(cardOf('Probation review')).toHaveTextContent('Off');
    expect(cardOf('Birthday greeting')).toHaveTextContent('Hanna HR');
    expect(
      within(cardOf('Welcome meeting')).queryByRole('button', { name: 'Delete Welcome meeting' }),
    ).not.toBeInTheDocument();
    expect(
      within(cardOf('Birthday greeting')).getByRole('button', { name: 'Delete Birthday greeting' }),
    ).toBeInTheDocument();
    expect(
      within(cardOf('Probation review')).getByRole('button', { name: 'Switch on Probation review' }),
    ).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('creates a template from the form: a name in one language, 3 days before the dismissal', async () => {
    const user = userEvent.setup();
    let created: ActionTemplate | null = null;
    const { calls } = mockFetch([
      { path: TEMPLATES, body: () => ({ data: created ? [welcome, created] : [welcome] }) },
      {
        method: 'POST',
        path: TEMPLATES,
        status: 201,
        body: () => {
          created = template({ id: 101, name: 'Вихідна розмова', trigger: 'dismissal', offset_days: -3 });
          return { data: created };
        },
      },
    ]);
    renderApp('/settings/action-templates', { permissions: templatePermissions() });
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    // Without a name the form says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give the template a name in at least one language')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', TEMPLATES)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Ukrainian'), 'Вихідна розмова');
    await user.selectOptions(within(dialog).getByLabelText('Task type'), 'exit_interview');
    await user.selectOptions(within(dialog).getByLabelText('Counted from'), 'dismissal');
    await user.selectOptions(within(dialog).getByLabelText('Before or after'), 'before');
    const days = within(dialog).getByLabelText('Days');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(calls, 'POST', TEMPLATES)).toHaveLength(1));
    expect(callsTo(calls, 'POST', TEMPLATES)[0]?.body).toEqual({
      names: { uk: 'Вихідна розмова' },
      description: null,
      category: 1,
      task_type: 'exit_interview',
      assignee: 'manager',
      assignee_employee_id: null,
      trigger: 'dismissal',
      offset_days: -3,
      is_active: true,
    });
    expect(await screen.findByRole('heading', { name: 'Вихідна розмова', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the person when a chosen person does it, from the people with an account', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      { path: TEMPLATES, body: { data: [welcome] } },
      {
        path: '/api/v1/employees/all',
        body: {
          data: [
            { id: 5, name: 'Hanna HR', photo_url: null, account_id: 8 },
            { id: 6, name: 'No Account', photo_url: null, account_id: null },
          ],
        },
      },
      { method: 'POST', path: `${TEMPLATES}/11`, body: { data: { ...welcome, assignee: 'user' } } },
    ]);
    renderApp('/settings/action-templates', { permissions: templatePermissions() });
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    // A standard template keeps its category.
    expect(within(dialog).getByLabelText('Category')).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Who does it'), 'user');
    const person = within(dialog).getByLabelText(/Person/);
    await within(person).findByRole('option', { name: 'Hanna HR' });
    expect(within(person).queryByRole('option', { name: 'No Account' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose who does it')).toBeInTheDocument();
    await user.selectOptions(person, 'Hanna HR');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${TEMPLATES}/11`)).toHaveLength(1));
    const sent = callsTo(calls, 'POST', `${TEMPLATES}/11`)[0]?.body;
    // The standard template's built-in name stays (no names of its own): names null.
    expect(sent).toMatchObject({ _method: 'PUT', names: null, assignee: 'user', assignee_employee_id: 5 });
  });

  it('switches a template off and back on', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      { path: TEMPLATES, body: { data: [welcome] } },
      { method: 'POST', path: `${TEMPLATES}/11`, body: { data: { ...welcome, is_active: false } } },
    ]);
    renderApp('/settings/action-templates', { permissions: templatePermissions() });
    await user.click(await screen.findByRole('button', { name: 'Switch off Welcome meeting' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${TEMPLATES}/11`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${TEMPLATES}/11`)[0]?.body).toMatchObject({
      is_active: false,
      trigger: 'start_of_work',
      offset_days: 0,
    });
    expect(await screen.findByText('Welcome meeting is off')).toBeInTheDocument();
  });

  it('deletes an own template after asking', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      { path: TEMPLATES, body: { data: [welcome, birthday] } },
      { method: 'DELETE', path: `${TEMPLATES}/100`, status: 204 },
    ]);
    renderApp('/settings/action-templates', { permissions: templatePermissions() });
    await user.click(await screen.findByRole('button', { name: 'Delete Birthday greeting' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Birthday greeting' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', `${TEMPLATES}/100`)).toHaveLength(1));
  });

  it('shows no changes to a reader, and says when there are no templates or the list failed', async () => {
    mockFetch([{ path: TEMPLATES, body: { data: [welcome] } }]);
    const view = renderApp('/settings/action-templates', { permissions: templatePermissions('only_my') });
    await screen.findByRole('heading', { name: 'Welcome meeting', level: 2 });
    expect(screen.queryByRole('button', { name: 'New template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Switch|Delete/ })).not.toBeInTheDocument();
    view.unmount();

    mockFetch([{ path: TEMPLATES, body: { data: [] } }]);
    const empty = renderApp('/settings/action-templates', { permissions: templatePermissions() });
    expect(await screen.findByText('No templates yet.')).toBeInTheDocument();
    empty.unmount();

    mockFetch([{ path: TEMPLATES, status: 500, body: { message: 'Server error' } }]);
    renderApp('/settings/action-templates', { permissions: templatePermissions() });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not offered without the Template view', async () => {
    mockFetch([{ path: TEMPLATES, body: { data: [welcome] } }]);
    renderApp('/settings/action-templates', {
      permissions: buildPermissions({
        Employee: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Action templates');
    expect(screen.queryByRole('heading', { name: 'Welcome meeting' })).not.toBeInTheDocument();
  });
});
