import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { EmployeeDetails } from '@kadry/shared/schemas/employees';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';
import { TYPES_PATH, typesAnswer } from '../../absence-reports/absence-reports-test-data';
import { buildEmployee, buildEmployeePermissions, lookupRoutes } from '../employees-test-data';

function profileRoutes(employee: EmployeeDetails, extra: MockRoute[] = []): MockRoute[] {
  return [...extra, { path: '/api/v1/employees/11', body: { data: employee } }, ...lookupRoutes()];
}

function sectionOf(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('employee profile', () => {
  it('shows the header and every section the reader may see, with no accessibility violations', async () => {
    mockFetch(
      profileRoutes(buildEmployee(), [
        {
          path: '/api/v1/employees/11/changes',
          body: {
            data: [
              {
                id: 1,
                field: 'position',
                old_value: 'Intern',
                new_value: 'Engineer',
                actor_name: 'Olena Owner',
                impersonator_name: 'Ivan Admin',
                changed_at: '2030-03-01T10:00:00.000Z',
              },
            ],
            meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
          },
        },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Kovalenko' })).toBeInTheDocument();
    expect(screen.getByText('No access')).toBeInTheDocument();
    expect(within(sectionOf('Work')).getByText('Engineer')).toBeInTheDocument();
    expect(within(sectionOf('Contacts')).getByRole('link', { name: 'anna@acme.test' })).toHaveAttribute(
      'href',
      'mailto:anna@acme.test',
    );
    expect(
      within(sectionOf('Contacts')).getByRole('link', { name: 'GitHub: github.com/anna' }),
    ).toHaveAttribute('href', 'https://github.com/anna');
    expect(within(sectionOf('Personal info')).getByText('English (B2)')).toBeInTheDocument();
    expect(within(sectionOf('Personal info')).getByText(/Maria · Daughter/)).toBeInTheDocument();
    expect(within(sectionOf('Salary')).getByText(/3000.00 USD since/)).toBeInTheDocument();
    expect(sectionOf('Files')).toBeInTheDocument();
    expect(
      await within(sectionOf('History')).findByText(
        'Olena Owner (signed in by Ivan Admin) changed Position from “Intern” to “Engineer”',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send access' })).toBeInTheDocument();
    expect(screen.getByText('Change photo')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('leaves out what the reader may not see or change', async () => {
    const {
      salary: _salary,
      files: _files,
      email: _email,
      phone: _phone,
      birth_date: _birth,
      ...hidden
    } = buildEmployee({
      access: 'active',
      can: {
        update: false,
        delete: false,
        send_access: false,
        login_as: false,
        update_avatar: false,
        email: false,
        view_sections: ['profile', 'contacts', 'personal_info'],
        edit_sections: [],
      },
    });
    mockFetch(profileRoutes(hidden as EmployeeDetails));
    renderApp('/employees/11', { permissions: buildEmployeePermissions({ actions: [] }) });
    await screen.findByRole('heading', { level: 1, name: 'Anna Kovalenko' });
    expect(screen.queryByRole('region', { name: 'Salary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Files' })).not.toBeInTheDocument();
    expect(within(sectionOf('Contacts')).queryByText('Work email')).not.toBeInTheDocument();
    expect(within(sectionOf('Personal info')).queryByText('Birth date')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByText('Change photo')).not.toBeInTheDocument();
  });

  it('edits a section in place: checks the phone in the browser, shows the server error, then saves', async () => {
    const saved: unknown[] = [];
    const employee = buildEmployee();
    mockFetch(
      profileRoutes(employee, [
        {
          method: 'POST',
          path: '/api/v1/employees/11',
          body: ({ body }) => {
            saved.push(body);
            return { data: { ...employee, personal_phone: '+48 600 700 800' } };
          },
        },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    await screen.findByRole('heading', { level: 1, name: 'Anna Kovalenko' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Contacts' }));
    const form = screen.getByRole('form', { name: 'Contacts' });
    const phone = within(form).getByRole('textbox', { name: 'Personal phone' });
    await userEvent.type(phone, '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Enter a phone of 7 to 15 characters: digits, spaces, + ( ) -'),
    ).toBeInTheDocument();
    expect(phone).toHaveFocus();
    expect(saved).toHaveLength(0);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+48 600 700 800');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      email: 'anna@acme.test',
      phone: '+380501112233',
      personal_email: null,
      personal_phone: '+48 600 700 800',
      links: [{ icon_id: 3, url: 'github.com/anna' }],
      _method: 'PUT',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Contacts' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit Contacts' })).toHaveFocus();
  });

  it('puts a 422 message on its field and says other failures by the spec §8 rule', async () => {
    let attempt = 0;
    mockFetch(
      profileRoutes(buildEmployee(), [
        {
          method: 'POST',
          path: '/api/v1/employees/11',
          status: 422,
          body: () => {
            attempt += 1;
            return attempt === 1
              ? { message: 'The given data was invalid.', errors: { position: ['This position is taken.'] } }
              : {
                  message: 'The given data was invalid.',
                  errors: { dismissal_date: ['Dismissal is locked.'] },
                };
          },
        },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    await screen.findByRole('heading', { level: 1, name: 'Anna Kovalenko' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Work' }));
    const form = screen.getByRole('form', { name: 'Work' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This position is taken.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Position' })).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Dismissal is locked.');
  });

  it('sends access with a role and language', async () => {
    const sent: unknown[] = [];
    mockFetch(
      profileRoutes(buildEmployee(), [
        {
          method: 'POST',
          path: '/api/v1/employees/11/access',
          status: 201,
          body: ({ body }) => {
            sent.push(body);
            return {
              data: {
                user_id: 30,
                email: 'anna@acme.test',
                role: { id: 5, key: 'employee', name: 'Employee' },
                locale: 'uk',
                status: 'invited',
                invitation_sent: true,
              },
            };
          },
        },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    await userEvent.click(await screen.findByRole('button', { name: 'Send access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send access to Anna Kovalenko' });
    expect(within(dialog).getByText(/anna@acme.test/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Choose a role')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: /Role/ }), 'Employee');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Language/ }), 'Українська');
    expect(await findAxeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent).toEqual([{ role_id: 5, locale: 'uk' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the person’s absences and balances from the header, for whoever sees absences', async () => {
    const year = new Date().getFullYear();
    const { calls } = mockFetch(
      profileRoutes(buildEmployee(), [
        { path: TYPES_PATH, body: typesAnswer },
        {
          path: '/api/v1/dashboard/absences/report/11',
          body: {
            data: {
              employee: { id: 11, name: 'Anna Kovalenko' },
              year,
              balances: [
                {
                  absence_type: 'vacation',
                  unit: 'days',
                  year,
                  accrued: 24,
                  used: 3,
                  pending: 1,
                  available: 20,
                },
              ],
              absences: [],
            },
          },
        },
      ]),
    );
    const base = buildEmployeePermissions();
    renderApp('/employees/11', {
      permissions: {
        ...base,
        permissions: {
          ...base.permissions,
          AbsenceRequest: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Absences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Absences of Anna Kovalenko' });
    const balance = await within(dialog).findByRole('row', { name: /Vacation/ });
    expect(balance).toHaveTextContent('24');
    expect(calls.some((call) => call.url.pathname === '/api/v1/dashboard/absences/report/11')).toBe(true);
  });

  it('offers no absences button without the AbsenceRequest view', async () => {
    mockFetch(profileRoutes(buildEmployee()));
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Kovalenko' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Absences' })).not.toBeInTheDocument();
  });
});
