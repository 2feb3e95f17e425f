import { describe, expect, it } from 'vitest';
import {
  cropLongName,
  getFileExtension,
  isAllowedDecimalChar,
  isAllowedNumericKey,
  isPhoneChar,
  sanitizeFileName,
} from './input-helpers';

describe('input helpers', () => {
  it('isPhoneChar lets digits and plus through', () => {
    expect(['0', '9', '+'].every(isPhoneChar)).toBe(true);
    expect([' ', '-', '(', 'a', '12', ''].some(isPhoneChar)).toBe(false);
  });

  it('isAllowedNumericKey lets digits and editing keys through', () => {
    for (const key of ['0', '5', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight']) {
      expect(isAllowedNumericKey(key)).toBe(true);
    }
    for (const key of ['a', '.', 'ArrowUp', 'Enter', 'e', '-']) {
      expect(isAllowedNumericKey(key)).toBe(false);
    }
  });

  it('isAllowedDecimalChar also lets dot and comma through', () => {
    expect(['1', '.', ','].every(isAllowedDecimalChar)).toBe(true);
    expect(isAllowedDecimalChar('-')).toBe(false);
  });

  it('sanitizeFileName replaces each forbidden character with an underscore', () => {
    expect(sanitizeFileName('a/b:c?d"e<f>g|h\\i.pdf')).toBe('a_b_c_d_e_f_g_h_i.pdf');
    expect(sanitizeFileName('résumé 2024.pdf')).toBe('résumé 2024.pdf');
  });

  it('cropLongName keeps 30 characters and crops 31 to 15 + ... + 15', () => {
    const thirty = 'abcdefghijklmnopqrstuvwxyz0123';
    expect(cropLongName(thirty)).toBe(thirty);
    const long = 'abcdefghijklmnopqrstuvwxyz012345';
    expect(cropLongName(long)).toBe('abcdefghijklmno...rstuvwxyz012345');
  });

  it('getFileExtension gives the lower-case extension or null', () => {
    expect(getFileExtension('CV.Final.PDF')).toBe('pdf');
    expect(getFileExtension('noext')).toBeNull();
    expect(getFileExtension('trailing.')).toBeNull();
  });
});
