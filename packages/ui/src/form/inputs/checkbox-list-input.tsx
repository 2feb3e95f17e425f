import { Checkbox, CheckboxProvider } from '@ariakit/react';
import type { FieldInputProps } from './input-props';

/** The first box is the field's control: submit focuses it. */
function getOptionId(controlId: string, index: number): string {
  return index === 0 ? controlId : `${controlId}-${index}`;
}

/** A list of checkboxes, one per option; the model holds the ids of the ticked ones in option order. */
export function CheckboxListInput({
  field,
  value,
  onChange,
  ids,
  describedBy,
  isInvalid,
}: FieldInputProps<'checkbox_list'>) {
  const options = field.input_meta?.options ?? [];
  const setTicked = (ticked: readonly string[]) => {
    const checkboxList = options
      .filter((option) => ticked.includes(String(option.id)))
      .map((option) => option.id);
    onChange({ kind: 'checkbox_list', checkboxList });
  };
  return (
    <CheckboxProvider value={value.checkboxList.map(String)} setValue={setTicked}>
      <div className="check-list">
        {options.map((option, index) => (
          <label key={option.id} className="check" htmlFor={getOptionId(ids.control, index)}>
            <Checkbox
              id={getOptionId(ids.control, index)}
              className="check__box"
              value={String(option.id)}
              aria-invalid={isInvalid || undefined}
              aria-describedby={describedBy}
            />
            <span className="check__label">{option.name}</span>
          </label>
        ))}
      </div>
    </CheckboxProvider>
  );
}
