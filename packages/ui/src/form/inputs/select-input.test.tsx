import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField } from '../test-support/form-fixtures';
import { renderInput } from '../test-support/render-input';
import { SelectInput } from './select-input';

const options = [
  { id: 1, name: 'No experience' },
  { id: 2, name: '1–3 years' },
];

describe('SelectInput', () => {
  it("shows 'Not selected' for experience, and offers it to take a choice back", async () => {
    const user = userEvent.setup();
    const field = makeField('select', { name: 'Experience', type: 'experience', input_meta: { options } });
    const { getValue } = renderInput(SelectInput, field, { kind: 'select', select: '' });
    const combobox = screen.getByRole('combobox', { name: 'Experience' });
    expect(combobox).toHaveTextContent('Not selected');
    await user.click(combobox);
    await user.click(await screen.findByRole('option', { name: '1–3 years' }));
    expect(getValue()).toEqual({ kind: 'select', select: '1–3 years' });
    await user.click(combobox);
    await user.click(await screen.findByRole('option', { name: 'Not selected' }));
    expect(getValue()).toEqual({ kind: 'select', select: '' });
  });

  it("shows 'Select' for other fields, and no empty choice when the field is required", async () => {
    const user = userEvent.setup();
    const field = makeField('select', { name: 'Team', required: true, input_meta: { options } });
    renderInput(SelectInput, field, { kind: 'select', select: '' });
    const combobox = screen.getByRole('combobox', { name: 'Team' });
    expect(combobox).toHaveTextContent('Select');
    await user.click(combobox);
    expect(await screen.findAllByRole('option')).toHaveLength(2);
  });

  it.each([
    ['bottom-start', 'bottom'],
    ['top-start', 'top'],
  ] as const)('opens its list %s as the form asks', async (placement, side) => {
    const user = userEvent.setup();
    const field = makeField('select', { name: 'Experience', type: 'experience', input_meta: { options } });
    renderInput(SelectInput, field, { kind: 'select', select: '' }, { placement });
    await user.click(screen.getByRole('combobox', { name: 'Experience' }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveAttribute('data-placement', expect.stringContaining(side));
  });
});
