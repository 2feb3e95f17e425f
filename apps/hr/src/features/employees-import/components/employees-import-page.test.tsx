import type { EmployeeImport } from '@kadry/shared/schemas/employee-import';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, renderApp } from '../../../test/render-app';
import { buildEmployeePermissions } from '../../employees/employees-test-data';

function buildImport(overrides: Partial<EmployeeImport> = {}): EmployeeImport {
  return {
    id: 7,
    file_name: 'people.xlsx',
    format: 'xlsx',
    status: 'checked',
    summary: { rows: 3, create: 1, update: 1, error: 1 },
    created_at: '2031-03-10T09:00:00.000Z',
    imported_at: null,
    ...overrides,
  };
}

const ROWS = [
  { row: 2, action: 'create' as const, name: 'Anna Kovalenko' },
  { row: 3, action: 'update' as const, employee_id: 5, name: 'Bohdan Shevchenko' },
  { row: 4, action: 'error' as const, name: 'Olena', errors: [{ column: 'teams', message: 'unknown_team' }] },
];

/** A stand-in for XMLHttpRequest: reports progress, then answers `answer` with `status`. */
function stubUpload(status: number, answer: unknown) {
  const sent: FormData[] = [];
  class FakeRequest {
    status = 0;
    statusText = '';
    responseText = '';
    private listeners = new Map<string, () => void>();
    upload = {
      listeners: [] as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[],
      addEventListener(
        _name: string,
        listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
      ) {
        this.listeners.push(listener);
      },
    };
    open() {}
    setRequestHeader() {}
    addEventListener(name: string, listener: () => void) {
      this.listeners.set(name, listener);
    }
    send(body: FormData) {
      sent.push(body);
      for (const listener of this.upload.listeners)
        listener({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(answer);
        this.listeners.get('load')?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('employee import page', () => {
  it('uploads a file, shows the dry run with its errors and the error file, without accessibility violations', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/v1/employee-imports/7/rows',
        body: ({ url }) => {
          const rows =
            url.searchParams.get('only') === 'errors' ? ROWS.filter((row) => row.action === 'error') : ROWS;
          return { data: rows, meta: { current_page: 1, last_page: 1, per_page: 50, total: rows.length } };
        },
      },
    ]);
    const sent = stubUpload(201, { data: buildImport() });
    renderApp('/employees/import', { permissions: buildEmployeePermissions() });
    await screen.findByRole('heading', { level: 1, name: 'Import employees' });
    expect(screen.getByRole('link', { name: 'Download template' })).toHaveAttribute(
      'href',
      '/api/v1/employee-imports/template',
    );
    // Without the export action, no export links.
    expect(screen.queryByRole('link', { name: 'Export to XLSX' })).not.toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);

    const file = new File(['employee_number,first_name\n'], 'people.xlsx');
    await userEvent.upload(screen.getByLabelText('XLSX or CSV file'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('heading', { level: 2, name: 'Dry run of people.xlsx' });
    expect(sent[0]?.get('file')).toBeInstanceOf(File);
    expect(screen.getByText('To create: 1')).toBeInTheDocument();
    expect(screen.getByText('With errors: 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download error file' })).toHaveAttribute(
      'href',
      '/api/v1/employee-imports/7/errors',
    );
    // Nothing can be imported while a row has an error.
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('teams: No team has this name')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only rows with errors' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)?.url.searchParams.get('only')).toBe('errors');
  });

  it('confirms a clean file and shows the result', async () => {
    const clean = buildImport({ summary: { rows: 2, create: 1, update: 1, error: 0 } });
    const { calls } = mockFetch([
      {
        path: '/api/v1/employee-imports/7/rows',
        body: { data: ROWS.slice(0, 2), meta: { current_page: 1, last_page: 1, per_page: 50, total: 2 } },
      },
      {
        method: 'POST',
        path: '/api/v1/employee-imports/7/confirm',
        body: { data: { ...clean, status: 'imported', imported_at: '2031-03-10T09:01:00.000Z' } },
      },
    ]);
    stubUpload(201, { data: clean });
    renderApp('/employees/import', { permissions: buildEmployeePermissions() });
    await userEvent.upload(await screen.findByLabelText('XLSX or CSV file'), new File(['x'], 'people.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText('Imported: 1 created, 1 updated.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/confirm'))).toBe(true);
    expect(await findAxeViolations()).toEqual([]);
  });

  it('discards a checked file that will not be imported, and is ready for another one', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/v1/employee-imports/7/rows',
        body: { data: ROWS, meta: { current_page: 1, last_page: 1, per_page: 50, total: 3 } },
      },
      { method: 'DELETE', path: '/api/v1/employee-imports/7', status: 204 },
    ]);
    stubUpload(201, { data: buildImport() });
    renderApp('/employees/import', { permissions: buildEmployeePermissions() });
    await userEvent.upload(await screen.findByLabelText('XLSX or CSV file'), new File(['x'], 'people.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('heading', { level: 2, name: 'Dry run of people.xlsx' });
    // A keyboard user reaches it like any button.
    const discard = screen.getByRole('button', { name: 'Discard this file' });
    discard.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The checked file was discarded: nothing was imported.',
    );
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      '/api/v1/employee-imports/7',
    ]);
    expect(screen.getByRole('button', { name: 'Check file' })).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('keeps the dry run and says why when discarding fails', async () => {
    mockFetch([
      {
        path: '/api/v1/employee-imports/7/rows',
        body: { data: ROWS, meta: { current_page: 1, last_page: 1, per_page: 50, total: 3 } },
      },
      {
        method: 'DELETE',
        path: '/api/v1/employee-imports/7',
        status: 409,
        body: { message: 'This file was already imported.' },
      },
    ]);
    stubUpload(201, { data: buildImport() });
    renderApp('/employees/import', { permissions: buildEmployeePermissions() });
    await userEvent.upload(await screen.findByLabelText('XLSX or CSV file'), new File(['x'], 'people.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard this file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file was already imported.');
    expect(screen.getByRole('heading', { level: 2, name: 'Dry run of people.xlsx' })).toBeInTheDocument();
  });

  it('offers the export of everyone (same columns) to roles with the export action', async () => {
    mockFetch([]);
    renderApp('/employees/import', { permissions: buildEmployeePermissions({ actions: ['export'] }) });
    expect(await screen.findByRole('link', { name: 'Export to XLSX' })).toHaveAttribute(
      'href',
      '/api/v1/employees/export?state=all&format=xlsx',
    );
    expect(screen.getByRole('link', { name: 'Export to CSV' })).toHaveAttribute(
      'href',
      '/api/v1/employees/export?state=all&format=csv',
    );
  });

  it('says why a file was refused', async () => {
    mockFetch([]);
    stubUpload(422, { message: 'Invalid', errors: { file: ['Unknown columns: colour'] } });
    renderApp('/employees/import', { permissions: buildEmployeePermissions() });
    await userEvent.upload(await screen.findByLabelText('XLSX or CSV file'), new File(['x'], 'people.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown columns: colour');
  });
});
