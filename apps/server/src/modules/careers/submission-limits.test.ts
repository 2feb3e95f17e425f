import type { FormField } from '@kadry/shared/schemas/form';
import { describe, expect, it } from 'vitest';
import {
  measureSubmissionLimits,
  SUBMISSION_TEXT_CAP_BYTES,
  UNBOUNDED_TEXT_BYTES,
} from './submission-limits';

function field(overrides: Partial<FormField>): FormField {
  return {
    name: 'Field',
    type: 'custom_property',
    input_type: 'text',
    required: false,
    validation: null,
    input_meta: null,
    ...overrides,
  };
}

describe('measureSubmissionLimits', () => {
  it('gives a text field its validation.max in 4-byte characters, and one without a maximum 100 KB', () => {
    const small = measureSubmissionLimits([field({ input_type: 'textarea', validation: { max: 2_000 } })]);
    const open = measureSubmissionLimits([field({ input_type: 'textarea' })]);
    expect(open.textBytes - small.textBytes).toBe(UNBOUNDED_TEXT_BYTES - 8_000);
    expect(open.valueBytes).toBe(UNBOUNDED_TEXT_BYTES);
  });

  it('grows with the form: every field’s parts, a part per option of a list, two per language', () => {
    const options = Array.from({ length: 30 }, (_, id) => ({ id, name: `Option ${id}` }));
    const one = measureSubmissionLimits([field({ input_type: 'multiselect', input_meta: { options } })]);
    const none = measureSubmissionLimits([]);
    // type and value parts, then 30 option ids.
    expect(one.textParts - none.textParts).toBe(2 + 30);
    const languages = measureSubmissionLimits([field({ input_type: 'language', input_meta: { options } })]);
    expect(languages.textParts - none.textParts).toBe(2 + 60);
  });

  it('counts file parts: each files field’s maximum and one more, plus one stray file', () => {
    const limits = measureSubmissionLimits([
      field({ input_type: 'files', input_meta: { maxFiles: 3 } }),
      field({ input_type: 'files' }),
    ]);
    expect(limits.fileParts).toBe(1 + (3 + 1) + (1 + 1));
  });

  it('never exceeds the absolute cap, however large the form', () => {
    const huge = Array.from({ length: 100 }, () => field({ input_type: 'textarea' }));
    expect(measureSubmissionLimits(huge).textBytes).toBe(SUBMISSION_TEXT_CAP_BYTES);
  });
});
