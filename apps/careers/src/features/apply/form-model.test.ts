import { describe, expect, it } from 'vitest';
import {
  createInitialValues,
  isEagerField,
  mapServerErrors,
  normalizePhone,
  planCvPrefill,
} from './form-model';
import { makeDemoFields, makeField } from './test-support/form-fixtures';

describe('createInitialValues', () => {
  it('starts every field empty, salary in USD ($), languages with one row to fill', () => {
    const fields = makeDemoFields();
    const values = createInitialValues(fields).fields;
    expect(values).toHaveLength(fields.length);
    expect(values[0]).toEqual({ kind: 'text', text: '' });
    expect(values.at(-2)).toEqual({ kind: 'language', languages: [{ language: null, level: null }] });
    expect(values.at(-1)).toEqual({ kind: 'salary', min: '', max: '', currency: 8 });
  });
});

describe('isEagerField', () => {
  it('validates multiselect, checkbox, date, select, language and files on change, the rest on blur', () => {
    const eager = makeDemoFields()
      .filter(isEagerField)
      .map((field) => field.input_type);
    expect(new Set(eager)).toEqual(
      new Set(['files', 'date', 'select', 'multiselect', 'checkbox', 'language']),
    );
  });
});

describe('mapServerErrors', () => {
  it('takes the first message of each field path and keeps the rest apart', () => {
    expect(
      mapServerErrors(
        {
          'fields.2.input_value': ['Enter a valid email', 'second'],
          'fields.5.input_value.0': ['Too small'],
          'fields.40.input_value': ['Unknown field'],
          cv: ['Please fill in this field'],
          'fields.1.input_value': [''],
        },
        10,
      ),
    ).toEqual({
      byField: new Map([
        [2, 'Enter a valid email'],
        [5, 'Too small'],
      ]),
      other: ['Unknown field', 'Please fill in this field'],
    });
  });

  it('copes with no errors at all', () => {
    expect(mapServerErrors(undefined, 3)).toEqual({ byField: new Map(), other: [] });
  });
});

describe('planCvPrefill', () => {
  const fields = makeDemoFields();
  const empty = createInitialValues(fields).fields;
  const parsed = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 (20) 7946-0958',
    links: ['https://ada.dev'],
  };

  it('fills the empty name, surname, email, phone and link, the phone as the phone rule accepts it', () => {
    expect(planCvPrefill(fields, empty, parsed)).toEqual([
      { index: 0, text: 'Ada' },
      { index: 1, text: 'Lovelace' },
      { index: 2, text: 'ada@example.com' },
      { index: 3, text: '+442079460958' },
      { index: 4, text: 'https://ada.dev' },
    ]);
  });

  it('never overwrites what the candidate typed, and skips what the CV lacks', () => {
    const typed = empty.map((value, index) =>
      index === 2 ? { kind: 'text' as const, text: 'me@mine.org' } : value,
    );
    expect(
      planCvPrefill(fields, typed, { name: 'Ada', email: 'ada@example.com', phone: null, links: [] }),
    ).toEqual([{ index: 0, text: 'Ada' }]);
  });

  it('puts the whole name in the name field when the form has no surname field', () => {
    const nameOnly = [makeField('text', { name: 'Name', type: 'name' })];
    expect(planCvPrefill(nameOnly, createInitialValues(nameOnly).fields, parsed)).toEqual([
      { index: 0, text: 'Ada Lovelace' },
    ]);
  });
});

describe('normalizePhone', () => {
  it('drops the spaces, dashes, dots and brackets of a written number', () => {
    expect(normalizePhone('+1 (555) 010-99.88')).toBe('+15550109988');
  });
});
