import type { Locale } from '@kadry/shared/constants';
import en from '@kadry/shared/i18n/en.json';
import ru from '@kadry/shared/i18n/ru.json';
import uk from '@kadry/shared/i18n/uk.json';
import type { CareersPageData } from '@kadry/shared/schemas/page-data';
import type { VacancyDetails, VacancyListItem, VacancyListResponse } from '@kadry/shared/schemas/vacancy';

const EN_TRANSLATIONS: Record<string, string> = en;

export function makeListItem(overrides: Partial<VacancyListItem> = {}): VacancyListItem {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Vacancy ${id}`,
    public_url: `http://site.test/careers/${id}`,
    is_hot: false,
    salary: '$1,000',
    residence: 'Kyiv',
    experience: '1–3 years',
    work_types: 'Full-time',
    ...overrides,
  };
}

export function makeListPage(
  page: number,
  lastPage: number,
  perPage = 20,
  total = lastPage * perPage,
): VacancyListResponse {
  return {
    data: Array.from({ length: perPage }, (_, index) =>
      makeListItem({ id: (page - 1) * perPage + index + 1 }),
    ),
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
  };
}

export function makeVacancy(overrides: Partial<VacancyDetails> = {}): VacancyDetails {
  return {
    ...makeListItem({ id: 7, name: 'Backend Engineer' }),
    languages: [
      { language: 'English', level: 'B2' },
      { language: 'Polish', level: 'A2' },
    ],
    description: '<p>Build the services.</p>',
    demand: '<ul><li>Go</li></ul>',
    responsibility: null,
    addition: '',
    working_conditions: '<p>Remote-friendly</p>',
    published_at: '2025-01-02T10:00:00.000Z',
    updated_at: '2025-01-03T10:00:00.000Z',
    ...overrides,
  };
}

export function makePageData(overrides: Partial<CareersPageData> = {}): CareersPageData {
  return {
    vacancyId: null,
    vacanciesListUrl: '/careers',
    consentPageUrl: null,
    captchaSiteKey: null,
    settings: {
      name: 'Northwind',
      avatar_src: '/assets/demo/logo.svg',
      font: 'Inter',
      colors: { background: '#ffffff', header: '#1f2937', button: '#2563eb' },
      indexing: true,
    },
    languages: [
      { code: 'en', name: 'English', emoji: '🇬🇧' },
      { code: 'ru', name: 'Русский', emoji: '🇷🇺' },
      { code: 'uk', name: 'Українська', emoji: '🇺🇦' },
    ],
    currentLanguage: 'en',
    translations: EN_TRANSLATIONS,
    notFound: false,
    ...overrides,
  };
}

const CATALOGS: Record<Locale, Record<string, string>> = { en, ru, uk };

/** The page data of a page in `locale`, with that locale's texts (English filling gaps, as the server does). */
export function makeLocalePageData(locale: Locale = 'en'): CareersPageData {
  return makePageData({ currentLanguage: locale, translations: { ...en, ...CATALOGS[locale] } });
}

/** A Response the way fetch answers. */
export function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}
