import type { FormField, InputType } from '@kadry/shared/schemas/form';

export function makeField(input_type: InputType, overrides: Partial<FormField> = {}): FormField {
  return {
    name: 'Field',
    type: 'custom_property',
    input_type,
    required: false,
    validation: null,
    input_meta: null,
    ...overrides,
  };
}

export const LANGUAGE_OPTIONS = [
  {
    id: 10,
    name: 'English',
    meta: [
      { id: 1, name: 'B1' },
      { id: 2, name: 'B2' },
    ],
  },
  { id: 11, name: 'Polish', meta: [{ id: 3, name: 'A1' }] },
  { id: 12, name: 'German', meta: [{ id: 4, name: 'A2' }] },
];

export const CURRENCY_OPTIONS = [
  { id: 7, name: 'EUR (€)' },
  { id: 8, name: 'USD ($)' },
  { id: 9, name: 'UAH (₴)' },
];

/** A form like the demo company's: every input type, in the demo's order. */
export function makeDemoFields(): FormField[] {
  return [
    makeField('text', { name: 'First name', type: 'name', required: true, validation: { max: 100 } }),
    makeField('text', { name: 'Last name', type: 'surname' }),
    makeField('email', { name: 'Email', type: 'email', required: true }),
    makeField('phone', { name: 'Phone', type: 'phone' }),
    makeField('link', { name: 'LinkedIn or portfolio', type: 'link' }),
    makeField('files', {
      name: 'CV',
      type: 'cv',
      required: true,
      input_meta: { maxFiles: 1, formats: ['pdf', 'doc', 'docx', 'rtf', 'odt', 'txt'] },
    }),
    makeField('textarea', { name: 'Cover letter', type: 'cover_letter' }),
    makeField('date', { name: 'Date of birth', type: 'birthdate' }),
    makeField('number', { name: 'Years of experience', value: 'years_of_experience' }),
    makeField('select', {
      name: 'Experience',
      type: 'experience',
      input_meta: {
        options: [
          { id: 1, name: 'No experience' },
          { id: 2, name: '1–3 years' },
        ],
      },
    }),
    makeField('multiselect', {
      name: 'Preferred areas',
      value: 'preferred_areas',
      input_meta: {
        options: [
          { id: 1, name: 'Engineering' },
          { id: 2, name: 'Data' },
          { id: 3, name: 'Sales' },
        ],
      },
    }),
    makeField('checkbox', { name: 'Ready to relocate', type: 'relocate' }),
    makeField('checkbox_list', {
      name: 'How did you hear about us',
      value: 'heard_from',
      input_meta: {
        options: [
          { id: 1, name: 'LinkedIn' },
          { id: 2, name: 'A friend' },
        ],
      },
    }),
    makeField('language', {
      name: 'Languages',
      type: 'languages',
      input_meta: { options: LANGUAGE_OPTIONS },
    }),
    makeField('salary', {
      name: 'Expected salary',
      type: 'salary',
      input_meta: { options: CURRENCY_OPTIONS },
    }),
  ];
}

/** A File of `size` bytes with a fixed modified time. */
export function makeFile(name: string, size = 2048, lastModified = 1_700_000_000_000, type = ''): File {
  return new File([new Uint8Array(size)], name, { lastModified, type });
}
