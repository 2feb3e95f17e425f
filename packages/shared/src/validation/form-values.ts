import { DEFAULT_SALARY_CURRENCY_NAME } from '../constants';
import type { FieldOption, FormField, InputType } from '../schemas/form';
import { getFileExtension } from './input-helpers';
import type { FieldAnswer } from './validate-field';

/**
 * What the form model needs of a browser File. A structural type because this package has no DOM
 * typings; in the browser `F` is `File`, which fits.
 */
export type FileLike = { readonly name: string; readonly size: number; readonly lastModified: number };

/** A chosen file with the error text shown under it ('' when none). */
export type SelectedFile<F extends FileLike = FileLike> = { file: F; error: string };

/** One language row of the form: option ids, null until chosen. */
export type LanguageRowValue = { language: number | null; level: number | null };

/** The browser form model's value of one field (spec §3.1 "Selected value per field"), by input_type. */
export type FieldValue<F extends FileLike = FileLike> =
  /** text, textarea, email, phone, link, number */
  | { kind: 'text'; text: string }
  /** 'YYYY-MM-DD', or '' while no complete valid date is entered */
  | { kind: 'date'; date: string }
  /** the chosen option's name, or raw text typed instead */
  | { kind: 'select'; select: string }
  /** option ids */
  | { kind: 'multiselect'; multiselect: number[] }
  | { kind: 'checkbox'; checked: boolean }
  /** option ids of the ticked boxes */
  | { kind: 'checkbox_list'; checkboxList: number[] }
  | { kind: 'language'; languages: LanguageRowValue[] }
  /** bounds as typed; currency an option id */
  | { kind: 'salary'; min: string; max: string; currency: number | null }
  | { kind: 'files'; files: SelectedFile<F>[] };

export type FieldValueKind = FieldValue['kind'];

const VALUE_KIND_BY_INPUT_TYPE: Record<InputType, FieldValueKind> = {
  text: 'text',
  textarea: 'text',
  email: 'text',
  phone: 'text',
  link: 'text',
  number: 'text',
  date: 'date',
  select: 'select',
  multiselect: 'multiselect',
  checkbox: 'checkbox',
  checkbox_list: 'checkbox_list',
  language: 'language',
  salary: 'salary',
  files: 'files',
};

/** The form-model kind a field of this input_type holds. */
export function getValueKind(inputType: InputType): FieldValueKind {
  return VALUE_KIND_BY_INPUT_TYPE[inputType];
}

/** The option named 'USD ($)', the default currency of salary fields; null when the form has none. */
export function findDefaultCurrencyId(options: readonly FieldOption[] | undefined): number | null {
  return options?.find((option) => option.name === DEFAULT_SALARY_CURRENCY_NAME)?.id ?? null;
}

/** The starting value of a field: blank, unticked, no rows, no files; salary in the default currency. */
export function emptyFieldValue<F extends FileLike = FileLike>(field: FormField): FieldValue<F> {
  switch (getValueKind(field.input_type)) {
    case 'text':
      return { kind: 'text', text: '' };
    case 'date':
      return { kind: 'date', date: '' };
    case 'select':
      return { kind: 'select', select: '' };
    case 'multiselect':
      return { kind: 'multiselect', multiselect: [] };
    case 'checkbox':
      return { kind: 'checkbox', checked: false };
    case 'checkbox_list':
      return { kind: 'checkbox_list', checkboxList: [] };
    case 'language':
      return { kind: 'language', languages: [] };
    case 'salary':
      return { kind: 'salary', min: '', max: '', currency: findDefaultCurrencyId(field.input_meta?.options) };
    case 'files':
      return { kind: 'files', files: [] };
  }
}

/** What a select sends (spec §3.1): the option id when the choice is an option's name, else the raw choice. */
export function resolveSelectChoice(options: readonly FieldOption[] | undefined, choice: string): string {
  const option = options?.find((candidate) => candidate.name === choice);
  return option ? String(option.id) : choice;
}

/** The currency id to send: only one that is among the field's options. */
export function resolveCurrencyId(
  options: readonly FieldOption[] | undefined,
  currency: number | null,
): string {
  if (currency === null) return '';
  return options?.some((option) => option.id === currency) ? String(currency) : '';
}

/** Rows worth sending: those with a language chosen (a fresh, untouched row is not an answer). */
export function getChosenLanguageRows(
  rows: readonly LanguageRowValue[],
): { language: number; level: number | null }[] {
  return rows.flatMap((row) => (row.language === null ? [] : [{ language: row.language, level: row.level }]));
}

/**
 * Adds files, dropping any with the same name and modified time as one already chosen (spec §4).
 * New files start without an error.
 */
export function addSelectedFiles<F extends FileLike>(
  current: readonly SelectedFile<F>[],
  incoming: readonly F[],
): SelectedFile<F>[] {
  const result = [...current];
  for (const file of incoming) {
    const isDuplicate = result.some(
      (entry) => entry.file.name === file.name && entry.file.lastModified === file.lastModified,
    );
    if (!isDuplicate) result.push({ file, error: '' });
  }
  return result;
}

/**
 * The answer the server will decode from this value, so the browser validates exactly what it sends.
 * The answer follows the value's kind; a value of the wrong kind for the field is flagged by validateField.
 */
export function convertValueToAnswer<F extends FileLike>(
  field: FormField,
  value: FieldValue<F>,
): FieldAnswer {
  const options = field.input_meta?.options;
  switch (value.kind) {
    case 'text':
      return { kind: 'text', value: value.text };
    case 'date':
      return { kind: 'text', value: value.date };
    case 'select':
      return { kind: 'text', value: resolveSelectChoice(options, value.select) };
    case 'multiselect':
      return { kind: 'list', value: value.multiselect.map(String) };
    case 'checkbox_list':
      return { kind: 'list', value: value.checkboxList.map(String) };
    case 'checkbox':
      return { kind: 'checkbox', value: value.checked };
    case 'language':
      return {
        kind: 'language',
        value: getChosenLanguageRows(value.languages).map((row) => ({
          language: String(row.language),
          level: row.level === null ? '' : String(row.level),
        })),
      };
    case 'salary':
      return {
        kind: 'salary',
        value: { min: value.min, max: value.max, currency: resolveCurrencyId(options, value.currency) },
      };
    case 'files':
      return {
        kind: 'files',
        value: value.files.map(({ file }) => ({
          name: file.name,
          size: file.size,
          format: getFileExtension(file.name),
        })),
      };
  }
}
