import {
  ComboboxInput,
  ComboboxItem,
  ComboboxItemCheck,
  ComboboxList,
  ComboboxPopover,
  ComboboxProvider,
  ComboboxSelect,
} from '@ariakit/react';
import { MULTISELECT_SEARCH_DEBOUNCE_MS } from '@kadry/shared/constants';
import { useMemo, useState } from 'react';
import { useLocale, useTranslate } from '../../i18n';
import { ChevronDownIcon } from '../../icons';
import { useDebouncedValue } from '../../use-debounced-value';
import type { FieldInputProps } from './input-props';

/**
 * A multiselect field: a select whose popup has a search box (filtering waits 500 ms after the last
 * keystroke, spec §9) and a list of checkable options. The model holds option ids in the order chosen.
 */
export function MultiselectInput({
  field,
  value,
  onChange,
  ids,
  describedBy,
  isInvalid,
  placement,
}: FieldInputProps<'multiselect'>) {
  const t = useTranslate();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, MULTISELECT_SEARCH_DEBOUNCE_MS).trim().toLocaleLowerCase(locale);
  const options = field.input_meta?.options ?? [];
  const visible = useMemo(
    () =>
      query === ''
        ? options
        : options.filter((option) => option.name.toLocaleLowerCase(locale).includes(query)),
    [options, query, locale],
  );
  const chosenNames = value.multiselect.flatMap(
    (id) => options.find((option) => option.id === id)?.name ?? [],
  );

  return (
    <ComboboxProvider
      selectedValue={value.multiselect.map(String)}
      setSelectedValue={(next) => onChange({ kind: 'multiselect', multiselect: next.map(Number) })}
      inputValue={search}
      setInputValue={setSearch}
      resetValueOnHide
      placement={placement}
    >
      <ComboboxSelect
        id={ids.control}
        className="select"
        aria-labelledby={ids.title}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        aria-required={field.required || undefined}
      >
        <span
          className={chosenNames.length > 0 ? 'select__value' : 'select__value select__value--placeholder'}
        >
          {chosenNames.length > 0 ? chosenNames.join(', ') : t('careers.form.select_placeholder')}
        </span>
        <ChevronDownIcon className="select__arrow" />
      </ComboboxSelect>
      <ComboboxPopover
        className="popover select__popover select__popover--search"
        portal={false}
        gutter={4}
        sameWidth
        data-placement={placement}
      >
        <div className="select__search">
          <ComboboxInput
            className="select__search-input"
            placeholder={t('careers.form.search_placeholder')}
            aria-label={t('careers.form.search_placeholder')}
          />
        </div>
        <ComboboxList className="select__list" aria-labelledby={ids.title}>
          {visible.map((option) => (
            <ComboboxItem key={option.id} value={String(option.id)} className="select__item">
              <ComboboxItemCheck className="select__item-check select__item-check--box" />
              <span className="select__item-label">{option.name}</span>
            </ComboboxItem>
          ))}
          {visible.length === 0 ? <p className="select__empty">{t('careers.form.no_options')}</p> : null}
        </ComboboxList>
      </ComboboxPopover>
    </ComboboxProvider>
  );
}
