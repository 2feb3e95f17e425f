import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_OPTIONS, makeField } from '../test-support/form-fixtures';
import { renderInput } from '../test-support/render-input';
import { LanguageInput } from './language-input';

const field = makeField('language', {
  name: 'Languages',
  type: 'languages',
  input_meta: { options: LANGUAGE_OPTIONS },
});
const oneEmptyRow = { kind: 'language', languages: [{ language: null, level: null }] } as const;

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('LanguageInput', () => {
  it('keeps the level disabled until a language is chosen, then selects its first level', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(LanguageInput, field, {
      ...oneEmptyRow,
      languages: [...oneEmptyRow.languages],
    });
    const level = screen.getByRole('combobox', { name: 'Level' });
    expect(level).toBeDisabled();

    await choose(user, screen.getByRole('combobox', { name: 'Language' }), 'English');

    expect(getValue()).toEqual({ kind: 'language', languages: [{ language: 10, level: 1 }] });
    expect(screen.getByRole('combobox', { name: 'Level' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveTextContent('B1');
  });

  it('offers a language chosen in one row as disabled in the others', async () => {
    const user = userEvent.setup();
    renderInput(LanguageInput, field, { kind: 'language', languages: [{ language: 10, level: 1 }] });
    await user.click(screen.getByRole('button', { name: '+ Add language' }));

    await user.click(screen.getByRole('combobox', { name: 'Language 2' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'English' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(listbox).getByRole('option', { name: 'Polish' })).not.toHaveAttribute('aria-disabled');
  });

  it('adds and removes rows, and stops offering rows once every language is used', async () => {
    const user = userEvent.setup();
    const { getValue } = renderInput(LanguageInput, field, {
      kind: 'language',
      languages: [
        { language: 10, level: 2 },
        { language: 11, level: 3 },
      ],
    });
    await user.click(screen.getByRole('button', { name: '+ Add language' }));
    expect(screen.getAllByRole('combobox', { name: /^Language \d$/ })).toHaveLength(3);
    await choose(user, screen.getByRole('combobox', { name: 'Language 3' }), 'German');
    expect(screen.queryByRole('button', { name: '+ Add language' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove language 1' }));
    expect(getValue()).toEqual({
      kind: 'language',
      languages: [
        { language: 11, level: 3 },
        { language: 12, level: 4 },
      ],
    });
    expect(screen.getByRole('combobox', { name: 'Language 1' })).toHaveTextContent('Polish');
    expect(screen.getByRole('button', { name: '+ Add language' })).toBeInTheDocument();
  });
});
