import { describe, expect, it } from 'vitest';
import { INPUT_TYPES, type InputType } from '../form-kinds';
import type { FormField } from '../schemas/form';
import { addSelectedFiles, convertValueToAnswer, emptyFieldValue, getValueKind } from './form-values';
import { getAnswerKind } from './validate-field';

function makeField(input_type: InputType, overrides: Partial<FormField> = {}): FormField {
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

const currencies = [
  { id: 7, name: 'EUR (€)' },
  { id: 8, name: 'USD ($)' },
];

describe('emptyFieldValue', () => {
  it.each(INPUT_TYPES)('%s: starts with a value of its kind whose answer has the right kind', (inputType) => {
    const field = makeField(inputType);
    const value = emptyFieldValue(field);
    expect(value.kind).toBe(getValueKind(inputType));
    expect(convertValueToAnswer(field, value).kind).toBe(getAnswerKind(inputType));
  });
  it('defaults salary to the USD ($) option, or none when the form has no such currency', () => {
    expect(emptyFieldValue(makeField('salary', { input_meta: { options: currencies } }))).toEqual({
      kind: 'salary',
      min: '',
      max: '',
      currency: 8,
    });
    expect(
      emptyFieldValue(makeField('salary', { input_meta: { options: [{ id: 7, name: 'EUR (€)' }] } })),
    ).toMatchObject({
      currency: null,
    });
  });
  it('starts language with no rows and checkbox unticked', () => {
    expect(emptyFieldValue(makeField('language'))).toEqual({ kind: 'language', languages: [] });
    expect(emptyFieldValue(makeField('checkbox'))).toEqual({ kind: 'checkbox', checked: false });
  });
});

describe('convertValueToAnswer', () => {
  it('sends a select option id when the choice is an option name, else the raw choice', () => {
    const field = makeField('select', { input_meta: { options: [{ id: 4, name: 'Remote' }] } });
    expect(convertValueToAnswer(field, { kind: 'select', select: 'Remote' })).toEqual({
      kind: 'text',
      value: '4',
    });
    expect(convertValueToAnswer(field, { kind: 'select', select: 'Hybrid' })).toEqual({
      kind: 'text',
      value: 'Hybrid',
    });
  });
  it('drops language rows without a language and an unknown currency', () => {
    const language = makeField('language');
    expect(
      convertValueToAnswer(language, {
        kind: 'language',
        languages: [
          { language: null, level: null },
          { language: 3, level: null },
        ],
      }),
    ).toEqual({ kind: 'language', value: [{ language: '3', level: '' }] });
    const salary = makeField('salary', { input_meta: { options: currencies } });
    expect(convertValueToAnswer(salary, { kind: 'salary', min: '1', max: '', currency: 99 })).toEqual({
      kind: 'salary',
      value: { min: '1', max: '', currency: '' },
    });
  });
  it('describes files by name, size and lower-case extension', () => {
    const file = { name: 'CV.PDF', size: 3000, lastModified: 1 };
    expect(convertValueToAnswer(makeField('files'), { kind: 'files', files: [{ file, error: '' }] })).toEqual(
      {
        kind: 'files',
        value: [{ name: 'CV.PDF', size: 3000, format: 'pdf' }],
      },
    );
  });
});

describe('addSelectedFiles', () => {
  it('drops files with the same name and modified time, keeps same name with another time', () => {
    const a = { name: 'a.pdf', size: 1, lastModified: 1 };
    const current = addSelectedFiles([], [a]);
    const next = addSelectedFiles(current, [
      { name: 'a.pdf', size: 2, lastModified: 1 },
      { name: 'a.pdf', size: 1, lastModified: 2 },
      { name: 'b.pdf', size: 1, lastModified: 1 },
    ]);
    expect(next.map((entry) => [entry.file.name, entry.file.lastModified])).toEqual([
      ['a.pdf', 1],
      ['a.pdf', 2],
      ['b.pdf', 1],
    ]);
    expect(next.every((entry) => entry.error === '')).toBe(true);
  });
});
