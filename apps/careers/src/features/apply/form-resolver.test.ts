import en from '@kadry/shared/i18n/en.json';
import { createInitialValues } from '@kadry/ui/form/form-model';
import { makeDemoFields } from '@kadry/ui/form/test-support/form-fixtures';
import { describe, expect, it } from 'vitest';
import { createPageTranslator } from '../../lib/page-translator';
import { createResponseResolver } from './form-resolver';

const t = createPageTranslator('en', en);
const fields = makeDemoFields();
const resolve = (values: ReturnType<typeof createInitialValues>) =>
  createResponseResolver(fields, t, () => '2025-05-14')(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('createResponseResolver', () => {
  it('reports the required fields of an empty form at their index, translated', async () => {
    const result = await resolve(createInitialValues(fields));
    const errors = (result.errors as { fields: ({ type: string; message: string } | undefined)[] }).fields;
    expect(Object.keys(errors).map(Number)).toEqual([0, 2, 5]);
    expect(errors[0]).toEqual({ type: 'public.fill_fields', message: 'Please fill in this field' });
  });

  it('runs the shared rules on what would be sent, the date bound with the field name', async () => {
    const values = createInitialValues(fields);
    values.fields[0] = { kind: 'text', text: 'Ada' };
    values.fields[2] = { kind: 'text', text: 'ada@example' };
    values.fields[5] = {
      kind: 'files',
      files: [{ file: new File([new Uint8Array(2048)], 'cv.pdf'), error: '' }],
    };
    values.fields[7] = { kind: 'date', date: '2025-05-15' };
    const result = await resolve(values);
    const errors = (result.errors as { fields: ({ message: string } | undefined)[] }).fields;
    expect(errors[2]?.message).toBe('Enter a valid email address, for example name@example.com');
    expect(errors[7]?.message).toBe('Date of birth cannot be later than today');
  });

  it('passes a valid form through unchanged', async () => {
    const values = createInitialValues(fields);
    values.fields[0] = { kind: 'text', text: 'Ada' };
    values.fields[2] = { kind: 'text', text: 'ada@example.com' };
    values.fields[5] = {
      kind: 'files',
      files: [{ file: new File([new Uint8Array(2048)], 'cv.pdf'), error: '' }],
    };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });
});
