import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildEmployeePermissions, buildListItem, lookupRoutes } from '../employees-test-data';

const anna = buildListItem();
const bohdan = buildListItem({
  id: 12,
  name: 'Bohdan Shevchenko',
  name_alt: null,
  employee_number: null,
  email: 'bohdan@acme.test',
  teams: [],
  access: 'none',
});

function page(
  rows = [anna, bohdan],
  meta = { current_page: 1, last_page: 1, per_page: 20, total: rows.length },
) {
  return { data: rows, meta };
}

function listCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.url.pathname === '/api/v1/employees/visible');
}

function lastQuery(calls: RecordedCall[]) {
  return Object.fromEntries(listCalls(calls).at(-1)?.url.searchParams ?? []);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('employees directory', () => {
  it('lists employees with their fields, paging and no accessibility violations', async () => {
    const { calls } = mockFetch([{ path: '/api/v1/employees/visible', body: page() }, ...lookupRoutes()]);
    renderApp('/employees', { permissions: buildEmployeePermissions() });
    await screen.findByRole('heading', { level: 1, name: 'Employees' });
    const table = await screen.findByRole('table', { name: 'Employees' });
    const annaRow = within(table).getByRole('link', { name: 'Anna Kovalenko' }).closest('tr') as HTMLElement;
    expect(within(annaRow).getByText('Анна Коваленко · #E-011')).toBeInTheDocument();
    expect(within(annaRow).getByText('anna@acme.test')).toBeInTheDocument();
    expect(within(annaRow).getByText('Engineer')).toBeInTheDocument();
    expect(within(annaRow).getByRole('list')).toHaveTextContent('Platform · manager');
    expect(within(annaRow).getByText('Has access')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Bohdan Shevchenko' })).toHaveAttribute(
      'href',
      '/app/employees/12',
    );
    expect(screen.getByText('2 employees')).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ page: '1', per_page: '20' });
    expect(screen.getByRole('link', { name: 'Add employee' })).toHaveAttribute('href', '/app/employees/new');
    expect(await findAxeViolations()).toEqual([]);
  });

  it('offers the export of the filtered directory with the export action, and the import to creators', async () => {
    mockFetch([{ path: '/api/v1/employees/visible', body: page() }, ...lookupRoutes()]);
    renderApp('/employees?search=anna', {
      permissions: buildEmployeePermissions({ actions: ['export'] }),
    });
    await screen.findByRole('table', { name: 'Employees' });
    const xlsx = screen.getByRole('link', { name: /XLSX/ });
    expect(new URL(xlsx.getAttribute('href') ?? '', 'http://x').searchParams.get('search')).toBe('anna');
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/app/employees/import');
  });

  it('links names to profiles only with get_profile, and one’s own always', async () => {
    const me = buildListItem({ id: 7, name: 'Ivan Myself', employee_number: null, name_alt: null });
    mockFetch([{ path: '/api/v1/employees/visible', body: page([anna, me]) }, ...lookupRoutes()]);
    renderApp('/employees', { permissions: buildEmployeePermissions({ actions: [] }) });
    const table = await screen.findByRole('table', { name: 'Employees' });
    expect(within(table).getByText('Anna Kovalenko')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Anna Kovalenko' })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ivan Myself' })).toHaveAttribute(
      'href',
      '/app/employees/7',
    );
  });

  it('offers no export without the export action', async () => {
    mockFetch([{ path: '/api/v1/employees/visible', body: page() }, ...lookupRoutes()]);
    renderApp('/employees', { permissions: buildEmployeePermissions() });
    await screen.findByRole('table', { name: 'Employees' });
    expect(screen.queryByRole('link', { name: /XLSX/ })).not.toBeInTheDocument();
  });

  it('sends the debounced search and filters, and keeps them in the address', async () => {
    const { calls } = mockFetch([{ path: '/api/v1/employees/visible', body: page() }, ...lookupRoutes()]);
    const { location } = renderApp('/employees', { permissions: buildEmployeePermissions() });
    await screen.findByRole('link', { name: 'Anna Kovalenko' });

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search by name, email, phone or number' }),
      'E-011',
    );
    await waitFor(() => expect(lastQuery(calls).search).toBe('E-011'));
    expect(listCalls(calls).filter((call) => call.url.searchParams.has('search'))).toHaveLength(1);

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Team' }), 'Sales');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'On leave');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Dismissed');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Employment type' }), 'Full time');
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({
        page: '1',
        per_page: '20',
        search: 'E-011',
        team_ids: '5',
        status_ids: '2',
        state: 'dismissed',
        employment_type_ids: '2',
      }),
    );
    expect(location.history?.at(-1)).toBe(
      '/app/employees?search=E-011&team_ids=5&status_ids=2&state=dismissed&employment_type_ids=2',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Start of work' }));
    await waitFor(() => expect(lastQuery(calls).sort).toBe('start_of_work'));
    expect(screen.getByRole('columnheader', { name: /Start of work/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: /Start of work/ }));
    await waitFor(() => expect(lastQuery(calls).direction).toBe('desc'));
  });

  it('without the extended action: no extended filters or sorting, and an address cannot ask for them', async () => {
    const { calls } = mockFetch([{ path: '/api/v1/employees/visible', body: page() }, ...lookupRoutes()]);
    renderApp('/employees?position=eng&sort=start_of_work&team_ids=4', {
      permissions: buildEmployeePermissions({ actions: ['get_profile'] }),
    });
    await screen.findByRole('link', { name: 'Anna Kovalenko' });
    expect(lastQuery(calls)).toEqual({ page: '1', per_page: '20', team_ids: '4' });
    expect(screen.queryByRole('combobox', { name: 'Employment type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Position' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start of work' })).not.toBeInTheDocument();
  });

  it('shows only columns of fields present in the answer', async () => {
    const { email: _email, phone: _phone, ...withoutContacts } = anna;
    mockFetch([{ path: '/api/v1/employees/visible', body: page([withoutContacts]) }, ...lookupRoutes()]);
    renderApp('/employees', { permissions: buildEmployeePermissions() });
    await screen.findByRole('link', { name: 'Anna Kovalenko' });
    expect(screen.queryByRole('columnheader', { name: 'Work email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Work phone' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Position/ })).toBeInTheDocument();
  });

  it('keeps the page size in local storage (perPage_employees) and goes back to page 1', async () => {
    localStorage.setItem('perPage_employees', '50');
    const { calls } = mockFetch([
      {
        path: '/api/v1/employees/visible',
        body: page([anna, bohdan], { current_page: 2, last_page: 3, per_page: 50, total: 120 }),
      },
      ...lookupRoutes(),
    ]);
    const { location } = renderApp('/employees?page=2', { permissions: buildEmployeePermissions() });
    await screen.findByRole('link', { name: 'Anna Kovalenko' });
    expect(lastQuery(calls)).toEqual({ page: '2', per_page: '50' });
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('50');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '100');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', per_page: '100' }));
    expect(localStorage.getItem('perPage_employees')).toBe('100');
    expect(location.history?.at(-1)).toBe('/app/employees');
  });

  it('shows cards instead of the table on phones', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 600px)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    mockFetch([{ path: '/api/v1/employees/visible', body: page() }, ...lookupRoutes()]);
    renderApp('/employees', { permissions: buildEmployeePermissions() });
    const cards = await screen.findByRole('list', { name: 'Employees' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const annaCard = within(cards).getByRole('link', { name: 'Anna Kovalenko' }).closest('li') as HTMLElement;
    expect(within(annaCard).getByText('Work email')).toBeInTheDocument();
    expect(within(annaCard).getByText('anna@acme.test')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('says when nothing matches', async () => {
    mockFetch([{ path: '/api/v1/employees/visible', body: page([]) }, ...lookupRoutes()]);
    renderApp('/employees?search=zzz', { permissions: buildEmployeePermissions() });
    expect(await screen.findByText('No employees match these filters.')).toBeInTheDocument();
  });

  it('is in the navigation with the Employee view permission only', async () => {
    mockFetch([{ path: '/api/v1/employees/visible', body: page() }, ...lookupRoutes()]);
    renderApp('/', { permissions: buildEmployeePermissions() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Employees' })).toHaveAttribute(
      'href',
      '/app/employees',
    );
  });
});
