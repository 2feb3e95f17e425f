import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownerRolePermissions, recruiterPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, renderApp } from '../../../test/render-app';
import { buildRole, buildRoleWithUsage } from '../roles-test-data';

const roles = [
  buildRoleWithUsage({ id: 1, key: 'owner', name: 'Owner', users_count: 1 }),
  buildRoleWithUsage({ id: 2, key: 'hr', name: 'HR', users_count: 3 }),
  buildRoleWithUsage({ id: 5, key: null, name: 'Sourcer', users_count: 0 }),
];

function rowOf(name: string): HTMLElement {
  return screen.getByRole('link', { name }).closest('tr') as HTMLElement;
}

describe('roles list', () => {
  it('shows each role with its type and how many people have it; only custom roles can be deleted', async () => {
    mockFetch([{ path: '/api/v1/roles', body: { data: roles } }]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await screen.findByRole('link', { name: 'Sourcer' });
    expect(rowOf('HR')).toHaveTextContent('Built-in role');
    expect(rowOf('HR')).toHaveTextContent('3 people');
    expect(rowOf('Owner')).toHaveTextContent('1 person');
    expect(rowOf('Sourcer')).toHaveTextContent('Custom role');
    expect(screen.queryByRole('button', { name: 'Delete HR' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Owner' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Sourcer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Roles' })).toHaveAttribute('aria-current', 'page');
  });

  it('creates a role from a copy of another and opens it in the editor', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/roles', body: { data: roles } },
      {
        method: 'POST',
        path: '/api/v1/roles',
        status: 201,
        body: { data: buildRole({ id: 9, name: 'Junior HR' }) },
      },
    ]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Role name' })).toHaveFocus());
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Role name' }), '  Junior HR ');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Start from' }), 'HR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Role: Junior HR' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ name: 'Junior HR', copy_from_role_id: 2 });
  });

  it('creates an empty role when nothing is chosen to start from, and refuses an empty name', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/roles', body: { data: roles } },
      { method: 'POST', path: '/api/v1/roles', status: 201, body: { data: buildRole({ id: 9 }) } },
    ]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(within(dialog).getByText('Enter the role name.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Sourcer 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Sourcer 2' }),
    );
  });

  it('shows the server’s message under the name when it refuses it', async () => {
    mockFetch([
      { path: '/api/v1/roles', body: { data: roles } },
      {
        method: 'POST',
        path: '/api/v1/roles',
        status: 422,
        body: { message: 'Invalid', errors: { name: ['A role with this name exists.'] } },
      },
    ]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    const name = within(dialog).getByRole('textbox', { name: 'Role name' });
    await userEvent.type(name, 'HR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('A role with this name exists.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
  });

  it('renames a role with an update call', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/roles', body: { data: roles } },
      {
        method: 'POST',
        path: '/api/v1/roles/2',
        body: { data: buildRole({ id: 2, key: 'hr', name: 'People team' }) },
      },
    ]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename HR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the role HR' });
    const name = within(dialog).getByRole('textbox', { name: 'Role name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'People team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'People team',
      _method: 'PUT',
    });
  });

  it('deletes a custom role after confirmation', async () => {
    let remaining = roles;
    const { calls } = mockFetch([
      { path: '/api/v1/roles', body: () => ({ data: remaining }) },
      {
        method: 'DELETE',
        path: '/api/v1/roles/5',
        body: () => {
          remaining = roles.slice(0, 2);
          return null;
        },
      },
    ]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sourcer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the role Sourcer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sourcer' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('says how many people still have the role when the server refuses to delete it (409)', async () => {
    // The list was stale: it said nobody; the server knows better and the refetched list says 2.
    let usersCount = 0;
    mockFetch([
      {
        path: '/api/v1/roles',
        body: () => ({ data: [...roles.slice(0, 2), buildRoleWithUsage({ users_count: usersCount })] }),
      },
      {
        method: 'DELETE',
        path: '/api/v1/roles/5',
        status: 409,
        body: () => {
          usersCount = 2;
          return { message: 'Someone has this role.' };
        },
      },
    ]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sourcer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the role Sourcer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(
      await within(dialog).findByText(
        '2 people have this role. Give them another role first, then delete it.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete role' })).not.toBeInTheDocument();
    // The page behind the modal is hidden from assistive technology, but the role is still listed.
    expect(screen.getByRole('link', { name: 'Sourcer', hidden: true })).toBeInTheDocument();
  });

  it('does not offer deleting a role people have, and says why', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/roles', body: { data: [buildRoleWithUsage({ users_count: 1 })] } },
    ]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sourcer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the role Sourcer?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('1 person has this role.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('is not found, and not in the navigation, for anyone but owners', async () => {
    const { calls } = mockFetch([{ path: '/api/v1/roles', body: { data: roles } }]);
    renderApp('/roles', { permissions: recruiterPermissions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/v1/roles'))).toBe(false);
  });

  it('has one h1 and no axe violations', async () => {
    mockFetch([{ path: '/api/v1/roles', body: { data: roles } }]);
    renderApp('/roles', { permissions: ownerRolePermissions });
    await screen.findByRole('link', { name: 'Sourcer' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });
});
