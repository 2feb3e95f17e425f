import { describe, expect, it } from 'vitest';
import { buildLanguageUrl, getShortLanguageLabel } from './build-language-url';

describe('buildLanguageUrl', () => {
  it('appends ?lang= when the page has no query', () => {
    expect(buildLanguageUrl('/careers', '', 'uk')).toBe('/careers?lang=uk');
  });

  it('appends &lang= after a source parameter', () => {
    expect(buildLanguageUrl('/careers/7', '?source=x', 'uk')).toBe('/careers/7?source=x&lang=uk');
  });

  it('replaces an existing lang instead of adding a second one', () => {
    expect(buildLanguageUrl('/careers', '?lang=ru', 'uk')).toBe('/careers?lang=uk');
    expect(buildLanguageUrl('/careers', '?lang=ru&source=x', 'en')).toBe('/careers?source=x&lang=en');
  });

  it('keeps the other parameters of the page', () => {
    expect(buildLanguageUrl('/careers', '?source=linkedin&search=go', 'ru')).toBe(
      '/careers?source=linkedin&search=go&lang=ru',
    );
  });
});

describe('getShortLanguageLabel', () => {
  it('is the first two letters of the name, never the flag emoji alone (it draws as a box without a flag font)', () => {
    expect(getShortLanguageLabel({ name: 'Українська' })).toBe('Ук');
    expect(getShortLanguageLabel({ name: 'English' })).toBe('En');
  });
});
