import { type ReactNode, type Ref, useId } from 'react';
import { FieldError } from '../../../components/ui/field';

/**
 * A required set of checkboxes (a token's scopes, a webhook's events): a legend with the required
 * mark, one box an option, the error under the group and tied to it. `firstRef` lands on the first box,
 * where the form puts the focus when nothing is chosen.
 */
export function ChoiceChecklist<T extends string>({
  legend,
  options,
  selected,
  onChange,
  optionLabel,
  error,
  firstRef,
}: {
  legend: string;
  options: readonly T[];
  selected: readonly T[];
  onChange: (update: (current: T[]) => T[]) => void;
  optionLabel: (option: T) => ReactNode;
  error?: string | undefined;
  firstRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <fieldset
      className="integrations__choices"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      {options.map((option, index) => (
        <label key={option} className="integrations__choice">
          <input
            ref={index === 0 ? firstRef : undefined}
            type="checkbox"
            checked={selected.includes(option)}
            onChange={(event) => {
              const isChecked = event.target.checked;
              onChange((current) =>
                isChecked ? [...current, option] : current.filter((item) => item !== option),
              );
            }}
          />
          <span>{optionLabel(option)}</span>
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
