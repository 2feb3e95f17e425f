import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ownerRolePermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { buildPageData, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildPermissionsMap, buildRole } from '../roles-test-data';

const ROLE_PATH = '/api/v1/roles/5';

const savedRole = buildRole({
  permissions: buildPermissionsMap({
    Vacancy: { visibilitySettings: setAllLevel('only_my') },
    Candidate: { visibilitySettings: setAllLevel('to_all'), actions: ['change_source'] },
  }),
});

/** The role API: answers the role, and a save with the role as sent (as the server would store it). */
function mockRoleApi(role = savedRole) {
  return mockFetch([
    { path: ROLE_PATH, body: { data: role } },
    {
      method: 'POST',
      path: ROLE_PATH,
      body: ({ body }) => {
        const sent = body as { name: string; permissions: Record<string, unknown> };
        return {
          data: {
            ...role,
            name: sent.name,
            updatedAt: '2031-04-01T12:00:00.000Z',
            permissions: { ...role.permissions, ...sent.permissions },
          },
        };
      },
    },
    { path: '/api/v1/roles', body: { data: [] } },
  ]);
}

function lastSave(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'POST' && call.url.pathname === ROLE_PATH).at(-1)?.body as
    | { name: string; permissions: Record<string, unknown>; _method: string }
    | undefined;
}

async function openEditor() {
  return screen.findByRole('heading', { level: 1, name: 'Role: Sourcer' });
}

