import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField } from '../test-support/form-fixtures';
import { renderInput } from '../test-support/render-input';
import { MultiselectInput } from './multiselect-input';

const field = makeField('multiselect', {
  name: 'Preferred areas',
  input_meta: {
    options: [
      { id: 1, name: 'Engineering' },
      { id: 2, name: 'Data' },
      { id: 3, name: 'Sales' },
    ],
  },
});

describe('MultiselectInput', () => {
  it('ticks several options and shows them in the field', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(MultiselectInput, field, { kind: 'multiselect', multiselect: [] });
    const combobox = screen.getByRole('combobox', { name: 'Preferred areas' });
    expect(combobox).toHaveTextContent('Select');
    await user.click(combobox);
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    await user.click(screen.getByRole('option', { name: 'Engineering' }));
    expect(getValue()).toEqual({ kind: 'multiselect', multiselect: [3, 1] });
    expect(combobox).toHaveTextContent('Sales, Engineering');
  });

  it('filters the options only after 500 ms without typing', async () => {
    const user = userEvent.setup();
    renderInput(MultiselectInput, field, { kind: 'multiselect', multiselect: [] });
    await user.click(screen.getByRole('combobox', { name: 'Preferred areas' }));
    const listbox = await screen.findByRole('listbox');
    const startedAt = performance.now();
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'DA');
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1), { timeout: 1500 });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(450);
    expect(within(listbox).getByRole('option')).toHaveTextContent('Data');
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderInput(MultiselectInput, field, { kind: 'multiselect', multiselect: [] });
    await user.click(screen.getByRole('combobox', { name: 'Preferred areas' }));
    await user.type(await screen.findByRole('combobox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No options', {}, { timeout: 1500 })).toBeInTheDocument();
  });
});
