import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createPermissionsStore } from './permissions-store';
import { buildPermissions, recruiterPermissions } from './permissions-test-data';
import { PermissionsProvider, useNotifyRolesUpdated, usePermissions } from './use-permissions';

function CandidateActions() {
  const { status, can, canDo, canSeeField } = usePermissions();
  return (
    <ul aria-label={status}>
      {can('Candidate', 'view') && <li>view candidates</li>}
      {can('Candidate', 'delete') && <li>delete candidates</li>}
      {canDo('Candidate', 'export_database') && <li>export</li>}
      {canSeeField('Candidate', 'field_email') && <li>email column</li>}
      {can('Payroll', 'view') && <li>payroll</li>}
    </ul>
  );
}

function renderWith(fetchPermissions: () => Promise<UserPermissions>, rolesUpdatedAt = 'a') {
  const store = createPermissionsStore({ fetchPermissions });
  const ui = (updatedAt: string) => (
    <PermissionsProvider userId={1} rolesUpdatedAt={updatedAt} releaseVersion="1.0.0" store={store}>
      <CandidateActions />
      <CandidateActions />
    </PermissionsProvider>
  );
  const view = render(ui(rolesUpdatedAt));
  return { ...view, rerenderWith: (updatedAt: string) => view.rerender(ui(updatedAt)) };
}

describe('usePermissions', () => {
  it('shows nothing until loaded, then what the role allows, with one request for every consumer', async () => {
    const fetchPermissions = vi.fn(async () => recruiterPermissions);
    renderWith(fetchPermissions);
    await waitFor(() => expect(screen.getAllByText('view candidates')).toHaveLength(2));
    expect(screen.getAllByText('email column')).toHaveLength(2);
    expect(screen.getAllByText('delete candidates')).toHaveLength(2);
    expect(screen.queryByText('export')).not.toBeInTheDocument();
    expect(screen.queryByText('payroll')).not.toBeInTheDocument();
    expect(fetchPermissions).toHaveBeenCalledTimes(1);
  });

  it('loads again when rolesUpdatedAt changes, and only then', async () => {
    const fetchPermissions = vi
      .fn<() => Promise<UserPermissions>>()
      .mockResolvedValueOnce(recruiterPermissions)
      .mockResolvedValueOnce(buildPermissions());
    const view = renderWith(fetchPermissions, 'a');
    await waitFor(() => expect(screen.getAllByText('view candidates')).toHaveLength(2));
    view.rerenderWith('a');
    expect(fetchPermissions).toHaveBeenCalledTimes(1);
    view.rerenderWith('b');
    await waitFor(() => expect(screen.queryByText('view candidates')).not.toBeInTheDocument());
    expect(fetchPermissions).toHaveBeenCalledTimes(2);
  });

  it('loads again when a role saved in this tab reports a later rolesUpdatedAt, and not for an earlier one', async () => {
    const fetchPermissions = vi
      .fn<() => Promise<UserPermissions>>()
      .mockResolvedValueOnce(recruiterPermissions)
      .mockResolvedValueOnce(buildPermissions());
    const store = createPermissionsStore({ fetchPermissions });
    function SaveButtons() {
      const notify = useNotifyRolesUpdated();
      return (
        <>
          <button type="button" onClick={() => notify('2031-03-10T08:00:00.000Z')}>
            earlier
          </button>
          <button type="button" onClick={() => notify('2031-03-10T10:00:00.000Z')}>
            later
          </button>
        </>
      );
    }
    render(
      <PermissionsProvider
        userId={1}
        rolesUpdatedAt="2031-03-10T09:00:00.000Z"
        releaseVersion="1.0.0"
        store={store}
      >
        <CandidateActions />
        <SaveButtons />
      </PermissionsProvider>,
    );
    await waitFor(() => expect(screen.getByText('view candidates')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'earlier' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchPermissions).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'later' }));
    await waitFor(() => expect(screen.queryByText('view candidates')).not.toBeInTheDocument());
    expect(fetchPermissions).toHaveBeenCalledTimes(2);
  });

  it('allows nothing when the request fails', async () => {
    renderWith(async () => {
      throw new Error('offline');
    });
    await waitFor(() => expect(screen.getAllByRole('list', { name: 'error' })).toHaveLength(2));
    expect(screen.queryByText('view candidates')).not.toBeInTheDocument();
  });

  it('refuses to work outside a provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<CandidateActions />)).toThrow(/PermissionsProvider/);
    spy.mockRestore();
  });
});
