import { describe, expect, it } from 'vitest';
import { createPageTranslator } from './page-translator';

const uk = {
  'careers.count_one': '{count} вакансія',
  'careers.count_few': '{count} вакансії',
  'careers.count_many': '{count} вакансій',
  'careers.count_other': '{count} вакансії',
  'careers.hello': 'Вітаємо, {name}',
};

describe('createPageTranslator', () => {
  it('picks the Ukrainian plural form by count', () => {
    const t = createPageTranslator('uk', uk);
    expect(t('careers.count', { count: 1 })).toBe('1 вакансія');
    expect(t('careers.count', { count: 3 })).toBe('3 вакансії');
    expect(t('careers.count', { count: 5 })).toBe('5 вакансій');
    expect(t('careers.count', { count: 21 })).toBe('21 вакансія');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    const t = createPageTranslator('uk', uk);
    expect(t('careers.hello', { name: 'Олена' })).toBe('Вітаємо, Олена');
    expect(t('careers.hello')).toBe('Вітаємо, {name}');
  });

  it('answers the key itself when the text is missing', () => {
    expect(createPageTranslator('en', {})('careers.missing')).toBe('careers.missing');
  });
});
