import { describe, expect, it } from 'vitest';
import { createInitialValues, isEagerField } from './form-model';
import { makeDemoFields } from './test-support/form-fixtures';

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
