import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import {
  buildBalance,
  buildRequest,
  employeeAbsencePermissions,
  managerAbsencePermissions,
  page,
  sickNoteType,
  vacationType,
} from '../absences-test-data';

const TYPES = '/api/v1/absences/types';
const BALANCE = '/api/v1/dashboard/balance/absence';
const MY = '/api/v1/dashboard/requests/my';
const ALL = '/api/v1/dashboard/requests';
const REQUESTS = '/api/v1/employee-request/requests';
const PREVIEW = `${REQUESTS}/preview`;
const MANAGEMENT = '/api/v1/absences/management';
const COUNT = `${MANAGEMENT}/count`;
const LEDGER = '/api/v1/absences/ledger';
const LOAD_FAILED = 'Could not load the data.';

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function myAbsencesRoutes(extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: TYPES, body: { data: [vacationType, sickNoteType] } },
    { path: BALANCE, body: { data: [buildBalance()] } },
    { path: MY, body: page([buildRequest()]) },
  ];
}

function pick(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('my absences', () => {
  it('shows the balance, counts a request as it is filled in, and puts the server’s refusal under its field', async () => {
    const { calls } = mockFetch(
      myAbsencesRoutes([
        {
          method: 'POST',
          path: PREVIEW,
          body: {
            data: {
              unit: 'half_days',
              days: 3.5,
              days_by_year: { 2031: 3.5 },
              available_after: { 2031: 11 },
            },
          },
        },
        {
          method: 'POST',
          path: REQUESTS,
          status: 422,
          body: {
            message: 'The given data was invalid.',
            errors: { absence_type: ['Not enough balance in 2031: 2 left.'] },
          },
        },
      ]),
    );
    const user = userEvent.setup();
    renderApp('/absences', { permissions: employeeAbsencePermissions });
    const card = (await screen.findByRole('heading', { name: 'Vacation, 2031' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByText('14.5 days')).toBeInTheDocument();
    // My request, pending at the manager's step.
    const mine = await screen.findByRole('article', { name: 'Vacation' });
    expect(within(mine).getByText('Pending')).toBeInTheDocument();
    expect(within(mine).getByText(/Max Manager/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type', { exact: false }), 'vacation');
    pick(/^From/, '2031-06-02');
    pick(/^To/, '2031-06-05');
    await user.click(screen.getByLabelText('The last day until midday'));
    expect(await screen.findByText('This request counts 3.5 days.')).toBeInTheDocument();
    const previews = callsTo(calls, 'POST', PREVIEW);
    expect(previews.at(-1)?.body).toEqual({
      absence_type: 'vacation',
      date_from: '2031-06-02',
      date_to: '2031-06-05',
      half_day_start: false,
      half_day_end: true,
    });

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const message = await screen.findByText('Not enough balance in 2031: 2 left.');
    const typeSelect = screen.getByLabelText('Type', { exact: false });
    expect(typeSelect).toHaveAttribute('aria-invalid', 'true');
    expect(typeSelect.getAttribute('aria-describedby')).toContain(message.id);
    expect(callsTo(calls, 'POST', REQUESTS)).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });

  it('says under “To” when it is before “From” before anything is sent, and counts once it is fixed', async () => {
    const { calls } = mockFetch(
      myAbsencesRoutes([
        {
          method: 'POST',
          path: PREVIEW,
          body: {
            data: { unit: 'half_days', days: 4, days_by_year: { 2031: 4 }, available_after: { 2031: 10.5 } },
          },
        },
      ]),
    );
    const user = userEvent.setup();
    renderApp('/absences', { permissions: employeeAbsencePermissions });
    await user.selectOptions(await screen.findByLabelText('Type', { exact: false }), 'vacation');
    pick(/^From/, '2031-06-05');
    pick(/^To/, '2031-06-02');
    // The contract's own check words it (the same message the server would answer with a 422).
    const message = await screen.findByText('The end date is before the start date.');
    const to = screen.getByLabelText(/^To/);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to.getAttribute('aria-describedby')).toContain(message.id);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(callsTo(calls, 'POST', REQUESTS)).toHaveLength(0);
    // Nothing was counted for the reversed range either.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(calls, 'POST', PREVIEW)).toHaveLength(0);

    pick(/^To/, '2031-06-09');
    expect(await screen.findByText('This request counts 4 days.')).toBeInTheDocument();
    expect(screen.queryByText('The end date is before the start date.')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', PREVIEW).at(-1)?.body).toMatchObject({
      date_from: '2031-06-05',
      date_to: '2031-06-09',
    });
  });

  it('asks for the document a type needs before sending', async () => {
    const { calls } = mockFetch(
      myAbsencesRoutes([
        {
          method: 'POST',
          path: PREVIEW,
          body: { data: { unit: 'days', days: 2, days_by_year: { 2031: 2 }, available_after: null } },
        },
      ]),
    );
    const user = userEvent.setup();
    renderApp('/absences', { permissions: employeeAbsencePermissions });
    await user.selectOptions(await screen.findByLabelText('Type', { exact: false }), 'sick_days_doc');
    pick(/^From/, '2031-06-02');
    pick(/^To/, '2031-06-03');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Attach the document this type needs.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', REQUESTS)).toHaveLength(0);
  });

  it('explains a balance line by line', async () => {
    mockFetch(
      myAbsencesRoutes([
        {
          path: LEDGER,
          body: {
            data: {
              balance: buildBalance(),
              entries: [
                {
                  id: 1,
                  kind: 'accrual',
                  amount: 20,
                  request_id: null,
                  date_from: null,
                  date_to: null,
                  note: null,
                  created_at: '2031-01-01T00:00:00.000Z',
                },
                {
                  id: 2,
                  kind: 'absence',
                  amount: -2,
                  request_id: 4,
                  date_from: '2031-02-03',
                  date_to: '2031-02-04',
                  note: null,
                  created_at: '2031-02-01T00:00:00.000Z',
                },
              ],
            },
          },
        },
      ]),
    );
    const user = userEvent.setup();
    renderApp('/absences', { permissions: employeeAbsencePermissions });
    await user.click(await screen.findByRole('button', { name: 'Why this balance? (Vacation)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vacation: line by line' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'EntryAmount',
      'Accrual+20 days',
      expect.stringMatching(/^Absence .*-2 days$/),
      'Balance18 days',
      'Awaiting a decision−3.5 days',
      'Available14.5 days',
    ]);
  });

  it('says when nothing loaded, and retries', async () => {
    const { calls } = mockFetch([
      { path: TYPES, status: 500, body: { message: 'Server error' } },
      { path: BALANCE, body: { data: [] } },
      { path: MY, body: page([]) },
    ]);
    const user = userEvent.setup();
    renderApp('/absences', { permissions: employeeAbsencePermissions });
    const failed = await screen.findByText(LOAD_FAILED);
    await user.click(
      within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    await waitFor(() => expect(callsTo(calls, 'GET', TYPES).length).toBeGreaterThan(1));
  });

  it('says when there are no requests and no balances', async () => {
    mockFetch([
      { path: TYPES, body: { data: [vacationType] } },
      { path: BALANCE, body: { data: [] } },
      { path: MY, body: page([]) },
    ]);
    renderApp('/absences', { permissions: employeeAbsencePermissions });
    expect(await screen.findByText('You have no absence requests yet.')).toBeInTheDocument();
    expect(screen.getByText('No absence type is counted against a balance.')).toBeInTheDocument();
  });
});

describe('the management tab', () => {
  const awaiting = [
    buildRequest({
      id: 21,
      employee_id: 12,
      employee_name: 'Ivan Teammate',
      can: { decide: true, cancel: false, revoke: false, update: false, delete: false },
    }),
    buildRequest({
      id: 22,
      employee_id: 13,
      employee_name: 'Oksana Designer',
      absence_type: 'home_work',
      can: { decide: true, cancel: false, revoke: false, update: false, delete: false },
    }),
  ];

  function managementRoutes(extra: MockRoute[] = []): MockRoute[] {
    return [
      ...extra,
      { path: TYPES, body: { data: [vacationType, sickNoteType] } },
      { path: MANAGEMENT, body: page(awaiting) },
      { path: COUNT, body: { data: { total: 2, by_type: [{ absence_type: 'vacation', total: 2 }] } } },
      { path: ALL, body: page(awaiting) },
    ];
  }

  it('approves and rejects (with a reason) what awaits the user’s decision, with the count in the navigation', async () => {
    const approved = buildRequest({ ...awaiting[0], status: 'pending' });
    const rejected = buildRequest({ ...awaiting[1], status: 'rejected' });
    const { calls } = mockFetch(
      managementRoutes([
        { method: 'POST', path: `${REQUESTS}/21/approve`, body: { data: approved } },
        { method: 'POST', path: `${REQUESTS}/22/reject`, body: { data: rejected } },
      ]),
    );
    const user = userEvent.setup();
    renderApp('/absences/requests', { permissions: managerAbsencePermissions });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /Absence requests/ })).toHaveTextContent(
        '2 awaiting your decision',
      ),
    );
    const awaitingSection = (
      await screen.findByRole('heading', { name: 'Awaiting my decision (2)' })
    ).closest('section') as HTMLElement;
    const ivan = within(awaitingSection).getByRole('article', { name: 'Ivan Teammate · Vacation' });
    await user.click(within(ivan).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${REQUESTS}/21/approve`)).toHaveLength(1));

    const oksana = within(awaitingSection).getByRole('article', { name: /Oksana Designer/ });
    await user.click(within(oksana).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request of Oksana Designer' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${REQUESTS}/22/reject`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Release week');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${REQUESTS}/22/reject`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${REQUESTS}/22/reject`)[0]?.body).toEqual({ reason: 'Release week' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await findAxeViolations()).toEqual([]);
  });

  it('says when nothing awaits a decision and no request matches', async () => {
    mockFetch([
      { path: TYPES, body: { data: [vacationType] } },
      { path: MANAGEMENT, body: page([]) },
      { path: COUNT, body: { data: { total: 0, by_type: [] } } },
      { path: ALL, body: page([]) },
    ]);
    renderApp('/absences/requests', { permissions: managerAbsencePermissions });
    expect(await screen.findByText('Nothing awaits your decision.')).toBeInTheDocument();
    expect(await screen.findByText('No requests match these filters.')).toBeInTheDocument();
    // No direct entry without create_absence.
    expect(screen.queryByRole('button', { name: 'Enter an absence' })).not.toBeInTheDocument();
  });

  it('says under “To” when the date filter is reversed and asks for nothing until it is fixed', async () => {
    const { calls } = mockFetch(managementRoutes());
    renderApp('/absences/requests', { permissions: managerAbsencePermissions });
    await screen.findByRole('heading', { name: 'Awaiting my decision (2)' });
    const filters = screen.getByRole('group', { name: 'Filters' });
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2031-06-05' } });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', ALL).at(-1)?.url.searchParams.get('date_from')).toBe('2031-06-05'),
    );
    const before = callsTo(calls, 'GET', ALL).length;
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2031-06-01' } });
    const message = await within(filters).findByText('The end date is before the start date.');
    const to = within(filters).getByLabelText('To');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to.getAttribute('aria-describedby')).toBe(message.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo(calls, 'GET', ALL)).toHaveLength(before);

    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2031-06-30' } });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', ALL).at(-1)?.url.searchParams.get('date_to')).toBe('2031-06-30'),
    );
    expect(within(filters).queryByText('The end date is before the start date.')).not.toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('is not there for an employee without approvals', async () => {
    mockFetch([{ path: TYPES, body: { data: [vacationType] } }]);
    renderApp('/absences/requests', { permissions: employeeAbsencePermissions });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
