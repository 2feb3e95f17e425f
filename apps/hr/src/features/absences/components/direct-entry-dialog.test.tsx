import { type AbsenceType, absenceTypeSchema, directEntryBodySchema } from '@kadry/shared/schemas/absences';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { page, vacationType } from '../absences-test-data';

const ENTRIES = '/api/v1/absences/entries';

const overtimeType: AbsenceType = absenceTypeSchema.parse({
  ...vacationType,
  id: 7,
  code: 'overtime',
  number: null,
  names: { en: 'Overtime', ru: 'Переработка', uk: 'Понаднормова робота' },
  unit: 'hours',
});

/** HR who enters absences directly (create_absence) and sees everyone's requests. */
const hrPermissions = buildPermissions({
  AbsenceRequest: {
    visibilitySettings: {
      create: 'to_all',
      update: 'to_all',
      delete: 'not_visible',
      view: 'to_all',
      all: null,
    },
    actions: ['management_tab', 'create_absence'],
    fields_view: [],
  },
});

function entries(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'POST' && call.url.pathname === ENTRIES);
}

describe('direct entry', () => {
  it('enters hours for a team, asking first for what is missing, and lists who got it and who not', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/absences/types', body: { data: [vacationType, overtimeType] } },
      { path: '/api/v1/absences/management', body: page([]) },
      { path: '/api/v1/absences/management/count', body: { data: { total: 0, by_type: [] } } },
      { path: '/api/v1/dashboard/requests', body: page([]) },
      { path: '/api/v1/employees/all', body: { data: [{ id: 12, name: 'Ivan Teammate', photo_url: null }] } },
      {
        path: '/api/v1/org/teams',
        body: { data: [{ id: 5, name: 'Support', members_count: 2, managers: [], is_member: false }] },
      },
      {
        method: 'POST',
        path: ENTRIES,
        body: {
          data: [
            {
              employee_id: 12,
              employee_name: 'Ivan Teammate',
              result: 'created',
              id: 31,
              status: 'approved',
              days: 2.5,
              errors: null,
            },
            {
              employee_id: 13,
              employee_name: 'Oksana Designer',
              result: 'refused',
              id: null,
              status: null,
              days: null,
              errors: { date_from: ['Oksana is already away then.'] },
            },
          ],
          meta: { created: 1, refused: 1 },
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/absences/requests', { permissions: hrPermissions });
    await user.click(await screen.findByRole('button', { name: 'Enter an absence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter an absence' });

    await user.click(within(dialog).getByRole('radio', { name: 'A whole team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enter' }));
    const team = within(dialog).getByRole('combobox', { name: /Team/ });
    expect(team).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getAllByText('Please fill in this field')).toHaveLength(4);
    expect(entries(calls)).toHaveLength(0);

    await user.selectOptions(team, 'Support');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), 'Overtime');
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2031-06-02' } });
    await user.type(within(dialog).getByRole('spinbutton', { name: /Hours/ }), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Enter' }));

    await waitFor(() => expect(entries(calls)).toHaveLength(1));
    const sent = entries(calls)[0]?.body;
    expect(sent).toEqual({
      absence_type: 'overtime',
      team_id: 5,
      date_from: '2031-06-02',
      date_to: '2031-06-02',
      half_day_start: false,
      half_day_end: false,
      hours: 2.5,
    });
    expect(directEntryBodySchema.safeParse(sent).success).toBe(true);
    expect(await within(dialog).findByText('Entered: 1. Refused: 1.')).toBeInTheDocument();
    expect(within(dialog).getByText('Oksana is already away then.')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });
});
