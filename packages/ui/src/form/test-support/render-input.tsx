import type { Locale } from '@kadry/shared/constants';
import en from '@kadry/shared/i18n/en.json';
import ru from '@kadry/shared/i18n/ru.json';
import { createCatalogTranslator } from '@kadry/shared/i18n/translator';
import uk from '@kadry/shared/i18n/uk.json';
import type { FormField } from '@kadry/shared/schemas/form';
import type { FieldValueKind } from '@kadry/shared/validation/form-values';
import { render } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import type { DropdownPlacement } from '../dropdown-placement';
import { getFieldIds } from '../field-shell';
import type { FieldInputProps, ValueOf } from '../inputs/input-props';

const CATALOGS: Record<Locale, Record<string, string>> = { en, ru, uk };

/** The texts of `locale`, English filling the gaps (as the careers page and the HR app both do). */
function createTestTranslator(locale: Locale) {
  return createCatalogTranslator([
    { locale, catalog: CATALOGS[locale] },
    { locale: 'en', catalog: en },
  ]);
}

/**
 * Renders one input alone with its value kept in state, the way the form keeps it.
 * `onChange` sees every value reported; `getValue()` the latest.
 */
export function renderInput<K extends FieldValueKind>(
  Input: ComponentType<FieldInputProps<K>>,
  field: FormField,
  initial: ValueOf<K>,
  opts: { locale?: Locale; placement?: DropdownPlacement; isInvalid?: boolean } = {},
) {
  const onChange = vi.fn<(value: ValueOf<K>, options?: { isIncomplete?: boolean }) => void>();
  let latest = initial;
  const ids = getFieldIds('t', 0);
  // Named the way FieldShell names it: a label for one control, a legend for a group.
  const isGroup = ['files', 'salary', 'language', 'checkbox_list'].includes(field.input_type);
  function Harness() {
    const [value, setValue] = useState(initial);
    const input = (
      <Input
        field={field}
        value={value}
        onChange={(next, options) => {
          latest = next;
          setValue(next);
          onChange(next, options);
        }}
        ids={ids}
        describedBy={undefined}
        isInvalid={opts.isInvalid ?? false}
        placement={opts.placement ?? 'bottom-start'}
      />
    );
    if (isGroup) {
      return (
        <fieldset>
          <legend id={ids.title}>{field.name}</legend>
          {input}
        </fieldset>
      );
    }
    return (
      <>
        <label id={ids.title} htmlFor={ids.control}>
          {field.name}
        </label>
        {input}
      </>
    );
  }
  const locale = opts.locale ?? 'en';
  const result = render(
    <I18nProvider locale={locale} t={createTestTranslator(locale)}>
      <Harness />
    </I18nProvider>,
  );
  return { ...result, onChange, ids, getValue: () => latest };
}
