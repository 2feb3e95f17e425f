import { createInitialValues } from '@kadry/ui/form/form-model';
import { makeDemoFields, makeField } from '@kadry/ui/form/test-support/form-fixtures';
import { describe, expect, it } from 'vitest';
import { normalizePhone, planCvPrefill } from './cv-prefill';

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
