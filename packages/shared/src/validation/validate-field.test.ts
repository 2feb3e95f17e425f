import { describe, expect, it } from 'vitest';
import { INPUT_TYPES, type InputType } from '../form-kinds';
import type { FormField } from '../schemas/form';
import { ISSUE_KEYS } from './rules';
import { type FieldAnswer, getAnswerKind, validateAnswers, validateField } from './validate-field';

const ctx = { today: '2025-06-15' };

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

const required = { required: true };
const options = {
  input_meta: {
    options: [
      { id: 1, name: 'One' },
      { id: 2, name: 'Two' },
    ],
  },
};

describe('validateField: required, per kind', () => {
  const cases: [InputType, FieldAnswer, FieldAnswer][] = [
    ['text', { kind: 'text', value: '   ' }, { kind: 'text', value: 'x' }],
    ['textarea', { kind: 'text', value: '' }, { kind: 'text', value: 'x' }],
    ['select', { kind: 'text', value: '' }, { kind: 'text', value: '1' }],
    ['checkbox', { kind: 'checkbox', value: false }, { kind: 'checkbox', value: true }],
    ['multiselect', { kind: 'list', value: [] }, { kind: 'list', value: ['1'] }],
    ['checkbox_list', { kind: 'list', value: [] }, { kind: 'list', value: ['2'] }],
    [
      'salary',
      { kind: 'salary', value: { min: '', max: '', currency: '1' } },
      { kind: 'salary', value: { min: '', max: '10', currency: '1' } },
    ],
    [
      'files',
      { kind: 'files', value: [] },
      { kind: 'files', value: [{ name: 'cv.pdf', size: 2048, format: 'pdf' }] },
    ],
  ];
  it.each(cases)('%s: rejects the empty answer and accepts a filled one', (inputType, empty, filled) => {
    const field = makeField(inputType, { ...required, ...options });
    expect(validateField(field, empty, ctx)).toEqual({ key: 'public.fill_fields' });
    expect(validateField(field, filled, ctx)).toBeNull();
  });

  it('language: wants one complete row', () => {
    const field = makeField('language', {
      ...required,
      input_meta: { options: [{ id: 10, name: 'English', meta: [{ id: 1, name: 'B2' }] }] },
    });
    expect(validateField(field, { kind: 'language', value: [] }, ctx)).toEqual({ key: 'public.fill_fields' });
    expect(validateField(field, { kind: 'language', value: [{ language: '10', level: '' }] }, ctx)).toEqual({
      key: 'public.fill_fields',
    });
    expect(
      validateField(field, { kind: 'language', value: [{ language: '10', level: '1' }] }, ctx),
    ).toBeNull();
  });

  it('a required field with no answer at all fails with fill_fields', () => {
    expect(validateField(makeField('email', required), { kind: 'empty' }, ctx)).toEqual({
      key: 'public.fill_fields',
    });
  });

  it('relocate: an unticked box counts as answered, but nothing sent does not', () => {
    const relocate = makeField('checkbox', { ...required, type: 'relocate' });
    expect(validateField(relocate, { kind: 'checkbox', value: false }, ctx)).toBeNull();
    expect(validateField(relocate, { kind: 'empty' }, ctx)).toEqual({ key: 'public.fill_fields' });
    // Without the relocate exemption the same box must be ticked.
    expect(
      validateField({ ...relocate, type: 'custom_property' }, { kind: 'checkbox', value: false }, ctx),
    ).toEqual({
      key: 'public.fill_fields',
    });
  });

  it('relocate as a select still needs some text', () => {
    const relocate = makeField('select', { ...required, ...options, type: 'relocate' });
    expect(validateField(relocate, { kind: 'text', value: ' ' }, ctx)).toEqual({ key: 'public.fill_fields' });
    expect(validateField(relocate, { kind: 'text', value: '1' }, ctx)).toBeNull();
  });
});

describe('validateField: optional fields', () => {
  it.each(INPUT_TYPES)('%s: an empty answer passes', (inputType) => {
    const field = makeField(inputType, options);
    expect(validateField(field, { kind: 'empty' }, ctx)).toBeNull();
  });
  it('an unticked optional checkbox passes', () => {
    expect(validateField(makeField('checkbox'), { kind: 'checkbox', value: false }, ctx)).toBeNull();
  });
});

