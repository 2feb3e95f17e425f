import {
  ComboboxItem,
  ComboboxItemCheck,
  ComboboxPopover,
  ComboboxProvider,
  ComboboxSelect,
} from '@ariakit/react';
import { ChevronDownIcon } from '../../icons';
import type { DropdownPlacement } from '../dropdown-placement';

export type SelectOption = { value: string; label: string; isDisabled?: boolean };

/**
 * A single-choice dropdown on Ariakit's combobox select: a button with role combobox and a listbox
 * popup, typeahead and arrow keys included. Its popup is at most 324 px high (CSS) and opens where
 * `placement` says (spec §9). It renders in place (no portal), so leaving the field is a plain blur.
 */
export function OptionSelect({
  id,
  options,
  value,
  onChange,
  placeholder,
  placement,
  labelledBy,
  label,
  describedBy,
  isInvalid,
  isRequired,
  isDisabled,
  className,
}: {
  id: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  placement: DropdownPlacement;
  /** Named by another element (the field title), or else by `label`. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}) {
  const chosen = options.find((option) => option.value === value && option.value !== '');
  return (
    <ComboboxProvider
      selectedValue={value}
      setSelectedValue={(next) => onChange(String(next))}
      placement={placement}
    >
      <ComboboxSelect
        id={id}
        className={`select${className ? ` ${className}` : ''}`}
        disabled={isDisabled}
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        aria-required={isRequired || undefined}
      >
        <span className={chosen ? 'select__value' : 'select__value select__value--placeholder'}>
          {chosen ? chosen.label : placeholder}
        </span>
        <ChevronDownIcon className="select__arrow" />
      </ComboboxSelect>
      <ComboboxPopover
        className="popover select__popover"
        portal={false}
        gutter={4}
        sameWidth
        data-placement={placement}
      >
        {options.map((option) => (
          <ComboboxItem
            key={option.value}
            value={option.value}
            disabled={option.isDisabled}
            className="select__item"
          >
            <span className="select__item-label">{option.label}</span>
            <ComboboxItemCheck className="select__item-check" />
          </ComboboxItem>
        ))}
      </ComboboxPopover>
    </ComboboxProvider>
  );
}
