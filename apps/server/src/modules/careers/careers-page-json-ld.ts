import type { VacancyBodySection, VacancyDetails } from '@kadry/shared/schemas/vacancy';
import { VACANCY_BODY_SECTIONS } from '@kadry/shared/vacancy-sections';

type SalaryUnit = 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

/** What a free-text salary says in numbers; `value` when it names one amount, min/max for a range. */
export type ParsedSalary = {
  currency: string;
  minValue?: number;
  maxValue?: number;
  value?: number;
  unit?: SalaryUnit;
};

const CURRENCY_PATTERNS: readonly [RegExp, string][] = [
  [/US\$|\$|\busd\b|dollars?/i, 'USD'],
  [/€|\beur\b|euros?/i, 'EUR'],
  [/£|\bgbp\b/i, 'GBP'],
  [/₴|\buah\b|грн|гривень|гривен/i, 'UAH'],
  [/₽|\brub\b|руб/i, 'RUB'],
  [/zł|\bpln\b/i, 'PLN'],
  [/\bchf\b/i, 'CHF'],
  [/₸|\bkzt\b|тенге/i, 'KZT'],
];

const UNIT_PATTERNS: readonly [RegExp, SalaryUnit][] = [
  [/(?:\bper|\ban?|\/)\s*hour\b|hourly|\/\s*h\b|в час|за час|на годину|за годину/i, 'HOUR'],
  [/(?:\bper|\ba|\/)\s*day\b|daily|в день|за день|на день/i, 'DAY'],
  [/(?:\bper|\ba|\/)\s*week\b|weekly|в неделю|на тиждень/i, 'WEEK'],
  [/(?:\bper|\ba|\/)\s*(?:year|annum)\b|yearly|annual|в год|за год|на рік|за рік|\/\s*yr\b/i, 'YEAR'],
  [/(?:\bper|\ba|\/)\s*month\b|monthly|\/\s*mo\b|в месяц|на місяць|за місяць/i, 'MONTH'],
];

/** A number as written in a salary: 4,000 / 4 000 / 4.000 / 4000 / 2.5k / 40 тыс. */
const AMOUNT_PATTERN =
  /(\d{1,3}(?:[ \u00a0\u202f,.]\d{3})+|\d+(?:[.,]\d+)?)\s*(?:(k|к|тыс|тис)(?!\p{L}))?/giu;

function readAmount(digits: string, thousands: string | undefined): number {
  const grouped = /^\d{1,3}(?:[ \u00a0\u202f,.]\d{3})+$/u.test(digits);
  const value = grouped ? Number(digits.replace(/[^\d]/g, '')) : Number(digits.replace(',', '.'));
  return thousands ? value * 1000 : value;
}

/**
 * Reads a salary text ('$2,500 – $3,500', '€60,000 per year', 'up to 25,000 PLN gross per month',
 * 'от 100 тыс. ₽') as numbers for JSON-LD baseSalary. Null unless both a currency and an amount are found.
 */
export function parseSalaryText(text: string | null): ParsedSalary | null {
  if (!text) return null;
  const currency = CURRENCY_PATTERNS.find(([pattern]) => pattern.test(text))?.[1];
  if (!currency) return null;
  const amounts = [...text.matchAll(AMOUNT_PATTERN)]
    .map((match) => readAmount(match[1] ?? '', match[2]))
    .filter((amount) => Number.isFinite(amount) && amount > 0);
  const [first, second] = amounts;
  if (first === undefined) return null;
  const unit = UNIT_PATTERNS.find(([pattern]) => pattern.test(text))?.[1];
  const withUnit = unit ? { unit } : {};
  if (second !== undefined) {
    return { currency, minValue: Math.min(first, second), maxValue: Math.max(first, second), ...withUnit };
  }
  if (/\b(up to|to|max)\b|^\s*(до)\s/i.test(text)) return { currency, maxValue: first, ...withUnit };
  if (/\b(from|min)\b|^\s*(от|від)\s/i.test(text)) return { currency, minValue: first, ...withUnit };
  return { currency, value: first, ...withUnit };
}

const EMPLOYMENT_TYPE_PATTERNS: readonly [RegExp, string][] = [
  [/full[\s-]?time|полная|повна|повний/i, 'FULL_TIME'],
  [/part[\s-]?time|частичн|неполн|часткова|неповна/i, 'PART_TIME'],
  [/contract|freelance|\bb2b\b|контракт|фриланс/i, 'CONTRACTOR'],
  [/temporar|временн|тимчасов/i, 'TEMPORARY'],
  [/intern|стажир|стажув/i, 'INTERN'],
  [/volunteer|волонт/i, 'VOLUNTEER'],
  [/per[\s-]?diem/i, 'PER_DIEM'],
];

const REMOTE_PATTERN = /remote|anywhere|удал[её]нн?о|удаленка|віддален|дистанц/i;

