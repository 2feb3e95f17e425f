import type { Locale } from '@kadry/shared/constants';
import en from '@kadry/shared/i18n/en.json';
import ru from '@kadry/shared/i18n/ru.json';
import uk from '@kadry/shared/i18n/uk.json';
import type { FormField } from '@kadry/shared/schemas/form';
import type { FieldValueKind } from '@kadry/shared/validation/form-values';
import { type ComponentType, useState } from 'react';
import { vi } from 'vitest';
import { makePageData } from '../../../test/fixtures';
import { renderInPage } from '../../../test/render-in-page';
import type { DropdownPlacement } from '../dropdown-placement';
import { getFieldIds } from '../field-shell';
import type { FieldInputProps, ValueOf } from '../inputs/input-props';

const CATALOGS: Record<Locale, Record<string, string>> = { en, ru, uk };

/** The page data of a page in `locale`, with that locale's texts (English filling gaps, as the server does). */
export function makeLocalePageData(locale: Locale = 'en') {
  return makePageData({ currentLanguage: locale, translations: { ...en, ...CATALOGS[locale] } });
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
  const result = renderInPage(<Harness />, { pageData: makeLocalePageData(opts.locale) });
  return { ...result, onChange, ids, getValue: () => latest };
}