describe('validateField: type rules', () => {
  it('runs the input_type rule on text answers', () => {
    expect(validateField(makeField('email'), { kind: 'text', value: 'nope' }, ctx)?.key).toBe(
      ISSUE_KEYS.email,
    );
    expect(validateField(makeField('phone'), { kind: 'text', value: '123456' }, ctx)?.key).toBe(
      ISSUE_KEYS.minLength,
    );
    expect(validateField(makeField('link'), { kind: 'text', value: 'example.com' }, ctx)?.key).toBe(
      ISSUE_KEYS.link,
    );
    expect(validateField(makeField('number'), { kind: 'text', value: '12a' }, ctx)?.key).toBe(
      ISSUE_KEYS.numeric,
    );
    expect(
      validateField(makeField('select', options), { kind: 'text', value: 'x'.repeat(256) }, ctx)?.key,
    ).toBe(ISSUE_KEYS.maxLength);
  });

  it('applies validation.max at max and max + 1', () => {
    const field = makeField('textarea', { validation: { max: 5 } });
    expect(validateField(field, { kind: 'text', value: '12345' }, ctx)).toBeNull();
    expect(validateField(field, { kind: 'text', value: '123456' }, ctx)).toEqual({
      key: 'career_page.application_form.error_length',
      params: { max: 5 },
    });
  });

  it('birthdate must not be after today; custom_property dates may be 100 years ahead', () => {
    const birthdate = makeField('date', { type: 'birthdate', name: 'Date of birth' });
    expect(validateField(birthdate, { kind: 'text', value: '2025-06-16' }, ctx)).toEqual({
      key: 'validation.custom.birth_date.before',
      params: { attribute: 'Date of birth' },
    });
    const custom = makeField('date');
    expect(validateField(custom, { kind: 'text', value: '2030-01-01' }, ctx)).toBeNull();
    expect(validateField(custom, { kind: 'text', value: '2125-06-16' }, ctx)?.key).toBe(
      ISSUE_KEYS.dateTooFar,
    );
    expect(validateField(custom, { kind: 'text', value: '2023-02-29' }, ctx)?.key).toBe(
      ISSUE_KEYS.invalidDate,
    );
  });

  it('checks options, salary and files against input_meta', () => {
    expect(validateField(makeField('multiselect', options), { kind: 'list', value: ['3'] }, ctx)?.key).toBe(
      ISSUE_KEYS.invalidOption,
    );
    const salary = makeField('salary', options);
    expect(
      validateField(salary, { kind: 'salary', value: { min: '5', max: '4', currency: '' } }, ctx)?.key,
    ).toBe(ISSUE_KEYS.salaryRange);
    const files = makeField('files', { input_meta: { formats: ['pdf'], maxFiles: 2 } });
    const pdf = { name: 'a.pdf', size: 2048, format: 'pdf' };
    expect(validateField(files, { kind: 'files', value: [pdf, pdf] }, ctx)).toBeNull();
    expect(validateField(files, { kind: 'files', value: [pdf, pdf, pdf] }, ctx)?.key).toBe(
      ISSUE_KEYS.tooManyFiles,
    );
    expect(validateField(files, { kind: 'files', value: [{ ...pdf, format: 'png' }] }, ctx)?.key).toBe(
      ISSUE_KEYS.fileFormat,
    );
  });
});

describe('validateField: wrong answer kind', () => {
  it.each(INPUT_TYPES)('%s: an answer of another kind is an invalid value, not a throw', (inputType) => {
    const wrong: FieldAnswer =
      getAnswerKind(inputType) === 'checkbox'
        ? { kind: 'text', value: 'true' }
        : { kind: 'checkbox', value: true };
    expect(validateField(makeField(inputType, options), wrong, ctx)).toEqual({
      key: 'validation.invalid_value',
    });
  });
});

describe('validateAnswers', () => {
  it('keys issues by field index and treats missing answers as unanswered', () => {
    const fields = [makeField('email'), makeField('text', required), makeField('text', required)];
    const answers: FieldAnswer[] = [
      { kind: 'text', value: 'bad' },
      { kind: 'text', value: 'ok' },
    ];
    expect(validateAnswers(fields, answers, ctx)).toEqual({
      'fields.0.input_value': { key: ISSUE_KEYS.email },
      'fields.2.input_value': { key: 'public.fill_fields' },
    });
  });
  it('is empty for a valid form', () => {
    expect(validateAnswers([makeField('text', required)], [{ kind: 'text', value: 'x' }], ctx)).toEqual({});
  });
});
