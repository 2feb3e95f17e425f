import { describe, expect, it } from 'vitest';
import {
  addYearsToIsoDate,
  dateMaskForLocale,
  formatDateForLocale,
  getTodayIsoDate,
  isValidIsoDate,
  parseMaskedDate,
} from './dates';

describe('isValidIsoDate', () => {
  it('knows leap years, including the century rules', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('1900-02-29')).toBe(false);
    expect(isValidIsoDate('2000-02-29')).toBe(true);
  });
  it('rejects day 31 in 30-day months and year 0000', () => {
    expect(isValidIsoDate('2024-06-31')).toBe(false);
    expect(isValidIsoDate('2024-07-31')).toBe(true);
    expect(isValidIsoDate('0000-01-01')).toBe(false);
  });
});

describe('addYearsToIsoDate', () => {
  it('moves 29 February to 28 February in a non-leap year', () => {
    expect(addYearsToIsoDate('2024-02-29', 100)).toBe('2124-02-29');
    expect(addYearsToIsoDate('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYearsToIsoDate('2025-06-15', 100)).toBe('2125-06-15');
  });
});

describe('getTodayIsoDate', () => {
  it('gives the calendar day in the requested time zone', () => {
    const instant = new Date('2025-01-01T02:00:00Z');
    expect(getTodayIsoDate('UTC', instant)).toBe('2025-01-01');
    expect(getTodayIsoDate('America/New_York', instant)).toBe('2024-12-31');
  });
});

describe('date masks', () => {
  it('uses month first for English and Spanish, day first otherwise', () => {
    expect(dateMaskForLocale('en')).toBe('MM/DD/YYYY');
    expect(dateMaskForLocale('en-GB')).toBe('MM/DD/YYYY');
    expect(dateMaskForLocale('es')).toBe('MM/DD/YYYY');
    expect(dateMaskForLocale('ru')).toBe('DD.MM.YYYY');
    expect(dateMaskForLocale('uk')).toBe('DD.MM.YYYY');
  });
  it('parses the locale mask into YYYY-MM-DD, padding one-digit parts', () => {
    expect(parseMaskedDate('02/29/2024', 'en')).toBe('2024-02-29');
    expect(parseMaskedDate('2/9/2024', 'en')).toBe('2024-02-09');
    expect(parseMaskedDate('29.02.2024', 'ru')).toBe('2024-02-29');
    expect(parseMaskedDate('9.2.2024', 'uk')).toBe('2024-02-09');
  });
  it('rejects unreal days, the other locale order and incomplete input', () => {
    expect(parseMaskedDate('02/29/2023', 'en')).toBeNull();
    expect(parseMaskedDate('29/02/2024', 'en')).toBeNull();
    expect(parseMaskedDate('02.29.2024', 'ru')).toBeNull();
    expect(parseMaskedDate('29.02.24', 'ru')).toBeNull();
    expect(parseMaskedDate('', 'ru')).toBeNull();
  });
  it('formats back into the mask', () => {
    expect(formatDateForLocale('2024-02-09', 'en')).toBe('02/09/2024');
    expect(formatDateForLocale('2024-02-09', 'ru')).toBe('09.02.2024');
    expect(formatDateForLocale('2023-02-29', 'ru')).toBe('');
  });
});