/** schema.org employmentType values named in the work types text, in order, without repeats. */
export function mapEmploymentTypes(workTypes: string | null): string[] {
  if (!workTypes) return [];
  const types: string[] = [];
  for (const part of workTypes.split(/[,;/|]/)) {
    const type = EMPLOYMENT_TYPE_PATTERNS.find(([pattern]) => pattern.test(part))?.[1];
    if (type && !types.includes(type)) types.push(type);
  }
  return types;
}

/** Country names people write (English, Russian, Ukrainian, and a few short forms) to ISO 3166-1 codes. */
let countryCodes: Map<string, string> | null = null;

function readCountryCodes(): Map<string, string> {
  if (countryCodes) return countryCodes;
  const codes = new Map<string, string>([
    ['usa', 'US'],
    ['us', 'US'],
    ['uk', 'GB'],
    ['england', 'GB'],
  ]);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  // Withdrawn and grouping codes that share a name with a country of today (DD: East Germany).
  const notCountries = new Set([
    'AN',
    'BU',
    'CS',
    'DD',
    'EU',
    'EZ',
    'FX',
    'NT',
    'SU',
    'TP',
    'UN',
    'YU',
    'ZR',
  ]);
  for (const locale of ['en', 'ru', 'uk']) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    for (const first of letters) {
      for (const second of letters) {
        const code = `${first}${second}`;
        if (notCountries.has(code) || (/^[QX]/.test(code) && code !== 'XK')) continue;
        const name = names.of(code);
        if (name && !codes.has(name.toLowerCase())) codes.set(name.toLowerCase(), code);
      }
    }
  }
  countryCodes = codes;
  return codes;
}

/** The ISO 3166-1 alpha-2 code of a country as written ('Ukraine', 'Україна', 'USA'); null when unknown. */
export function findCountryCode(name: string): string | null {
  const trimmed = name.trim();
  if (/^[A-Z]{2}$/.test(trimmed)) return trimmed;
  return readCountryCodes().get(trimmed.toLowerCase()) ?? null;
}

function buildLocation(vacancy: VacancyDetails): Record<string, unknown> {
  const residence = vacancy.residence?.trim() ?? '';
  const isRemote = REMOTE_PATTERN.test(vacancy.work_types ?? '') || REMOTE_PATTERN.test(residence);
  const isPlace = residence !== '' && !REMOTE_PATTERN.test(residence);
  const parts = residence
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const countryName = parts.length > 1 ? parts[parts.length - 1] : parts[0];
  // Google asks for ISO country codes; a name we cannot place is kept as written.
  const country = countryName ? (findCountryCode(countryName) ?? countryName) : undefined;
  if (isRemote) {
    return {
      jobLocationType: 'TELECOMMUTE',
      ...(isPlace && country ? { applicantLocationRequirements: { '@type': 'Country', name: country } } : {}),
    };
  }
  if (!isPlace) return {};
  return {
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(parts.length > 1 ? { addressLocality: parts.slice(0, -1).join(', ') } : {}),
        addressCountry: country,
      },
    },
  };
}

function buildBaseSalary(salary: ParsedSalary | null): Record<string, unknown> {
  if (!salary) return {};
  const { currency, unit, ...amounts } = salary;
  return {
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency,
      value: { '@type': 'QuantitativeValue', ...amounts, ...(unit ? { unitText: unit } : {}) },
    },
  };
}

/**
 * schema.org JobPosting for a vacancy's details page (Google job search). The description is the
 * body sections as (already sanitised) HTML under their translated titles.
 */
export function buildJobPostingJsonLd(input: {
  vacancy: VacancyDetails;
  url: string;
  /** `url`: the company's own site, for sameAs (never the careers page itself); null when unknown. */
  company: { name: string; url: string | null; logoUrl: string | null };
  sectionTitles: Record<VacancyBodySection, string>;
}): Record<string, unknown> {
  const { vacancy, company } = input;
  const description = VACANCY_BODY_SECTIONS.flatMap((section) => {
    const html = vacancy[section];
    return html ? [`<h2>${input.sectionTitles[section]}</h2>${html}`] : [];
  }).join('');
  const employmentTypes = mapEmploymentTypes(vacancy.work_types);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: vacancy.name,
    description: description || vacancy.name,
    datePosted: vacancy.published_at ?? vacancy.updated_at,
    url: input.url,
    identifier: { '@type': 'PropertyValue', name: company.name, value: String(vacancy.id) },
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      ...(company.url ? { sameAs: company.url } : {}),
      ...(company.logoUrl ? { logo: company.logoUrl } : {}),
    },
    ...(employmentTypes.length > 0 ? { employmentType: employmentTypes } : {}),
    ...buildLocation(vacancy),
    ...buildBaseSalary(parseSalaryText(vacancy.salary)),
    directApply: true,
  };
}
