import { CV_FORMATS } from '@kadry/shared/constants';
import type { FormField } from '@kadry/shared/schemas/form';
import { convertValueToAnswer } from '@kadry/shared/validation/form-values';
import { validateAnswers } from '@kadry/shared/validation/validate-field';
import { describe, expect, it } from 'vitest';
import {
  buildApplicationEntries,
  buildApplicationValues,
  createPdfFile,
  findFileSlots,
  PDF_HEADER,
} from './application';

const options = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }));
function field(partial: Partial<FormField> & Pick<FormField, 'name' | 'type' | 'input_type'>): FormField {
  return { required: true, validation: null, input_meta: null, ...partial };
}

/** Shaped like the demo form: every input type, every field required so nothing passes by being empty. */
const FORM: FormField[] = [
  field({ name: 'First name', type: 'name', input_type: 'text', validation: { max: 100 } }),
  field({ name: 'Email', type: 'email', input_type: 'email', validation: { max: 254 } }),
  field({ name: 'Phone', type: 'phone', input_type: 'phone' }),
  field({ name: 'Link', type: 'link', input_type: 'link' }),
  field({
    name: 'CV',
    type: 'cv',
    input_type: 'files',
    input_meta: { maxFiles: 1, formats: [...CV_FORMATS] },
  }),
  field({ name: 'Cover letter', type: 'cover_letter', input_type: 'textarea', validation: { max: 40 } }),
  field({ name: 'Birth date', type: 'birthdate', input_type: 'date' }),
  field({ name: 'Start', type: 'custom_property', input_type: 'date', value: 'earliest_start_date' }),
  field({ name: 'Years', type: 'custom_property', input_type: 'number', value: 'years' }),
  field({
    name: 'Experience',
    type: 'experience',
    input_type: 'select',
    input_meta: { options: options('1-3', '3-5') },
  }),
  field({
    name: 'Areas',
    type: 'custom_property',
    input_type: 'multiselect',
    value: 'areas',
    input_meta: { options: options('A', 'B', 'C') },
  }),
  field({ name: 'Relocate', type: 'relocate', input_type: 'checkbox' }),
  field({
    name: 'Heard',
    type: 'custom_property',
    input_type: 'checkbox_list',
    value: 'heard',
    input_meta: { options: options('X', 'Y') },
  }),
  field({
    name: 'Languages',
    type: 'languages',
    input_type: 'language',
    input_meta: { options: [{ id: 7, name: 'English', meta: [{ id: 70, name: 'B2' }] }] },
  }),
  field({
    name: 'Salary',
    type: 'salary',
    input_type: 'salary',
    input_meta: { options: options('EUR (€)', 'USD ($)') },
  }),
  field({
    name: 'Other files',
    type: 'files',
    input_type: 'files',
    input_meta: { maxFiles: 3, formats: ['pdf', 'png'] },
  }),
];

const TODAY = '2026-03-15';

describe('buildApplicationValues', () => {
  it('answers every field of a form using every input type so that the shared rules accept it', () => {
    const values = buildApplicationValues(FORM, {
      today: TODAY,
      seq: 7,
      cv: createPdfFile('cv.pdf', 2048),
      attachment: createPdfFile('big.pdf', 50 * 1024 * 1024),
    });
    const answers = FORM.map((f, i) => convertValueToAnswer(f, values[i] ?? { kind: 'text', text: '' }));
    expect(validateAnswers(FORM, answers, { today: TODAY })).toEqual({});
  });

  it('puts the CV in the cv field and the big attachment in the other files field', () => {
    const values = buildApplicationValues(FORM, {
      today: TODAY,
      seq: 1,
      cv: createPdfFile('cv.pdf', 2048),
      attachment: createPdfFile('big.pdf', 4096),
    });
    const names = values.map((value) =>
      value.kind === 'files' ? value.files.map((f) => f.file.name) : null,
    );
    expect(names[4]).toEqual(['cv.pdf']);
    expect(names[15]).toEqual(['big.pdf']);
  });

  it('sends the attachment as the CV when the form has no other files field', () => {
    const onlyCv = FORM.slice(0, 5);
    expect(findFileSlots(onlyCv)).toEqual({ cvIndex: 4, attachmentIndex: 4 });
    const values = buildApplicationValues(onlyCv, {
      today: TODAY,
      seq: 1,
      cv: createPdfFile('cv.pdf', 2048),
      attachment: createPdfFile('big.pdf', 4096),
    });
    const cv = values[4];
    expect(cv?.kind === 'files' && cv.files.map((f) => f.file.name)).toEqual(['big.pdf']);
  });
});

describe('buildApplicationEntries', () => {
  it('encodes the files as multipart file entries under the bracketed names', () => {
    const entries = buildApplicationEntries(FORM, {
      today: TODAY,
      seq: 1,
      cv: createPdfFile('cv.pdf', 2048),
      attachment: createPdfFile('big.pdf', 4096),
    });
    const files = entries.filter(([, value]) => typeof value !== 'string').map(([name]) => name);
    expect(files).toEqual(['fields[4][input_value]', 'fields[15][input_value][0]']);
    expect(entries[0]).toEqual(['source', 'bench']);
  });
});

describe('createPdfFile', () => {
  it('starts with a PDF header and refuses a size too small to hold it', () => {
    expect(createPdfFile('a.pdf', 1024).header.subarray(0, 5).toString()).toBe('%PDF-');
    expect(() => createPdfFile('a.pdf', PDF_HEADER.length - 1)).toThrow();
  });
});
