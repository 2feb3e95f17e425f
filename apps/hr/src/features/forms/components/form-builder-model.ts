import type { FieldType, InputType } from '@kadry/shared/schemas/form';
import type { StaffFormField } from '@kadry/shared/schemas/recruiting';

/** Input types that take a list of options (typed by hand or filled from a dictionary). */
export const OPTION_INPUT_TYPES: readonly InputType[] = [
  'select',
  'multiselect',
  'checkbox_list',
  'language',
  'salary',
];

/** Input types a maximum length applies to. */
export const MAX_LENGTH_INPUT_TYPES: readonly InputType[] = [
  'text',
  'textarea',
  'email',
  'phone',
  'link',
  'number',
];

export type Dictionary = NonNullable<StaffFormField['dictionary']>;
export const DICTIONARIES: readonly Dictionary[] = [
  'experience',
  'search_status',
  'sex',
  'language',
  'currency',
];

/** Field types whose options belong to a company dictionary (spec §3.1: experience, languages, …). */
const FIELD_TYPE_DICTIONARIES: Partial<Record<FieldType, Dictionary>> = {
  experience: 'experience',
  search_status: 'search_status',
  sex: 'sex',
  languages: 'language',
  salary: 'currency',
};

/** Input types whose options can only come from one dictionary. */
const INPUT_TYPE_DICTIONARIES: Partial<Record<InputType, Dictionary>> = {
  language: 'language',
  salary: 'currency',
};

/**
 * The field with another field type. A type backed by a dictionary (experience, sex, …) takes its
 * dictionary when the field has options and none chosen yet, so its options are the company's.
 */
export function changeFieldType(field: StaffFormField, type: FieldType): StaffFormField {
  const dictionary = FIELD_TYPE_DICTIONARIES[type];
  const takesDictionary = dictionary && OPTION_INPUT_TYPES.includes(field.input_type) && !field.dictionary;
  return { ...field, type, ...(takesDictionary ? { dictionary } : {}) };
}

/**
 * The field with another input type. Languages and salary always use their dictionary; an input type
 * without options drops the dictionary, which would otherwise ride along unseen.
 */
export function changeInputType(field: StaffFormField, inputType: InputType): StaffFormField {
  const dictionary = OPTION_INPUT_TYPES.includes(inputType)
    ? (INPUT_TYPE_DICTIONARIES[inputType] ?? field.dictionary ?? null)
    : null;
  return { ...field, input_type: inputType, dictionary };
}

/** A builder row: the field plus a stable key for React (fields have no id of their own). */
export type BuilderField = { key: string; field: StaffFormField };

let nextKey = 1;
export function createBuilderField(field: StaffFormField): BuilderField {
  const key = `field-${nextKey}`;
  nextKey += 1;
  return { key, field };
}

/** A new field's sensible defaults for its input type. */
export function createField(inputType: InputType, name: string): StaffFormField {
  const type: FieldType = inputType === 'files' ? 'files' : 'custom_property';
  return {
    name,
    type,
    input_type: inputType,
    required: false,
    validation: null,
    input_meta:
      inputType === 'files'
        ? { maxFiles: 1, formats: ['pdf', 'doc', 'docx'] }
        : OPTION_INPUT_TYPES.includes(inputType)
          ? { options: [] }
          : null,
    dictionary: INPUT_TYPE_DICTIONARIES[inputType] ?? null,
    value: null,
  };
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/**
 * Option lines as options. Ids are what answers refer to, so they stay put: a line keeps the id of the
 * option with the same name, else (an edited line) the id of the option that stood at its position,
 * else it gets a new id after the largest.
 */
export function parseOptionLines(text: string, previous: readonly { id: number; name: string }[]) {
  const names = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line, index, lines) => line !== '' && lines.indexOf(line) === index);
  const byName = new Map(previous.map((option) => [option.name, option.id]));
  const used = new Set(names.flatMap((name) => (byName.has(name) ? [byName.get(name) as number] : [])));
  let maxId = previous.reduce((max, option) => Math.max(max, option.id), 0);
  return names.map((name, index) => {
    const known = byName.get(name);
    if (known !== undefined) return { id: known, name };
    const positional = previous[index]?.id;
    if (positional !== undefined && !used.has(positional)) {
      used.add(positional);
      return { id: positional, name };
    }
    maxId += 1;
    return { id: maxId, name };
  });
}

/** Formats typed as "pdf, .DOCX" → ['pdf', 'docx']. */
export function parseFormats(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((format) => format.trim().replace(/^\./, '').toLowerCase())
        .filter(Boolean),
    ),
  ];
}