// A role query walks every element of the page, and the matrix has some 200 selects: jsdom takes
// a few hundred milliseconds per query (seconds with the visibility check). So a select is found by
// its aria-label, then its role and accessible name are asserted on the one found. Visibility is
// asserted on its own where it matters.
function select(name: string): HTMLSelectElement {
  const found = [...document.querySelectorAll('select')].filter(
    (element) => element.getAttribute('aria-label') === name,
  );
  expect(found).toHaveLength(1);
  const [element] = found as [HTMLSelectElement];
  expect(element).toHaveRole('combobox');
  expect(element).toHaveAccessibleName(name);
  return element;
}
const button = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('role editor', () => {
  it('shows each action at its level, translated, with names like "Vacancies — Create"', async () => {
    mockRoleApi();
    renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    expect(select('Vacancies — All actions')).toHaveDisplayValue('Only own');
    expect(select('Vacancies — Create')).toHaveDisplayValue('Only own');
    expect(select('Candidates — Edit')).toHaveDisplayValue('All');
    expect(select('Teams — All actions')).toHaveDisplayValue('No access');
    expect(select('Teams — View')).toHaveDisplayValue('Not visible');
    expect(screen.getByRole('checkbox', { name: 'Change the source', hidden: true })).toBeChecked();
    expect(screen.getByRole('table', { name: 'Recruiting', hidden: true })).toBeInTheDocument();
    expect(button('Save')).toHaveAttribute('aria-disabled', 'true');
  });

  it('the all-level setting sets every action, and saving sends it with all recorded', async () => {
    const { calls } = mockRoleApi();
    renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    await userEvent.selectOptions(select('Vacancies — All actions'), 'to_all');
    for (const action of ['View', 'Create', 'Edit', 'Delete']) {
      expect(select(`Vacancies — ${action}`)).toHaveDisplayValue('All');
    }
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await userEvent.click(button('Save'));
    await waitFor(() => expect(lastSave(calls)).toBeDefined());
    expect(lastSave(calls)).toEqual({
      _method: 'PUT',
      name: 'Sourcer',
      permissions: { Vacancy: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] } },
    });
    await waitFor(() => expect(button('Save')).toHaveAttribute('aria-disabled', 'true'));
    // Focus stays where the user was, on a button that now has nothing to do.
    expect(button('Save')).toHaveFocus();
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it('changing one action clears all; the other actions keep their level', async () => {
    const { calls } = mockRoleApi();
    renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    await userEvent.selectOptions(select('Candidates — Delete'), 'only_my');
    expect(select('Candidates — All actions')).toHaveDisplayValue('Per action');
    expect(select('Candidates — View')).toHaveDisplayValue('All');
    await userEvent.click(button('Save'));
    await waitFor(() => expect(lastSave(calls)).toBeDefined());
    expect(lastSave(calls)?.permissions).toEqual({
      Candidate: {
        visibilitySettings: {
          create: 'to_all',
          update: 'to_all',
          delete: 'only_my',
          view: 'to_all',
          all: null,
        },
        actions: ['change_source'],
        fields_view: [],
      },
    });
  });

  it('"No access" sends no visibility settings at all', async () => {
    const { calls } = mockRoleApi();
    renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    await userEvent.selectOptions(select('Vacancies — All actions'), 'none');
    expect(select('Vacancies — View')).toHaveDisplayValue('Not visible');
    await userEvent.click(button('Save'));
    await waitFor(() => expect(lastSave(calls)).toBeDefined());
    expect(lastSave(calls)?.permissions).toEqual({
      Vacancy: { visibilitySettings: null, actions: [], fields_view: [] },
    });
  });

  it('sends only the entities that changed, with named actions, fields and the new name', async () => {
    const { calls } = mockRoleApi();
    renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    const name = screen.getByRole('textbox', { name: 'Role name', hidden: true });
    await userEvent.clear(name);
    await userEvent.type(name, 'Senior sourcer');
    const candidateActions = screen.getByRole('group', { name: 'Candidates Actions', hidden: true });
    await userEvent.click(
      within(candidateActions).getByRole('checkbox', { name: 'Export the candidate database', hidden: true }),
    );
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Candidates Visible fields', hidden: true })).getByRole(
        'checkbox',
        {
          name: 'Email',
          hidden: true,
        },
      ),
    );
    // A change made and undone is no change.
    await userEvent.selectOptions(select('Teams — View'), 'to_all');
    await userEvent.selectOptions(select('Teams — All actions'), 'none');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    await userEvent.click(button('Save'));
    await waitFor(() => expect(lastSave(calls)).toBeDefined());
    expect(lastSave(calls)).toEqual({
      _method: 'PUT',
      name: 'Senior sourcer',
      permissions: {
        Candidate: {
          visibilitySettings: setAllLevel('to_all'),
          actions: ['change_source', 'export_database'],
          fields_view: ['field_email'],
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Role: Senior sourcer' }),
    ).toBeInTheDocument();
  });

  it('discards the draft back to the saved role', async () => {
    mockRoleApi();
    renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    await userEvent.selectOptions(select('Vacancies — All actions'), 'to_all');
    await userEvent.click(button('Discard changes'));
    expect(select('Vacancies — All actions')).toHaveDisplayValue('Only own');
    expect(button('Save')).toHaveAttribute('aria-disabled', 'true');
  });

  it('folds sub-entities under their parent', async () => {
    mockRoleApi();
    renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    const toggle = button('Employees: 7 sections');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(select('Personal information — View')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(select('Personal information — View')).toBeVisible();
  });

  it('folds away the areas outside the company plan', async () => {
    mockRoleApi();
    renderApp('/roles/5', {
      permissions: ownerRolePermissions,
      pageData: buildPageData({ tariffs: ['hrm'] }),
    });
    await openEditor();
    const recruiting = screen.getByRole('region', { name: 'Recruiting', hidden: true });
    const folded = within(recruiting).getByText('2 areas not in your plan').closest('details');
    expect(folded).not.toHaveAttribute('open');
    expect(within(folded as HTMLElement).getByRole('table', { hidden: true })).toHaveAccessibleName(
      'Recruiting: 2 areas not in your plan',
    );
    expect(screen.getByRole('table', { name: 'People', hidden: true })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and stays or leaves as told', async () => {
    mockRoleApi();
    const { location } = renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    await userEvent.selectOptions(select('Vacancies — All actions'), 'to_all');

    await userEvent.click(screen.getByRole('link', { name: 'All roles', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.history?.at(-1)).toBe('/app/roles/5');
    expect(select('Vacancies — All actions')).toHaveDisplayValue('All');

    await userEvent.click(screen.getByRole('link', { name: 'All roles', hidden: true }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/app/roles');
  });

  it('leaves without asking when nothing changed', async () => {
    mockRoleApi();
    renderApp('/roles/5', { permissions: ownerRolePermissions });
    await openEditor();
    await userEvent.click(screen.getByRole('link', { name: 'All roles', hidden: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reloads the signed-in user’s permissions after a save', async () => {
    mockRoleApi();
    const fetchPermissions = vi.fn(async (): Promise<UserPermissions> => ownerRolePermissions);
    renderApp('/roles/5', {
      permissions: ownerRolePermissions,
      pageData: buildPageData({ rolesUpdatedAt: '2031-03-10T09:00:00.000Z' }),
      fetchPermissions,
    });
    await openEditor();
    expect(fetchPermissions).toHaveBeenCalledTimes(1);
    await userEvent.selectOptions(select('Vacancies — All actions'), 'to_all');
    await userEvent.click(button('Save'));
    await waitFor(() => expect(fetchPermissions).toHaveBeenCalledTimes(2));
  });

  it('notes that owners keep role administration, and that the role is the user’s own', async () => {
    mockRoleApi(buildRole({ id: 1, key: 'owner', name: 'Owner' }));
    mockFetch([
      { path: '/api/v1/roles/1', body: { data: buildRole({ id: 1, key: 'owner', name: 'Owner' }) } },
    ]);
    renderApp('/roles/1', { permissions: ownerRolePermissions });
    await screen.findByRole('heading', { level: 1, name: 'Role: Owner' });
    expect(screen.getByText(/Owners always manage roles and staff accounts/)).toBeInTheDocument();
    expect(screen.getByText(/This is your own role/)).toBeInTheDocument();
  });

  it('shows not found for a role that does not exist', async () => {
    mockFetch([]);
    renderApp('/roles/77', { permissions: ownerRolePermissions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('has one h1 and no axe violations, sub-entities open', async () => {
    mockRoleApi();
    renderApp('/roles/5', {
      permissions: ownerRolePermissions,
      pageData: buildPageData({ tariffs: ['hrm'] }),
    });
    await openEditor();
    await userEvent.click(button('Employees: 7 sections'));
    await userEvent.selectOptions(select('Vacancies — All actions'), 'to_all');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });
});
