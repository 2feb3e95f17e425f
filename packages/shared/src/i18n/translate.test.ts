import { describe, expect, it } from 'vitest';
import { LOCALES } from '../constants';
import { ERROR_CODES } from '../errors';
import { ISSUE_KEYS } from '../validation/rules';
import { createTranslator, getCatalog } from './translate';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Keys with plural suffixes folded into their base, so locales with different plural forms compare. */
function getBaseKeys(locale: (typeof LOCALES)[number]): string[] {
  return [...new Set(Object.keys(getCatalog(locale)).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
}

function getPluralBases(locale: (typeof LOCALES)[number]): string[] {
  return [
    ...new Set(
      Object.keys(getCatalog(locale))
        .filter((key) => key.endsWith('_other'))
        .map((key) => key.replace(PLURAL_SUFFIX, '')),
    ),
  ];
}

describe('catalogs', () => {
  it('have the same keys in every locale', () => {
    const english = getBaseKeys('en');
    for (const locale of LOCALES) expect(getBaseKeys(locale)).toEqual(english);
  });

  it('have no empty texts', () => {
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(getCatalog(locale))) {
        expect(text.trim(), `${locale}: ${key}`).not.toBe('');
      }
    }
  });

  it('give every plural key each form its locale uses', () => {
    for (const locale of LOCALES) {
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const base of getPluralBases(locale)) {
        for (const form of forms)
          expect(getCatalog(locale), `${locale}: ${base}`).toHaveProperty([`${base}_${form}`]);
      }
    }
  });

  it('use the same placeholders in every locale', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const english = getCatalog('en');
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(getCatalog(locale))) {
        const englishText = english[key] ?? english[key.replace(PLURAL_SUFFIX, '_other')] ?? '';
        expect(placeholders(text), `${locale}: ${key}`).toEqual(placeholders(englishText));
      }
    }
  });

  it('contain every rule message and every API error message', () => {
    const keys = [...Object.values(ISSUE_KEYS), ...Object.values(ERROR_CODES).map((code) => code.key)];
    for (const locale of LOCALES) {
      for (const key of keys) expect(getCatalog(locale), `${locale}: ${key}`).toHaveProperty([key]);
    }
  });

  it('carry the placeholders the rules fill in', () => {
    const english = getCatalog('en');
    expect(english['career_page.application_form.error_length']).toContain('{max}');
    expect(english['career_page.application_form.error_length_min']).toContain('{min}');
    expect(english['validation.custom.birth_date.before']).toContain('{attribute}');
    expect(english['career_page.application_form.error_file_format']).toContain('{formats}');
    expect(english['career_page.application_form.error_max_files']).toContain('{max}');
  });
});

describe('createTranslator', () => {
  it('substitutes placeholders and leaves unknown ones as written', () => {
    const t = createTranslator('en', { greet: 'Hello, {name}! {link}' });
    expect(t('greet', { name: 'Ada' })).toBe('Hello, Ada! {link}');
    expect(t('greet')).toBe('Hello, {name}! {link}');
  });

  it('picks Russian and Ukrainian plural forms by count', () => {
    const ru = createTranslator('ru');
    expect(ru('careers.form.files_attached', { count: 1 })).toBe('Прикреплён 1 файл');
    expect(ru('careers.form.files_attached', { count: 3 })).toBe('Прикреплено 3 файла');
    expect(ru('careers.form.files_attached', { count: 5 })).toBe('Прикреплено 5 файлов');
    expect(ru('careers.form.files_attached', { count: 21 })).toBe('Прикреплён 21 файл');
    const uk = createTranslator('uk');
    expect(uk('careers.form.files_attached', { count: 22 })).toBe('Додано 22 файли');
    expect(uk('careers.form.files_attached', { count: 11 })).toBe('Додано 11 файлів');
  });

  it('picks English one/other', () => {
    const en = createTranslator('en');
    expect(en('careers.form.files_attached', { count: 1 })).toBe('1 file attached');
    expect(en('careers.form.files_attached', { count: 2 })).toBe('2 files attached');
  });

  it('uses the plain key when a count is given for a non-plural text', () => {
    expect(createTranslator('en')('careers.form.error_count', { count: 2 })).toBe('careers.form.error_count');
    const t = createTranslator('ru', { 'x.y': '{count} шт.' });
    expect(t('x.y', { count: 2 })).toBe('2 шт.');
  });

  it('falls back to English, then to the key', () => {
    const t = createTranslator('ru', {});
    expect(t('careers.title')).toBe('Open positions');
    expect(t('careers.form.files_attached', { count: 2 })).toBe('2 files attached');
    expect(t('no.such.key')).toBe('no.such.key');
  });

  it('translates with the bundled catalog by default', () => {
    expect(createTranslator('uk')('public.fill_fields')).toBe('Заповніть це поле');
    expect(createTranslator('en')('career_page.application_form.error_length', { max: 15 })).toBe(
      'Maximum length: 15 characters',
    );
  });
});
