import { describe, expect, it } from 'vitest';
import {
  formatLanguagesCell,
  formatLinksCell,
  formatRelativesCell,
  isLinkUrl,
  parseLanguagesCell,
  parseLinksCell,
  parseRelativesCell,
} from './employee-list-cells';

const languages = new Map([
  ['english', 1],
  ['en', 1],
  ['polish', 2],
]);
const levels = new Map([
  ['b2', 10],
  ['b2 — upper intermediate', 10],
]);
const types = new Map([['son', 20]]);
const icons = new Map([['telegram', 30]]);
const names = new Map<number, string>([
  [1, 'English'],
  [2, 'Polish'],
  [10, 'B2 — Upper intermediate'],
  [20, 'Son'],
  [30, 'Telegram'],
]);
const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));

describe('list cells', () => {
  it('read what the export writes, entry for entry', () => {
    const parsedLanguages = parseLanguagesCell('English: B2; Polish', { languages, levels });
    expect(parsedLanguages).toEqual({
      entries: [
        { languageId: 1, levelId: 10 },
        { languageId: 2, levelId: null },
      ],
      errors: [],
    });
    const written = formatLanguagesCell(parsedLanguages.entries, nameOf);
    expect(written).toBe('English: B2 — Upper intermediate; Polish');
    expect(parseLanguagesCell(written, { languages, levels }).entries).toEqual(parsedLanguages.entries);

    const relatives = parseRelativesCell('Son: Taras (2019-05-01)\nOlena', types);
    expect(relatives.entries).toEqual([
      { relativeTypeId: 20, name: 'Taras', birthDate: '2019-05-01' },
      { relativeTypeId: null, name: 'Olena', birthDate: null },
    ]);
    expect(parseRelativesCell(formatRelativesCell(relatives.entries, nameOf), types)).toEqual(relatives);

    const links = parseLinksCell('Telegram: https://t.me/x; skype:live:someone', icons);
    expect(links.entries).toEqual([
      { iconId: 30, url: 'https://t.me/x' },
      { iconId: null, url: 'skype:live:someone' },
    ]);
    expect(parseLinksCell(formatLinksCell(links.entries, nameOf), icons)).toEqual(links);
  });

  it('name each kind of bad entry once', () => {
    expect(parseLanguagesCell('Klingon; Elvish: B2; English: C9', { languages, levels }).errors).toEqual([
      'unknown_language',
      'unknown_level',
    ]);
    expect(parseRelativesCell('Aunt: Ira; Son: (2019-01-01); Son: Ivan (tomorrow)', types).errors).toEqual([
      'unknown_relative_type',
      'required',
      'bad_date',
    ]);
    expect(parseLinksCell('Myspace: https://m.com; ftp://x.org; Telegram: t.me/x', icons).errors).toEqual([
      'unknown_icon',
      'bad_url',
    ]);
  });

  it('take only absolute links of the schemes a profile link uses', () => {
    expect(isLinkUrl('https://olena.dev/cv')).toBe(true);
    expect(isLinkUrl('viber://chat?number=380501234567')).toBe(true);
    expect(isLinkUrl('tg:resolve?domain=olena')).toBe(true);
    expect(isLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isLinkUrl('olena.dev')).toBe(false);
    expect(isLinkUrl('https://')).toBe(false);
    expect(isLinkUrl('https://olena.dev/a b')).toBe(false);
  });
});
