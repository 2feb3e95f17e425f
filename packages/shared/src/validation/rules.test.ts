import { describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES, FILE_MIN_BYTES } from '../constants';
import type { FieldOption } from '../schemas/form';
import {
  compareDecimals,
  ISSUE_KEYS,
  numberOfPositionsPattern,
  validateDate,
  validateEmail,
  validateFile,
  validateFiles,
  validateLanguageRows,
  validateLink,
  validateMax,
  validateNumber,
  validateOptionIds,
  validatePhone,
  validateRegex,
  validateRequired,
  validateRequiredObject,
  validateRequireIfOne,
  validateSalary,
  validateSalaryRequired,
  validateSelect,
} from './rules';

const currencies: FieldOption[] = [
  { id: 1, name: 'USD ($)' },
  { id: 2, name: 'EUR (€)' },
];

describe('validateRequired', () => {
  it.each([null, undefined, '', '   ', [], false])('rejects %j', (value) => {
    expect(validateRequired(value)).toEqual({ key: 'public.fill_fields' });
  });
  it.each(['a', [1], true, 0, { id: 1 }])('accepts %j', (value) => {
    expect(validateRequired(value)).toBeNull();
  });
});

describe('validateEmail', () => {
  it.each(['name@example.com', 'first.last+tag@mail.example.co.uk', 'a_b@x-y.io'])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeNull();
  });
  it.each(['plain', 'a@b', 'a@@b.com', 'a b@c.com', '@example.com', 'a@.com', 'a@example.com.'])(
    'rejects %s',
    (email) => {
      expect(validateEmail(email)).toEqual({ key: 'career_page.application_form.error_email' });
    },
  );
  it('rejects an address longer than 254 characters', () => {
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`;
    expect(validateEmail(`${'a'.repeat(253 - domain.length)}@${domain}`)).toBeNull();
    expect(validateEmail(`${'a'.repeat(254 - domain.length)}@${domain}`)).toEqual({ key: ISSUE_KEYS.email });
  });
  it('leaves empty text to required', () => {
    expect(validateEmail('')).toBeNull();
  });
});

describe('validatePhone', () => {
  it('rejects 6 characters with error_length_min {min: 7}', () => {
    expect(validatePhone('123456')).toEqual({
      key: 'career_page.application_form.error_length_min',
      params: { min: 7 },
    });
  });
  it('accepts 7 and 15 characters', () => {
    expect(validatePhone('1234567')).toBeNull();
    expect(validatePhone('+12345678901234')).toBeNull();
  });
  it('rejects 16 characters with error_length {max: 15}', () => {
    expect(validatePhone('1234567890123456')).toEqual({
      key: 'career_page.application_form.error_length',
      params: { max: 15 },
    });
  });
  it('counts the plus sign as entered', () => {
    expect(validatePhone('+123456')).toBeNull();
    expect(validatePhone('+1234567890123456')?.key).toBe(ISSUE_KEYS.maxLength);
  });
  it.each(['123 4567', '123-4567', '(123)4567', '12345a7'])('rejects non-digit characters in %s', (phone) => {
    expect(validatePhone(phone)).toEqual({ key: 'career_page.application_form.error_phone' });
  });
});

describe('validateLink', () => {
  it.each([
    'http://example.com',
    'https://example.com',
    'https://sub.example.co.uk/path?q=1#top',
    'https://example.store',
    'http://example.com:8080/a/b',
    'HTTPS://EXAMPLE.COM',
  ])('accepts %s', (link) => {
    expect(validateLink(link)).toBeNull();
  });
  it.each([
    'example.com',
    'www.example.com',
    'ftp://example.com',
    'https://example',
    'https://example.c',
    'https://example.travel',
    'https://exa mple.com',
    'https://example.com:port',
    'https://example.com1',
  ])('rejects %s', (link) => {
    expect(validateLink(link)).toEqual({ key: 'common.candidates.incorrect_url' });
  });
});

describe('validateMax', () => {
  it('accepts text exactly at max and rejects max + 1', () => {
    expect(validateMax('a'.repeat(10), 10)).toBeNull();
    expect(validateMax('a'.repeat(11), 10)).toEqual({
      key: 'career_page.application_form.error_length',
      params: { max: 10 },
    });
  });
  it('counts an emoji as one character', () => {
    expect(validateMax('😀😀', 2)).toBeNull();
  });
});

describe('validateNumber', () => {
  it('accepts 19 digits and rejects 20', () => {
    expect(validateNumber('1'.repeat(19))).toBeNull();
    expect(validateNumber('1'.repeat(20))).toEqual({
      key: 'career_page.application_form.error_length',
      params: { max: 19 },
    });
  });
  it.each(['1.5', '-1', '1e3', ' 1'])('rejects %s as not numeric', (text) => {
    expect(validateNumber(text)).toEqual({ key: 'validation.custom.numeric' });
  });
});

describe('numberOfPositionsPattern', () => {
  it.each(['1', '9', '10', '9999'])('accepts %s', (text) => {
    expect(numberOfPositionsPattern.test(text)).toBe(true);
  });
  it.each(['0', '01', '10000', '', 'a'])('rejects %s', (text) => {
    expect(numberOfPositionsPattern.test(text)).toBe(false);
  });
});

describe('compareDecimals', () => {
  it('compares exactly beyond float precision', () => {
    expect(compareDecimals('10000000000000001', '10000000000000000')).toBe(1);
    expect(compareDecimals('007.50', '7.5')).toBe(0);
    expect(compareDecimals('7.05', '7.5')).toBe(-1);
    expect(compareDecimals('99', '100')).toBe(-1);
  });
});

describe('validateSalary', () => {
  const salary = (min: string, max: string, currency = '') => ({ min, max, currency });
  it('accepts either bound alone, decimals and a known currency', () => {
    expect(validateSalary(salary('1000', ''), currencies)).toBeNull();
    expect(validateSalary(salary('', '2000.50', '2'), currencies)).toBeNull();
    expect(validateSalary(salary('1000', '1000'), currencies)).toBeNull();
  });
  it.each([
    ['abc', ''],
    ['', '1,5'],
    ['-5', ''],
    ['1.', ''],
  ])('rejects non-numeric bounds %s / %s', (min, max) => {
    expect(validateSalary(salary(min, max), currencies)).toEqual({ key: 'validation.custom.numeric' });
  });
  it('rejects min above max', () => {
    expect(validateSalary(salary('2001', '2000'), currencies)).toEqual({ key: ISSUE_KEYS.salaryRange });
  });
  it('rejects an unknown currency', () => {
    expect(validateSalary(salary('1', '', '99'), currencies)).toEqual({ key: ISSUE_KEYS.invalidOption });
  });
  it('validateSalaryRequired wants at least one bound', () => {
    expect(validateSalaryRequired(salary('', ' '))).toEqual({ key: 'career_page.salary_required.error' });
    expect(validateSalaryRequired(salary('', '5'))).toBeNull();
  });
});

describe('validateDate', () => {
  const birth = { today: '2025-06-15', isCustom: false, fieldName: 'Birthdate' };
  const custom = { today: '2025-06-15', isCustom: true, fieldName: 'Start date' };
  it('rejects 2023-02-29 and accepts 2024-02-29', () => {
    expect(validateDate('2023-02-29', birth)).toEqual({ key: 'validation.invalid_date2' });
    expect(validateDate('2024-02-29', birth)).toBeNull();
  });
  it.each(['2024-2-29', '29.02.2024', '2024-13-01', '2024-04-31', '2024-00-10', ''])('rejects %j', (text) => {
    expect(validateDate(text, birth)).toEqual({ key: 'validation.invalid_date2' });
  });
  it('lets a non-custom date be today but not tomorrow', () => {
    expect(validateDate('2025-06-15', birth)).toBeNull();
    expect(validateDate('2025-06-16', birth)).toEqual({
      key: 'validation.custom.birth_date.before',
      params: { attribute: 'Birthdate' },
    });
  });
  it('lets a custom date be up to 100 years ahead', () => {
    expect(validateDate('2125-06-15', custom)).toBeNull();
    expect(validateDate('2125-06-16', custom)).toEqual({
      key: ISSUE_KEYS.dateTooFar,
      params: { years: 100 },
    });
  });
});

describe('validateSelect', () => {
  it('accepts an option id or a raw choice up to 255 characters', () => {
    expect(validateSelect('2', currencies)).toBeNull();
    expect(validateSelect('Something else', currencies)).toBeNull();
    expect(validateSelect('x'.repeat(255), currencies)).toBeNull();
  });
  it('rejects a raw choice over 255 characters and a blank one', () => {
    expect(validateSelect('x'.repeat(256), currencies)).toEqual({
      key: ISSUE_KEYS.maxLength,
      params: { max: 255 },
    });
    expect(validateSelect('  ', currencies)).toEqual({ key: ISSUE_KEYS.invalidOption });
  });
});

describe('validateOptionIds', () => {
  it('accepts known ids and rejects unknown or repeated ones', () => {
    expect(validateOptionIds(['1', '2'], currencies)).toBeNull();
    expect(validateOptionIds(['1', '3'], currencies)).toEqual({ key: ISSUE_KEYS.invalidOption });
    expect(validateOptionIds(['1', '1'], currencies)).toEqual({ key: ISSUE_KEYS.invalidOption });
    expect(validateOptionIds(['01'], currencies)).toEqual({ key: ISSUE_KEYS.invalidOption });
  });
});

describe('validateLanguageRows', () => {
  const languages: FieldOption[] = [
    {
      id: 10,
      name: 'English',
      meta: [
        { id: 1, name: 'A1' },
        { id: 2, name: 'B2' },
      ],
    },
    { id: 11, name: 'Polish', meta: [{ id: 3, name: 'Native' }] },
    { id: 12, name: 'Latin' },
  ];
  it('accepts known languages with their own levels', () => {
    expect(
      validateLanguageRows(
        [
          { language: '10', level: '2' },
          { language: '11', level: '3' },
        ],
        languages,
      ),
    ).toBeNull();
  });
  it('accepts a language without levels only with an empty level', () => {
    expect(validateLanguageRows([{ language: '12', level: '' }], languages)).toBeNull();
    expect(validateLanguageRows([{ language: '12', level: '1' }], languages)).toEqual({
      key: ISSUE_KEYS.invalidOption,
    });
  });
  it('rejects an unknown language and a level of another language', () => {
    expect(validateLanguageRows([{ language: '99', level: '1' }], languages)).toEqual({
      key: ISSUE_KEYS.invalidOption,
    });
    expect(validateLanguageRows([{ language: '10', level: '3' }], languages)).toEqual({
      key: ISSUE_KEYS.invalidOption,
    });
  });
  it('rejects a language chosen twice', () => {
    expect(
      validateLanguageRows(
        [
          { language: '10', level: '1' },
          { language: '10', level: '2' },
        ],
        languages,
      ),
    ).toEqual({ key: ISSUE_KEYS.duplicateLanguage });
  });
});

describe('validateFiles', () => {
  const file = (size: number, format: string | null = 'pdf') => ({ name: `f.${format}`, size, format });
  it('rejects 1023 bytes and accepts 1024', () => {
    expect(validateFile(file(FILE_MIN_BYTES - 1))).toEqual({
      key: 'career_page.application_form.error_min_file_size',
      params: { min: 1 },
    });
    expect(validateFile(file(FILE_MIN_BYTES))).toBeNull();
  });
  it('accepts exactly 50 MB and rejects one byte more', () => {
    expect(validateFile(file(FILE_MAX_BYTES))).toBeNull();
    expect(validateFile(file(FILE_MAX_BYTES + 1))).toEqual({
      key: 'career_page.application_form.error_max_file_size',
      params: { max: 50 },
    });
  });
  it('accepts only the listed formats, case-insensitively, when formats are given', () => {
    expect(validateFile(file(2048, 'pdf'), ['PDF', 'docx'])).toBeNull();
    expect(validateFile(file(2048, 'exe'), ['pdf', 'docx'])).toEqual({
      key: ISSUE_KEYS.fileFormat,
      params: { formats: 'pdf, docx' },
    });
    expect(validateFile(file(2048, null), ['pdf'])?.key).toBe(ISSUE_KEYS.fileFormat);
    expect(validateFile(file(2048, 'exe'))).toBeNull();
  });
  it('allows one file by default and maxFiles otherwise', () => {
    expect(validateFiles([file(2048), file(2048)])).toEqual({
      key: ISSUE_KEYS.tooManyFiles,
      params: { max: 1 },
    });
    expect(validateFiles([file(2048), file(2048)], { maxFiles: 2 })).toBeNull();
    expect(validateFiles([file(2048), file(2048), file(2048)], { maxFiles: 2 })?.key).toBe(
      ISSUE_KEYS.tooManyFiles,
    );
  });
  it('reports the first bad file', () => {
    expect(validateFiles([file(2048), file(10)], { maxFiles: 3 })?.key).toBe(ISSUE_KEYS.fileTooSmall);
  });
});

describe('generic rules', () => {
  it('validateRegex matches whole patterns and is not fooled by a global flag', () => {
    const pattern = /^[A-Z]{3}$/g;
    expect(validateRegex('ABC', pattern)).toBeNull();
    expect(validateRegex('ABC', pattern)).toBeNull();
    expect(validateRegex('abc', pattern)).toEqual({ key: 'validation.regex' });
    expect(validateRegex('', pattern)).toBeNull();
  });
  it('validateRequiredObject wants a non-empty object with an id', () => {
    expect(validateRequiredObject({ id: 3, name: 'x' })).toBeNull();
    expect(validateRequiredObject({ id: 0 })).toBeNull();
    for (const value of [null, undefined, {}, { name: 'x' }, { id: null }, { id: '' }, [], 'id']) {
      expect(validateRequiredObject(value)).toEqual({ key: 'validation.required_object' });
    }
  });
  it('validateRequireIfOne accepts none or both, rejects exactly one', () => {
    expect(validateRequireIfOne('', null)).toBeNull();
    expect(validateRequireIfOne('a', 'b')).toBeNull();
    expect(validateRequireIfOne('a', '')).toEqual({ key: 'validation.require_if_one' });
    expect(validateRequireIfOne(undefined, 'b')).toEqual({ key: 'validation.require_if_one' });
  });
});
