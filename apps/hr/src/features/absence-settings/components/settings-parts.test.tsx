import en from '@kadry/shared/i18n/en.json';
import type { DayCounting } from '@kadry/shared/schemas/absences';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import {
  Checkbox,
  CountingField,
  CountryOptions,
  SaveCancelActions,
  SelectField,
  TextField,
} from './settings-parts';

function inEnglish(children: ReactNode) {
  return render(
    <I18nProvider locale="en" catalog={en}>
      {children}
    </I18nProvider>,
  );
}

const SIZES = ['small', 'large'] as const;
type Size = (typeof SIZES)[number];

function SizeForm({ error, isDisabled }: { error?: string; isDisabled?: boolean }) {
  const [size, setSize] = useState<Size>('large');
  return (
    <>
      <SelectField
        label="Size"
        hint="How big it is."
        error={error}
        value={size}
        options={SIZES}
        optionLabel={(option) => option.toUpperCase()}
        onChange={setSize}
        isDisabled={isDisabled}
      />
      <output data-testid="size">{size}</output>
    </>
  );
}

describe('the settings form parts', () => {
  it('a select field offers its choices by label, reports the chosen one, and ties its hint and error', async () => {
    const user = userEvent.setup();
    inEnglish(<SizeForm error="Too big." />);
    const select = screen.getByRole('combobox', { name: 'Size' });
    expect(select).toHaveValue('large');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['SMALL', 'LARGE']);
    await user.selectOptions(select, 'SMALL');
    expect(screen.getByTestId('size')).toHaveTextContent('small');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    const describedBy = select.getAttribute('aria-describedby') ?? '';
    expect(describedBy).toContain(screen.getByText('Too big.').id);
    expect(describedBy).toContain(screen.getByText('How big it is.').id);
  });

  it('a disabled select field cannot be changed', () => {
    inEnglish(<SizeForm isDisabled />);
    expect(screen.getByRole('combobox', { name: 'Size' })).toBeDisabled();
  });

  it('the counting field offers every way of counting days in words', async () => {
    const onChange = vi.fn<(counting: DayCounting) => void>();
    const user = userEvent.setup();
    inEnglish(<CountingField value="working_days" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Days counted' });
    expect(within(select).getByRole('option', { name: 'Working days' })).toBeInTheDocument();
    await user.selectOptions(select, 'Calendar days (holidays excluded)');
    expect(onChange).toHaveBeenCalledWith('calendar_days');
  });

  it('country options keep a stored code the list does not know', () => {
    const countries = [
      { code: 'PL', name: 'Poland' },
      { code: 'UA', name: 'Ukraine' },
    ];
    const { rerender } = inEnglish(
      <select aria-label="Country" value="XK" onChange={() => {}}>
        <CountryOptions countries={countries} value="XK" />
      </select>,
    );
    const names = () =>
      within(screen.getByRole('combobox', { name: 'Country' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(names()).toEqual(['Poland', 'Ukraine', 'XK']);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('XK');
    rerender(
      <I18nProvider locale="en" catalog={en}>
        <select aria-label="Country" value="UA" onChange={() => {}}>
          <CountryOptions countries={countries} value="UA" />
        </select>
      </I18nProvider>,
    );
    expect(names()).toEqual(['Poland', 'Ukraine']);
  });

  it('a checkbox reports its state by its label', async () => {
    const onChange = vi.fn<(checked: boolean) => void>();
    const user = userEvent.setup();
    inEnglish(<Checkbox label="Switched on" checked={false} onChange={onChange} />);
    await user.click(screen.getByText('Switched on'));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('a text field is required, keeps to its length and shows its error', async () => {
    function Name() {
      const [name, setName] = useState('');
      return <TextField label="Name" error="Say a name." maxLength={5} value={name} onChange={setName} />;
    }
    const user = userEvent.setup();
    inEnglish(<Name />);
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('maxlength', '5');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('Say a name.').id);
    await user.type(input, 'Kyiv office');
    expect(input).toHaveValue('Kyiv ');
  });

  it('save submits the form and says it is busy while saving; cancel cancels', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const onCancel = vi.fn();
    const user = userEvent.setup();
    const { rerender } = inEnglish(
      <form onSubmit={onSubmit}>
        <SaveCancelActions isSaving={false} onCancel={onCancel} />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'false');
    rerender(
      <I18nProvider locale="en" catalog={en}>
        <form onSubmit={onSubmit}>
          <SaveCancelActions isSaving onCancel={onCancel} />
        </form>
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'true');
  });
});
