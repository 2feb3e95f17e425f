import { CV_FORMATS } from '@kadry/shared/constants';
import type { NewFormFieldRow } from '../schema/forms';

/** A form field without its owner and position (position is the index in the list). */
export type FormFieldSpec = Omit<NewFormFieldRow, 'id' | 'companyId' | 'formId' | 'position'>;

/**
 * The demo company's default form: every input type of spec §3.1 at least once, so the careers site
 * (and its tests) exercise the whole dynamic form. Dictionary-backed fields name their dictionary;
 * the form service fills their options.
 */
export const DEMO_FORM_FIELDS: readonly FormFieldSpec[] = [
  { name: 'First name', type: 'name', inputType: 'text', required: true, maxLength: 100 },
  { name: 'Last name', type: 'surname', inputType: 'text', required: false, maxLength: 100 },
  { name: 'Email', type: 'email', inputType: 'email', required: true, maxLength: 254 },
  { name: 'Phone', type: 'phone', inputType: 'phone', required: false },
  { name: 'LinkedIn or portfolio', type: 'link', inputType: 'link', required: false, maxLength: 2048 },
  {
    name: 'CV',
    type: 'cv',
    inputType: 'files',
    required: true,
    inputMeta: { maxFiles: 1, formats: [...CV_FORMATS] },
  },
  { name: 'Cover letter', type: 'cover_letter', inputType: 'textarea', required: false, maxLength: 2000 },
  { name: 'Date of birth', type: 'birthdate', inputType: 'date', required: false },
  {
    name: 'Earliest start date',
    type: 'custom_property',
    inputType: 'date',
    required: false,
    value: 'earliest_start_date',
  },
  {
    name: 'Years of experience',
    type: 'custom_property',
    inputType: 'number',
    required: false,
    value: 'years_of_experience',
  },
  { name: 'Experience', type: 'experience', inputType: 'select', required: false, dictionary: 'experience' },
  {
    name: 'Job search status',
    type: 'search_status',
    inputType: 'select',
    required: false,
    dictionary: 'search_status',
  },
  { name: 'Sex', type: 'sex', inputType: 'select', required: false, dictionary: 'sex' },
  {
    name: 'Preferred areas',
    type: 'custom_property',
    inputType: 'multiselect',
    required: false,
    value: 'preferred_areas',
    inputMeta: {
      options: [
        { id: 1, name: 'Engineering' },
        { id: 2, name: 'Data' },
        { id: 3, name: 'Product & Design' },
        { id: 4, name: 'Sales' },
        { id: 5, name: 'Customer Support' },
        { id: 6, name: 'People & HR' },
        { id: 7, name: 'Finance' },
        { id: 8, name: 'Operations' },
        { id: 9, name: 'Marketing' },
      ],
    },
  },
  { name: 'Ready to relocate', type: 'relocate', inputType: 'checkbox', required: false },
  {
    name: 'How did you hear about us',
    type: 'custom_property',
    inputType: 'checkbox_list',
    required: false,
    value: 'heard_from',
    inputMeta: {
      options: [
        { id: 1, name: 'LinkedIn' },
        { id: 2, name: 'A job board' },
        { id: 3, name: 'A friend or colleague' },
        { id: 4, name: 'A conference or meetup' },
        { id: 5, name: 'Other' },
      ],
    },
  },
  { name: 'Languages', type: 'languages', inputType: 'language', required: false, dictionary: 'language' },
  { name: 'Expected salary', type: 'salary', inputType: 'salary', required: false, dictionary: 'currency' },
  {
    name: 'Other files (portfolio, certificates)',
    type: 'files',
    inputType: 'files',
    required: false,
    inputMeta: { maxFiles: 3, formats: ['pdf', 'docx', 'png', 'jpg'] },
  },
];
