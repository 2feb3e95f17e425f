import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownerRolePermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, renderApp } from '../../../test/render-app';
import { buildEmployeePermissions } from '../employees-test-data';

const SHIRT = {
  id: 3,
  name: 'Shirt size',
  type: 'select' as const,
  options: [
    { id: 's', name: 'S' },
    { id: 'm', name: 'M' },
  ],
  position: 0,
};

describe('custom employee fields', () => {
  it('lists the definitions and adds a select field with options', async () => {
    const sent: unknown[] = [];
    mockFetch([
      { path: '/api/v1/employee-fields', body: { data: [SHIRT] } },
      {
        method: 'POST',
        path: '/api/v1/employee-fields',
        status: 201,
        body: ({ body }) => {
          sent.push(body);
          return { data: { ...SHIRT, id: 4, name: 'Diet' } };
        },
      },
    ]);
    renderApp('/employees/fields', {
      permissions: { ...buildEmployeePermissions(), role: ownerRolePermissions.role },
    });
    const table = await screen.findByRole('table', { name: 'Custom employee fields' });
    expect(within(table).getByRole('rowheader', { name: 'Shirt size' })).toBeInTheDocument();
    expect(within(table).getByText('S, M')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add field' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Fill in this field')).not.toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Diet');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), 'List of options');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Vegan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Diet', type: 'select', options: [{ name: 'Vegan' }] });
  });

  it('is not open to a role that may not change settings', async () => {
    mockFetch([{ path: '/api/v1/employee-fields', body: { data: [SHIRT] } }]);
    renderApp('/employees/fields', { permissions: buildEmployeePermissions() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
