import type { CvParseResponse, FormField, InputType } from '@kadry/shared/schemas/form';
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

const FIELD_ERROR_PATH = /^fields\.(\d+)\.input_value(?:\..*)?$/;

/**
 * Splits the `errors` of a 422 answer into messages per field index (first message of each) and the
 * messages that belong to no field of this form.
 */
export function mapServerErrors(
  errors: Readonly<Record<string, readonly string[]>> | undefined,
  fieldCount: number,
): { byField: Map<number, string>; other: string[] } {
  const byField = new Map<number, string>();
  const other: string[] = [];
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const message = messages.find((text) => text !== '');
    if (message === undefined) continue;
    const match = FIELD_ERROR_PATH.exec(path);
    const index = match ? Number(match[1]) : -1;
    if (index >= 0 && index < fieldCount) {
      if (!byField.has(index)) byField.set(index, message);
    } else {
      other.push(message);
    }
  }
  return { byField, other };
}

/** A phone as the phone rule accepts it: spaces, dashes, dots and brackets of a written number dropped. */
export function normalizePhone(text: string): string {
  return text.replace(/[\s\-().]/g, '');
}

export type CvContacts = CvParseResponse['data']['parsed'];

/**
 * What a parsed CV fills in (issue 4, beyond the spec): the name, email, phone and first link go to the
 * matching fields that are still empty; nothing the candidate typed is overwritten. When the form asks
 * for the surname separately and both are empty, a two-part name is split between them.
 */
export function planCvPrefill(
  fields: readonly FormField[],
  values: readonly FieldValue<File>[],
  parsed: CvContacts,
): { index: number; text: string }[] {
  const isEmptyText = (index: number) => {
    const value = values[index];
    return value?.kind === 'text' && value.text.trim() === '';
  };
  const findEmpty = (matches: (field: FormField) => boolean) =>
    fields.findIndex((field, index) => matches(field) && isEmptyText(index));

  const plan: { index: number; text: string }[] = [];
  const add = (index: number, text: string | null | undefined) => {
    const clean = text?.trim();
    if (index >= 0 && clean) plan.push({ index, text: clean });
  };

  const nameIndex = findEmpty((field) => field.type === 'name');
  const surnameIndex = findEmpty((field) => field.type === 'surname');
  const nameParts = parsed.name?.trim().split(/\s+/) ?? [];
  if (nameIndex >= 0 && surnameIndex >= 0 && nameParts.length >= 2) {
    add(nameIndex, nameParts[0]);
    add(surnameIndex, nameParts.slice(1).join(' '));
  } else {
    add(nameIndex, parsed.name);
  }
  add(
    findEmpty((field) => field.input_type === 'email'),
    parsed.email,
  );
  add(
    findEmpty((field) => field.input_type === 'phone'),
    parsed.phone === null ? null : normalizePhone(parsed.phone),
  );
  add(
    findEmpty((field) => field.input_type === 'link'),
    parsed.links[0],
  );
  return plan;
}
