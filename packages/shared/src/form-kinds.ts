// Kinds of form fields, without zod: the browser bundles import these values directly.

/** input_type values of spec §3.1: how a field is entered. */
export const INPUT_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'link',
  'date',
  'number',
  'select',
  'multiselect',
  'checkbox',
  'checkbox_list',
  'files',
  'language',
  'salary',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/**
 * Field `type` values: what a field means. `cv`, `custom_property` and `relocate` are named by the
 * spec; the rest are the standard kinds a candidate profile has. A form may use any of them.
 */
export const FIELD_TYPES = [
  'cv',
  'custom_property',
  'relocate',
  'name',
  'surname',
  'middle_name',
  'email',
  'phone',
  'birthdate',
  'link',
  'residence',
  'position',
  'experience',
  'search_status',
  'sex',
  'salary',
  'languages',
  'skills',
  'cover_letter',
  'files',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Select fields of these types show a 'not selected' placeholder. */
export const PLACEHOLDER_SELECT_TYPES: readonly FieldType[] = ['experience', 'search_status', 'sex'];
