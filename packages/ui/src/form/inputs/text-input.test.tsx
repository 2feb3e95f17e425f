import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField } from '../test-support/form-fixtures';
import { renderInput } from '../test-support/render-input';
import { TextInput } from './text-input';

const empty = { kind: 'text', text: '' } as const;

describe('TextInput', () => {
  it('lets a phone hold only digits and +, also when a written number is pasted', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(TextInput, makeField('phone', { name: 'Phone', type: 'phone' }), {
      ...empty,
    });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveAttribute('type', 'tel');
    await user.click(phone);
    await user.paste('+1 (202) 555-01a43');
    expect(getValue()).toEqual({ kind: 'text', text: '+12025550143' });
  });

  it('masks a number field to at most 19 digits', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(TextInput, makeField('number', { name: 'Count' }), { ...empty });
    await user.type(screen.getByRole('textbox', { name: 'Count' }), '12a3456789012345678901');
    expect(getValue()).toEqual({ kind: 'text', text: '1234567890123456789' });
  });

  it('gives email and link fields the keyboards and autofill of their kind', () => {
    renderInput(TextInput, makeField('email', { name: 'Email', type: 'email' }), { ...empty });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('inputmode', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
  });

  it('renders a textarea for long text', () => {
    renderInput(TextInput, makeField('textarea', { name: 'Cover letter', type: 'cover_letter' }), {
      ...empty,
    });
    expect(screen.getByRole('textbox', { name: 'Cover letter' }).tagName).toBe('TEXTAREA');
  });
});
