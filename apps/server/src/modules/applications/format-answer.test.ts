import type { FormField } from '@kadry/shared/schemas/form';
import { describe, expect, it } from 'vitest';
import type { ApplicationAnswer } from '../../db/schema/applications';
import { formatAnswer } from './format-answer';

const salaryField = {
  name: 'Expected salary',
  input_type: 'salary',
  input_meta: { options: [{ id: 37, name: 'USD ($)' }] },
} as unknown as FormField;

const salary = (value: unknown) =>
  ({ name: 'Expected salary', type: 'salary', input_type: 'salary', value }) as unknown as ApplicationAnswer;

describe('an answer as a person reads it', () => {
  it('is blank for a salary left blank: neither the option id nor the preselected currency (issue 18)', () => {
    expect(formatAnswer(salary({ min: '', max: '', currency: '37' }), undefined)).toBe('');
    expect(formatAnswer(salary({ min: '', max: '', currency: '37' }), salaryField)).toBe('');
    expect(formatAnswer(salary({ currency: 37 }), salaryField)).toBe('');
  });

  it('names the currency of a salary with a bound', () => {
    expect(formatAnswer(salary({ min: '3000', max: '', currency: '37' }), salaryField)).toBe('3000 USD ($)');
    expect(formatAnswer(salary({ min: '3000', max: '4000', currency: 37 }), salaryField)).toBe(
      '3000 – 4000 USD ($)',
    );
  });
});
