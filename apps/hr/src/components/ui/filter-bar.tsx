import { type ReactNode, type RefObject, useId } from 'react';
import { useT } from '../../lib/i18n';

/**
 * A list's search and filters: a search landmark named `label`, laid out in a row. Enter in a text
 * field (or a submit button among the children) calls `onSubmit`.
 */
export function FilterBar({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit?: () => void;
  children: ReactNode;
}) {
  return (
    <search aria-label={label}>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit?.();
        }}
      >
        {children}
      </form>
    </search>
  );
}

/** A labelled text, search or date input of a filter bar. */
export function FilterInput({
  label,
  value,
  onChange,
  type = 'text',
  maxLength,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'search' | 'date';
  maxLength?: number;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export type FilterOption = { value: string | number; label: string };

/** A labelled select of a filter bar whose first choice, "All", is the empty value. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  isDisabled = false,
  description,
}: {
  label: string;
  /** The chosen option's value; undefined or '' for "All". */
  value: string | number | undefined;
  options: readonly FilterOption[];
  /** The chosen value as the select gives it: '' for "All". */
  onChange: (value: string) => void;
  isDisabled?: boolean;
  /** Read to screen readers only, e.g. what the select needs before it can be used. */
  description?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={isDisabled}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('hr.common.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {description ? (
        <span id={`${id}-description`} className="visually-hidden">
          {description}
        </span>
      ) : null}
    </div>
  );
}
