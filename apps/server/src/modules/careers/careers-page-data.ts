import type { Locale } from '@kadry/shared/constants';
import { DEFAULT_LOCALE, LOCALES } from '@kadry/shared/constants';
import { getCatalog } from '@kadry/shared/i18n/translate';
import type { CareersPageData, LanguageEntry } from '@kadry/shared/schemas/page-data';
import type { Company } from '../../db/schema/companies';

/** How each locale presents itself in the language switcher (its own name, spec §2.3). */
const LANGUAGE_ENTRIES: Record<Locale, LanguageEntry> = {
  en: { code: 'en', name: 'English', emoji: '🇬🇧' },
  ru: { code: 'ru', name: 'Русский', emoji: '🇷🇺' },
  uk: { code: 'uk', name: 'Українська', emoji: '🇺🇦' },
};

/** The catalog areas the careers page and its application form use; nothing else is embedded. */
const EMBEDDED_KEY_PREFIXES = [
  'careers.',
  'errors.',
  'public.',
  'career_page.',
  'candidate.',
  'validation.',
  'common.',
];

const pageTranslationsByLocale = new Map<Locale, Record<string, string>>();

/**
 * The translations embedded in a careers page: the page's areas of the catalog, with English filling
 * any key the locale lacks (so the browser needs no fallback catalog of its own).
 */
function selectPageTranslations(locale: Locale): Record<string, string> {
  const cached = pageTranslationsByLocale.get(locale);
  if (cached) return cached;
  const merged = { ...getCatalog(DEFAULT_LOCALE), ...getCatalog(locale) };
  const selected: Record<string, string> = {};
  for (const [key, text] of Object.entries(merged)) {
    if (EMBEDDED_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) selected[key] = text;
  }
  pageTranslationsByLocale.set(locale, selected);
  return selected;
}

/** The locales a company offers, in the order of LOCALES (never empty). */
export function listOfferedLocales(company: Company): Locale[] {
  const offered = LOCALES.filter((locale) => company.languages.includes(locale));
  return offered.length > 0 ? offered : [company.defaultLanguage];
}

/** The JSON the careers page embeds in <script id="page-data"> (ARCHITECTURE.md 'Pages and page data'). */
export function buildCareersPageData(
  company: Company,
  page: { locale: Locale; vacancyId: number | null; notFound: boolean },
): CareersPageData {
  return {
    vacancyId: page.vacancyId,
    vacanciesListUrl: '/careers',
    consentPageUrl: company.consentPageUrl,
    captchaSiteKey: company.captchaProvider === 'none' ? null : company.captchaSiteKey,
    settings: {
      name: company.name,
      avatar_src: company.logoUrl,
      font: company.font,
      colors: {
        background: company.colorBackground,
        header: company.colorHeader,
        button: company.colorButton,
      },
      indexing: company.indexing,
    },
    languages: listOfferedLocales(company).map((locale) => LANGUAGE_ENTRIES[locale]),
    currentLanguage: page.locale,
    translations: selectPageTranslations(page.locale),
    notFound: page.notFound,
  };
}
