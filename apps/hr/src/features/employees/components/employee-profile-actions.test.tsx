import type { EmployeeDetails } from '@kadry/shared/schemas/employees';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';
import { navigation } from '../api/login-as';
import { buildEmployee, buildEmployeePermissions, lookupRoutes } from '../employees-test-data';

// The profile's actions: login as, the access section (resend, revoke, the account for owners),
// dismiss, delete, file upload, and the dictionary pickers of the forms.

function profileRoutes(employee: EmployeeDetails, extra: MockRoute[] = []): MockRoute[] {
  return [...extra, { path: '/api/v1/employees/11', body: { data: employee } }, ...lookupRoutes()];
}

const ownerPermissions = () => ({
  ...buildEmployeePermissions(),
  role: { id: 1, key: 'owner' as const, name: 'Owner' },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('employee profile actions', () => {
  it('logs in as an employee with active access and loads the app at the answer', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const { calls } = mockFetch(
      profileRoutes(buildEmployee({ access: 'active', can: { ...buildEmployee().can, login_as: true } }), [
        { method: 'POST', path: '/api/v1/employees/11/login-as', body: { data: { redirect: '/app' } } },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app'));
    expect(calls.filter((call) => call.url.pathname.endsWith('/login-as'))).toHaveLength(1);
  });

  it('offers no login as without the action or without active access', async () => {
    mockFetch(profileRoutes(buildEmployee({ access: 'invited' })));
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    await screen.findByRole('heading', { level: 1, name: 'Anna Kovalenko' });
    expect(screen.queryByRole('button', { name: 'Log in as' })).not.toBeInTheDocument();
  });

  it('resends an invitation and revokes access after a confirmation', async () => {
    const { calls } = mockFetch(
      profileRoutes(buildEmployee({ access: 'invited' }), [
        { method: 'POST', path: '/api/v1/employees/11/access/resend', status: 204 },
        { method: 'DELETE', path: '/api/v1/employees/11/access', status: 204 },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    const access = await screen.findByRole('region', { name: 'Access' });
    await userEvent.click(within(access).getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/v1/employees/11/access/resend')).toBe(true),
    );
    await userEvent.click(within(access).getByRole('button', { name: 'Revoke access' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke access for Anna Kovalenko?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(await findAxeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/v1/employees/11/access'),
      ).toBe(true),
    );
  });

  it('offers no resend and no mail link without the email action; revoking stays', async () => {
    mockFetch(
      profileRoutes(buildEmployee({ access: 'invited', can: { ...buildEmployee().can, email: false } })),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    const access = await screen.findByRole('region', { name: 'Access' });
    expect(within(access).queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
    expect(within(access).getByRole('button', { name: 'Revoke access' })).toBeInTheDocument();
    const contacts = screen.getByRole('region', { name: 'Contacts' });
    expect(within(contacts).getByText('anna@acme.test')).toBeInTheDocument();
    expect(within(contacts).queryByRole('link', { name: 'anna@acme.test' })).not.toBeInTheDocument();
  });

  it('offers neither resend nor revoke without the send_access action', async () => {
    mockFetch(profileRoutes(buildEmployee({ access: 'invited' })));
    renderApp('/employees/11', { permissions: buildEmployeePermissions({ actions: ['email'] }) });
    await screen.findByRole('heading', { level: 1, name: 'Anna Kovalenko' });
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke access' })).not.toBeInTheDocument();
  });

  it("shows owners the employee's account: role, language and status", async () => {
    mockFetch(
      profileRoutes(buildEmployee({ access: 'active' }), [
        {
          path: '/api/v1/admin/users',
          body: {
            data: [
              {
                id: 30,
                employee_id: 11,
                name: 'Anna Kovalenko',
                email: 'anna@acme.test',
                role: { id: 5, key: 'employee', name: 'Employee' },
                teams: [],
                locale: 'uk',
                timezone: 'Europe/Kyiv',
                is_disabled: false,
                has_password: true,
                last_sign_in_at: null,
                created_at: '2031-03-01T10:00:00.000Z',
              },
            ],
            meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
          },
        },
      ]),
    );
    renderApp('/employees/11', { permissions: ownerPermissions() });
    const access = await screen.findByRole('region', { name: 'Access' });
    expect(await within(access).findByText('Українська')).toBeInTheDocument();
    expect(within(access).getByText('Active')).toBeInTheDocument();
    expect(within(access).getByRole('link', { name: 'Open People & access' })).toHaveAttribute(
      'href',
      '/app/staff',
    );
  });

  it('dismisses with a date and reason', async () => {
    const saved: unknown[] = [];
    mockFetch(
      profileRoutes(buildEmployee(), [
        {
          method: 'POST',
          path: '/api/v1/employees/11',
          body: ({ body }) => {
            saved.push(body);
            return { data: buildEmployee({ is_dismissed: true }) };
          },
        },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss Anna Kovalenko' });
    const date = within(dialog).getByLabelText(/Dismissal date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2030-05-01');
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /reason/i }),
      await within(dialog).findByRole('option', { name: 'Own wish' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(saved[0]).toMatchObject({ dismissal_date: '2030-05-01', dismissal_reason_id: 1 }),
    );
  });

  it('deletes after a confirmation and goes back to the directory', async () => {
    const { calls } = mockFetch(
      profileRoutes(buildEmployee(), [
        { method: 'DELETE', path: '/api/v1/employees/11', status: 204 },
        {
          path: '/api/v1/employees/visible',
          body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
        },
      ]),
    );
    const { location } = renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Anna Kovalenko?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/employees'));
  });

  it('uploads a file and refuses one too small', async () => {
    const { calls } = mockFetch(
      profileRoutes(buildEmployee(), [
        {
          method: 'POST',
          path: '/api/v1/employees/11/files',
          status: 201,
          body: {
            data: {
              id: 5,
              name: 'contract.pdf',
              size: 2048,
              mime_type: 'application/pdf',
              url: '/files/5',
              created_at: '2030-03-01T10:00:00.000Z',
            },
          },
        },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    const files = await screen.findByRole('region', { name: 'Files' });
    const input = within(files).getByLabelText('Upload a file');
    await userEvent.upload(input, new File(['x'], 'tiny.txt', { type: 'text/plain' }));
    expect(await within(files).findByText(/Choose a file from 1 KB/)).toBeInTheDocument();
    await userEvent.upload(input, new File(['x'.repeat(2048)], 'contract.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/files'))).toBe(true),
    );
  });

  it('picks a grade, a language level, a country and a searched city (its id and name)', async () => {
    const saved: unknown[] = [];
    const { calls } = mockFetch(
      profileRoutes(buildEmployee(), [
        {
          method: 'POST',
          path: '/api/v1/employees/11',
          body: ({ body }) => {
            saved.push(body);
            return { data: buildEmployee() };
          },
        },
      ]),
    );
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Work' }));
    const work = screen.getByRole('form', { name: 'Work' });
    await userEvent.selectOptions(
      within(work).getByRole('combobox', { name: 'Grade' }),
      await within(work).findByRole('option', { name: 'Senior' }),
    );
    await userEvent.click(within(work).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved[0]).toMatchObject({ grade_id: 2 }));

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Personal info' }));
    const personal = await screen.findByRole('form', { name: 'Personal info' });
    const levelOf = () => within(personal).getByRole('combobox', { name: 'Level of language 1' });
    await within(personal).findByRole('option', { name: 'B2' });
    expect(levelOf()).toHaveValue('2');
    const level = levelOf();
    await userEvent.selectOptions(level, 'A1');
    await userEvent.selectOptions(
      within(personal).getByRole('combobox', { name: 'Country' }),
      await within(personal).findByRole('option', { name: 'Poland' }),
    );
    await userEvent.type(within(personal).getByRole('searchbox', { name: 'Find a city' }), 'Lv');
    await userEvent.selectOptions(
      within(personal).getByRole('combobox', { name: 'City' }),
      await within(personal).findByRole('option', { name: 'Lviv' }, { timeout: 3000 }),
    );
    const citySearches = calls.filter((call) => call.url.pathname === '/api/v1/dictionaries/cities');
    expect(citySearches.map((call) => call.url.search)).toEqual(['?country=PL&query=Lv']);
    expect(await findAxeViolations()).toEqual([]);
    await userEvent.click(within(personal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved[1]).toMatchObject({
        country_code: 'PL',
        city_id: 9001,
        city_name: 'Lviv',
        languages: [{ language_id: 1, level_id: 1 }],
      }),
    );
  });
});
