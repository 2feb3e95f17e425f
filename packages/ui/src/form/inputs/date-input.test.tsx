import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeField } from '../test-support/form-fixtures';
import { renderInput } from '../test-support/render-input';
import { DateInput } from './date-input';

const birthdate = makeField('date', { name: 'Date of birth', type: 'birthdate' });
const empty = { kind: 'date', date: '' } as const;

beforeEach(() => {
  // Only the clock is fake: the calendar's 'today' is fixed, user-event's timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 4, 14, 12));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DateInput mask', () => {
  it('reads MM/DD/YYYY in English, pads a leading zero and stores YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(DateInput, birthdate, { ...empty });
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(input).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await user.type(input, '5');
    expect(input).toHaveValue('05');
    await user.type(input, '71990');
    expect(input).toHaveValue('05/07/1990');
    expect(getValue()).toEqual({ kind: 'date', date: '1990-05-07' });
  });

  it('reads DD.MM.YYYY in Ukrainian', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(DateInput, birthdate, { ...empty }, { locale: 'uk' });
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(input).toHaveAttribute('placeholder', 'ДД.ММ.РРРР');
    await user.type(input, '751990');
    expect(input).toHaveValue('07.05.1990');
    expect(getValue()).toEqual({ kind: 'date', date: '1990-05-07' });
  });

  it('refuses the last digit of a day that does not exist, and reports the text as incomplete', async () => {
    const user = userEvent.setup();
    const { getValue, onChange } = renderInput(DateInput, birthdate, { ...empty });
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(input, '02302023');
    expect(input).toHaveValue('02/30/202');
    expect(getValue()).toEqual({ kind: 'date', date: '02/30/202' });
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'date', date: '02/30/202' }, { isIncomplete: true });
  });

  it('shows a date set from outside in the locale mask', () => {
    renderInput(DateInput, birthdate, { kind: 'date', date: '2001-12-31' }, { locale: 'ru' });
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('31.12.2001');
  });
});

describe('DateInput calendar', () => {
  it('starts the week on Monday, marks today and picks a day', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(DateInput, birthdate, { ...empty });
    await user.click(screen.getByRole('button', { name: 'Select: Date of birth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Date of birth' });
    const headers = within(dialog).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    const today = within(dialog).getByRole('button', { name: 'Wednesday, May 14, 2025' });
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveFocus();
    // 1 May 2025 was a Thursday: the first row starts with three empty Monday–Wednesday cells.
    const firstRow = within(dialog).getAllByRole('row')[1];
    expect(firstRow?.querySelectorAll('td button')[0]).toHaveTextContent('1');
    expect(firstRow?.querySelectorAll('td')[3]?.textContent).toBe('1');

    await user.click(within(dialog).getByRole('button', { name: 'Friday, May 2, 2025' }));
    expect(getValue()).toEqual({ kind: 'date', date: '2025-05-02' });
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('05/02/2025');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves with the keyboard and does not offer days after today for a birthdate', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(DateInput, birthdate, { kind: 'date', date: '2025-05-12' });
    await user.click(screen.getByRole('button', { name: 'Select: Date of birth' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Monday, May 12, 2025' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Thursday, May 15, 2025' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{ArrowUp}{PageUp}{Enter}');
    expect(getValue()).toEqual({ kind: 'date', date: '2025-04-05' });
  });
});
