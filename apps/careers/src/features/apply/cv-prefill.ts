import type { CvParseResponse, FormField } from '@kadry/shared/schemas/form';
import type { FieldValue } from '@kadry/shared/validation/form-values';

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
