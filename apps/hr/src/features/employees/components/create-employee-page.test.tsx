import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, renderApp } from '../../../test/render-app';
import { buildEmployee, buildEmployeePermissions, lookupRoutes } from '../employees-test-data';

describe('adding an employee', () => {
  it('checks the names, sends the employee and opens the new profile', async () => {
    const sent: unknown[] = [];
    const created = buildEmployee({ id: 11, name: 'Iryna Bondar', first_name: 'Iryna', last_name: 'Bondar' });
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/employees',
        status: 201,
        body: ({ body }) => {
          sent.push(body);
          return { data: created };
        },
      },
      { path: '/api/v1/employees/11', body: { data: created } },
      ...lookupRoutes(),
    ]);
    const { location } = renderApp('/employees/new', { permissions: buildEmployeePermissions() });
    await screen.findByRole('heading', { level: 1, name: 'New employee' });
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill in this field')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(sent).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Iryna');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Bondar');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name (second language)' }), 'Ірина');
    await userEvent.type(screen.getByRole('textbox', { name: 'Position' }), 'Designer');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Manager' }), 'Olena Owner');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sales' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Work email' }), 'iryna@acme.test');
    await userEvent.type(screen.getByRole('textbox', { name: 'Work phone' }), '+380501112233');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Employment type' }), 'Full time');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      first_name: 'Iryna',
      last_name: 'Bondar',
      middle_name: null,
      first_name_alt: 'Ірина',
      last_name_alt: null,
      middle_name_alt: null,
      employee_number: null,
      position: 'Designer',
      team_ids: [5],
      manager_id: 7,
      start_of_work: null,
      probation_period: null,
      email: 'iryna@acme.test',
      phone: '+380501112233',
      employment_type_id: 2,
      status_id: null,
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/app/employees/11'));
  });

  it('does not offer fields the writer may not see', async () => {
    mockFetch(lookupRoutes());
    renderApp('/employees/new', {
      permissions: buildEmployeePermissions({ fields: ['field_email'] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'New employee' });
    expect(screen.getByRole('textbox', { name: 'Work email' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Work phone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Position' })).not.toBeInTheDocument();
    expect(within(document.body).queryByLabelText('Start of work')).not.toBeInTheDocument();
  });
});
