import { Checkbox } from '@ariakit/react';
import { RequiredMark } from '../field-shell';
import type { FieldInputProps } from './input-props';

/** A single checkbox whose label is the field's name (and required mark). */
export function CheckboxInput({
  field,
  value,
  onChange,
  ids,
  describedBy,
  isInvalid,
}: FieldInputProps<'checkbox'>) {
  return (
    <label className="check" id={ids.title} htmlFor={ids.control}>
      <Checkbox
        id={ids.control}
        className="check__box"
        checked={value.checked}
        onChange={(event) => onChange({ kind: 'checkbox', checked: event.currentTarget.checked })}
        aria-required={field.required || undefined}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
      />
      <span className="check__label">
        {field.name}
        {field.required ? <RequiredMark /> : null}
      </span>
    </label>
  );
}
