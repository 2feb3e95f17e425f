import { updateAbsenceEntryBodySchema } from '@kadry/shared/schemas/absences';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildRequest, managerAbsencePermissions, page, vacationType } from '../absences-test-data';

const ENTRY = '/api/v1/absences/entries/31';

/** HR who changes and removes entered absences (update_absence, delete_absence). */
const hrPermissions = buildPermissions({
  AbsenceRequest: {
    visibilitySettings: {
      create: 'to_all',
      update: 'to_all',
      delete: 'to_all',
      view: 'to_all',
      all: null,
    },
    actions: ['management_tab', 'update_absence', 'delete_absence'],
    fields_view: [],
  },
});

const approved = buildRequest({
  id: 31,
  employee_id: 12,
  employee_name: 'Ivan Teammate',
  status: 'approved',
  comment: 'Family trip',
  steps: [],
  can: { decide: false, cancel: false, revoke: true, update: true, delete: true },
});

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function routes(extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: '/api/v1/absences/types', body: { data: [vacationType] } },
    { path: '/api/v1/absences/management', body: page([]) },
    { path: '/api/v1/absences/management/count', body: { data: { total: 0, by_type: [] } } },
    { path: '/api/v1/dashboard/requests', body: page([approved]) },
    { path: '/api/v1/dashboard/requests/31', body: { data: approved } },
  ];
}

async function openDetail(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('article', { name: 'Ivan Teammate · Vacation' });
  await user.click(within(card).getByRole('button', { name: 'Details' }));
  const detail = await screen.findByRole('dialog', { name: 'Absence request' });
  await within(detail).findByRole('article', { name: 'Ivan Teammate · Vacation' });
  return detail;
}

describe('editing and deleting an entered absence', () => {
  it('changes the dates, half days and comment, with the server’s refusal under its field', async () => {
    const refusal: MockRoute = {
      method: 'POST',
      path: ENTRY,
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { date_to: ['Overlaps another request from 2031-06-09 to 2031-06-10.'] },
      },
    };
    const first = mockFetch(routes([refusal]));
    const user = userEvent.setup();
    renderApp('/absences/requests', { permissions: hrPermissions });
    const detail = await openDetail(user);
    await user.click(within(detail).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the absence of Ivan Teammate' });

    // Opens with the absence as it is; the type is not asked.
    const from = within(dialog).getByLabelText(/^From/);
    const to = within(dialog).getByLabelText(/^To/);
    expect(from).toHaveValue('2031-06-02');
    expect(to).toHaveValue('2031-06-05');
    expect(within(dialog).queryByRole('combobox', { name: /Type/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /last day until midday/i })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveValue('Family trip');

    // A "To" before "From" is said before anything is sent.
    fireEvent.change(to, { target: { value: '2031-06-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(callsTo(first.calls, 'POST', ENTRY)).toHaveLength(0);

    fireEvent.change(to, { target: { value: '2031-06-10' } });
    await user.click(within(dialog).getByRole('checkbox', { name: /last day until midday/i }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(first.calls, 'POST', ENTRY)).toHaveLength(1));
    const message = await within(dialog).findByText(
      'Overlaps another request from 2031-06-09 to 2031-06-10.',
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to.getAttribute('aria-describedby')).toContain(message.id);

    // Fixed, it is saved: the body is the contract's (a PUT sent as POST with _method).
    const changed = buildRequest({ ...approved, date_to: '2031-06-08', half_day_end: false, comment: null });
    const second = mockFetch(routes([{ method: 'POST', path: ENTRY, body: { data: changed } }]));
    fireEvent.change(to, { target: { value: '2031-06-08' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(second.calls, 'POST', ENTRY)).toHaveLength(1));
    const { _method, ...sent } = (callsTo(second.calls, 'POST', ENTRY)[0]?.body ?? {}) as Record<
      string,
      unknown
    >;
    expect(_method).toBe('PUT');
    expect(sent).toEqual({
      date_from: '2031-06-02',
      date_to: '2031-06-08',
      half_day_start: false,
      half_day_end: false,
      comment: '',
    });
    expect(updateAbsenceEntryBodySchema.safeParse(sent).success).toBe(true);
    expect(await screen.findByText('Absence changed; the balance is recounted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Change the absence of Ivan Teammate' }),
      ).not.toBeInTheDocument(),
    );
    expect(await findAxeViolations()).toEqual([]);
  });

  it('deletes only after a confirmation', async () => {
    const revoked = buildRequest({
      ...approved,
      status: 'revoked',
      can: { decide: false, cancel: false, revoke: false, update: false, delete: false },
    });
    const { calls } = mockFetch(routes([{ method: 'DELETE', path: ENTRY, body: { data: revoked } }]));
    const user = userEvent.setup();
    renderApp('/absences/requests', { permissions: hrPermissions });
    const detail = await openDetail(user);
    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the absence of Ivan Teammate?' });
    // It opens on the safe choice; keeping it sends nothing.
    expect(within(confirm).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'DELETE', ENTRY)).toHaveLength(0);

    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete the absence of Ivan Teammate?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', ENTRY)).toHaveLength(1));
    expect(await screen.findByText('Absence deleted; its days are back in the balance.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says in the confirmation why the server refused to delete', async () => {
    mockFetch(
      routes([
        {
          method: 'DELETE',
          path: ENTRY,
          status: 409,
          body: { message: 'Only an approved absence can be removed.' },
        },
      ]),
    );
    const user = userEvent.setup();
    renderApp('/absences/requests', { permissions: hrPermissions });
    const detail = await openDetail(user);
    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the absence of Ivan Teammate?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toBeInTheDocument();
  });

  it('offers neither to a role without update_absence and delete_absence', async () => {
    mockFetch(routes());
    const user = userEvent.setup();
    renderApp('/absences/requests', { permissions: managerAbsencePermissions });
    const detail = await openDetail(user);
    expect(within(detail).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
