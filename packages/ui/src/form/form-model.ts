import type { FormField, InputType } from '@kadry/shared/schemas/form';
import { emptyFieldValue, type FieldValue } from '@kadry/shared/validation/form-values';

/** The react-hook-form model: one value per form field, in the definition's order (spec §3.1). */
export type ResponseFormValues = { fields: FieldValue<File>[] };

/** The react-hook-form name of field `index`. */
export type FieldName = `fields.${number}`;

export function getFieldName(index: number): FieldName {
  return `fields.${index}`;
}

/**
 * Input types validated as soon as they change (spec §5). Files join them: there is no typing to
 * interrupt, and a wrong file should be flagged the moment it is chosen, not when focus moves on.
 */
const EAGER_INPUT_TYPES: ReadonlySet<InputType> = new Set([
  'multiselect',
  'checkbox',
  'date',
  'select',
  'language',
  'files',
]);

/** True when a field validates on change; the others validate on blur (and all of them on submit). */
export function isEagerField(field: FormField): boolean {
  return EAGER_INPUT_TYPES.has(field.input_type);
}

/**
 * The starting model. A language field starts with one empty row to fill in, which is not an answer
 * until a language is chosen (getChosenLanguageRows drops it), so it changes nothing on the wire.
 */
export function createInitialValues(fields: readonly FormField[]): ResponseFormValues {
  return {
    fields: fields.map((field) => {
      const value = emptyFieldValue<File>(field);
      return value.kind === 'language'
        ? { kind: 'language', languages: [{ language: null, level: null }] }
        : value;
    }),
  };
}
