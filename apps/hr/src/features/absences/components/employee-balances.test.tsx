import { balanceAdjustmentBodySchema } from '@kadry/shared/schemas/absence-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildBalance, managerAbsencePermissions, page, vacationType } from '../absences-test-data';

const ADJUSTMENTS = '/api/v1/absences/settings/adjustments';
const BALANCES = '/api/v1/absences/balances/12';
const LEDGER = '/api/v1/absences/ledger';

/** HR who adjusts balances by hand (update_absence) and sees everyone's requests. */
const hrPermissions = buildPermissions({
  AbsenceRequest: {
    visibilitySettings: {
      create: 'to_all',
      update: 'to_all',
      delete: 'not_visible',
      view: 'to_all',
      all: null,
    },
    actions: ['management_tab', 'update_absence'],
    fields_view: [],
  },
});

const accrual = {
  id: 1,
  kind: 'accrual',
  amount: 20,
  request_id: null,
  date_from: null,
  date_to: null,
  note: null,
  created_at: '2031-01-01T00:00:00.000Z',
} as const;

const adjustment = {
  ...accrual,
  id: 2,
  kind: 'adjustment',
  amount: -1.5,
  note: 'Day off in lieu taken twice',
  created_at: '2031-03-01T10:00:00.000Z',
} as const;

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

/** The management tab's calls, a person to choose and their vacation balance, its ledger as it stands. */
function routes(state: { isAdjusted: boolean }, adjustmentRoute: MockRoute): MockRoute[] {
  return [
    adjustmentRoute,
    { path: '/api/v1/absences/types', body: { data: [vacationType] } },
    { path: '/api/v1/absences/management', body: page([]) },
    { path: '/api/v1/absences/management/count', body: { data: { total: 0, by_type: [] } } },
    { path: '/api/v1/dashboard/requests', body: page([]) },
    {
      path: '/api/v1/employees/all',
      body: {
        data: [
          { id: 12, name: 'Ivan Teammate', photo_url: null },
          { id: 13, name: 'Oksana Designer', photo_url: null },
        ],
      },
    },
    {
      path: BALANCES,
      body: () => ({
        data: [
          buildBalance(
            state.isAdjusted
              ? { accrued: 18.5, used: 0, pending: 0, available: 18.5 }
              : { accrued: 20, used: 0, pending: 0, available: 20 },
          ),
        ],
      }),
    },
    {
      path: LEDGER,
      body: () => ({
        data: {
          balance: buildBalance(
            state.isAdjusted
              ? { accrued: 18.5, used: 0, pending: 0, available: 18.5 }
              : { accrued: 20, used: 0, pending: 0, available: 20 },
          ),
          entries: state.isAdjusted ? [accrual, adjustment] : [accrual],
        },
      }),
    },
  ];
}

async function openAdjustment(user: ReturnType<typeof userEvent.setup>) {
  const section = (await screen.findByRole('heading', { name: 'Balances of a person' })).closest(
    'section',
  ) as HTMLElement;
  await user.selectOptions(
    await within(section).findByRole('combobox', { name: 'Employee' }),
    'Ivan Teammate',
  );
  await user.click(await within(section).findByRole('button', { name: 'Adjust (Vacation)' }));
  return {
    section,
    dialog: await screen.findByRole('dialog', { name: 'Adjust the balance of Ivan Teammate: Vacation' }),
  };
}

describe('manual balance adjustments', () => {
  it('adjusts a person’s balance with a reason, asking first for what is missing, and the ledger explains it', async () => {
    const state = { isAdjusted: false };
    const { calls } = mockFetch(
      routes(state, {
        method: 'POST',
        path: ADJUSTMENTS,
        status: 201,
        body: () => {
          state.isAdjusted = true;
          return {
            data: {
              employee_id: 12,
              absence_type: 'vacation',
              year: 2031,
              lines: [accrual, adjustment].map(({ date_from: _f, date_to: _t, ...line }) => line),
              balance: 18.5,
            },
          };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/absences/requests', { permissions: hrPermissions });
    const { section, dialog } = await openAdjustment(user);

    // Focus starts on the amount; the keyboard reaches every field and the button.
    const amount = within(dialog).getByRole('textbox', { name: /Amount, days/ });
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription(/negative one takes away/);
    expect(within(dialog).getByRole('spinbutton', { name: /Year it counts in/ })).toHaveValue(2031);
    await user.keyboard('{Enter}');
    expect(within(dialog).getAllByText('Please fill in this field')).toHaveLength(2);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAttribute('aria-invalid', 'true');

    await user.type(amount, '0');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Day off in lieu taken twice');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust the balance' }));
    expect(await within(dialog).findByText('The amount cannot be zero.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', ADJUSTMENTS)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '-1,5');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Adjust the balance' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(callsTo(calls, 'POST', ADJUSTMENTS)).toHaveLength(1));
    const sent = callsTo(calls, 'POST', ADJUSTMENTS)[0]?.body;
    expect(sent).toEqual({
      employee_id: 12,
      absence_type: 'vacation',
      year: 2031,
      amount: -1.5,
      note: 'Day off in lieu taken twice',
    });
    expect(balanceAdjustmentBodySchema.safeParse(sent).success).toBe(true);
    expect(await screen.findByText('The balance of Ivan Teammate is adjusted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The balance refreshed, and "Why this balance?" lists the adjustment with its reason.
    await waitFor(() => expect(within(section).getAllByText('18.5 days')).not.toHaveLength(0));
    await user.click(within(section).getByRole('button', { name: 'Why this balance? (Vacation)' }));
    const ledger = await screen.findByRole('dialog', { name: 'Vacation: line by line' });
    const rows = await within(ledger).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toContain('Adjustment · Day off in lieu taken twice-1.5 days');
    const ledgerCall = callsTo(calls, 'GET', LEDGER).at(-1);
    expect(ledgerCall?.url.searchParams.get('employee_id')).toBe('12');
    expect(ledgerCall?.url.searchParams.get('year')).toBe('2031');
    expect(await findAxeViolations()).toEqual([]);
  });

  it('says the server’s refusal under its field and keeps what was typed', async () => {
    const state = { isAdjusted: false };
    mockFetch(
      routes(state, {
        method: 'POST',
        path: ADJUSTMENTS,
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            year: ['Not a year this balance can be adjusted in.'],
            employee_id: ['No such employee.'],
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/absences/requests', { permissions: hrPermissions });
    const { dialog } = await openAdjustment(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Amount, days/ }), '2');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bonus days');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust the balance' }));
    const year = within(dialog).getByRole('spinbutton', { name: /Year it counts in/ });
    await waitFor(() => expect(year).toHaveAttribute('aria-invalid', 'true'));
    expect(year).toHaveAccessibleDescription('Not a year this balance can be adjusted in.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No such employee.');
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Bonus days');
  });

  it('is not offered without update_absence', async () => {
    mockFetch([
      { path: '/api/v1/absences/types', body: { data: [vacationType] } },
      { path: '/api/v1/absences/management', body: page([]) },
      { path: '/api/v1/absences/management/count', body: { data: { total: 0, by_type: [] } } },
      { path: '/api/v1/dashboard/requests', body: page([]) },
    ]);
    renderApp('/absences/requests', { permissions: managerAbsencePermissions });
    expect(await screen.findByText('Nothing awaits your decision.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Balances of a person' })).not.toBeInTheDocument();
  });
});
