import { NUMBER_FIELD_MAX_DIGITS } from '@kadry/shared/constants';
import type { FieldType } from '@kadry/shared/schemas/form';
import { isPhoneChar } from '@kadry/shared/validation/input-helpers';
import type { FactoryOpts } from 'imask';
import type { ChangeEvent } from 'react';
import type { FieldInputProps } from './input-props';
import { useMaskedInput } from './use-masked-input';

/** Browser autofill hints by what a field means, so a phone fills a candidate's details in one tap. */
const AUTOCOMPLETE_BY_TYPE: Partial<Record<FieldType, string>> = {
  name: 'given-name',
  surname: 'family-name',
  middle_name: 'additional-name',
  email: 'email',
  phone: 'tel',
  link: 'url',
  residence: 'address-level2',
  position: 'organization-title',
};

/** The number field's mask (spec §5): digits only, at most 19 of them. */
const NUMBER_MASK: FactoryOpts = { mask: '0'.repeat(NUMBER_FIELD_MAX_DIGITS) };

function keepPhoneChars(text: string): string {
  return Array.from(text).filter(isPhoneChar).join('');
}

function NumberInput({ value, onChange, ids, describedBy, isInvalid, field }: FieldInputProps<'text'>) {
  const ref = useMaskedInput(NUMBER_MASK, value.text, (text) => onChange({ kind: 'text', text }));
  return (
    <input
      ref={ref}
      id={ids.control}
      className="field__input"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      defaultValue={value.text}
      aria-required={field.required || undefined}
      aria-invalid={isInvalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/** text, textarea, email, phone, link and number fields. */
export function TextInput(props: FieldInputProps<'text'>) {
  const { field, value, onChange, ids, describedBy, isInvalid } = props;
  if (field.input_type === 'number') return <NumberInput {...props} />;

  const common = {
    id: ids.control,
    value: value.text,
    'aria-required': field.required || undefined,
    'aria-invalid': isInvalid || undefined,
    'aria-describedby': describedBy,
    autoComplete: AUTOCOMPLETE_BY_TYPE[field.type] ?? 'off',
  };
  if (field.input_type === 'textarea') {
    return (
      <textarea
        {...common}
        className="field__input field__input--textarea"
        rows={4}
        onChange={(event) => onChange({ kind: 'text', text: event.currentTarget.value })}
      />
    );
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    // A phone takes digits and '+' only (spec §5): other characters typed or pasted are left out.
    onChange({ kind: 'text', text: field.input_type === 'phone' ? keepPhoneChars(text) : text });
  };
  const typeAttributes = {
    text: { type: 'text' },
    email: { type: 'email', inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
    phone: { type: 'tel', inputMode: 'tel' },
    link: { type: 'url', inputMode: 'url', autoCapitalize: 'none', spellCheck: false },
  } as const;
  const attributes = typeAttributes[field.input_type as keyof typeof typeAttributes] ?? typeAttributes.text;
  return <input {...common} {...attributes} className="field__input" onChange={handleChange} />;
}
