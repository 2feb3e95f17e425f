import { emptyFieldValue } from '@kadry/shared/validation/form-values';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CURRENCY_OPTIONS, makeField } from '../test-support/form-fixtures';
import { renderInput } from '../test-support/render-input';
import type { ValueOf } from './input-props';
import { SalaryInput } from './salary-input';

const field = makeField('salary', {
  name: 'Expected salary',
  type: 'salary',
  input_meta: { options: CURRENCY_OPTIONS },
});
const start = () => emptyFieldValue<File>(field) as ValueOf<'salary'>;

describe('SalaryInput', () => {
  it("starts with the currency named 'USD ($)' although it is not the first option", () => {
    renderInput(SalaryInput, field, start());
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('USD ($)');
  });

  it('keeps amounts numeric: letters are refused and a comma becomes the decimal point', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(SalaryInput, field, start());
    await user.type(screen.getByRole('textbox', { name: 'From' }), '12a00,5');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '3000');
    expect(getValue()).toEqual({ kind: 'salary', min: '1200.5', max: '3000', currency: 8 });
  });

  it('changes the currency to the option chosen', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(SalaryInput, field, start());
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'UAH (₴)' }));
    expect(getValue()).toMatchObject({ currency: 9 });
  });
});
