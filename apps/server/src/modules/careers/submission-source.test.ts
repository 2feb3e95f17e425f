import type { FormField } from '@kadry/shared/schemas/form';
import { describe, expect, it } from 'vitest';
import type { ApplicationAnswer } from '../../db/schema/applications';
import { findApplicationSource } from './submission-source';

const fields = [
  { name: 'First name', type: 'name', input_type: 'text' },
  {
    name: 'How did you hear about us',
    type: 'custom_property',
    input_type: 'checkbox_list',
    value: 'heard_from',
    input_meta: {
      options: [
        { id: 1, name: 'LinkedIn' },
        { id: 3, name: 'A friend or colleague' },
      ],
    },
  },
] as unknown as FormField[];

const answersWith = (heard: unknown) =>
  [
    { name: 'First name', type: 'name', input_type: 'text', value: 'Ada' },
    { name: 'How did you hear about us', type: 'custom_property', input_type: 'checkbox_list', value: heard },
  ] as unknown as ApplicationAnswer[];

describe("an application's source", () => {
  it('is the visit’s ?source= when there was one', () => {
    expect(findApplicationSource('linkedin-ad', fields, answersWith([3]))).toBe('linkedin-ad');
  });

  it('is the "How did you hear about us" answer when the visit had no source (issue 18)', () => {
    expect(findApplicationSource('', fields, answersWith([1, 3]))).toBe('LinkedIn, A friend or colleague');
    expect(findApplicationSource('', fields, answersWith(['3']))).toBe('A friend or colleague');
  });

  it('is empty when neither says anything', () => {
    expect(findApplicationSource('', fields, answersWith(null))).toBe('');
    expect(findApplicationSource('', fields.slice(0, 1), answersWith([1]).slice(0, 1))).toBe('');
  });
});
