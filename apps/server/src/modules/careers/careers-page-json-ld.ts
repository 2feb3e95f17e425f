import type { SalaryRange } from '@kadry/shared/schemas/interviews';
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

/**
 * Where the job is (Google requires jobLocation, or for a fully remote job jobLocationType TELECOMMUTE
 * with applicantLocationRequirements). Countries are ISO 3166-1 codes. A remote job's applicants may
 * live in the country its residence names, else in the company's country (its settings); an office
 * job that names no place is in the company's country.
 */
function buildLocation(vacancy: VacancyDetails, companyCountry: string | null): Record<string, unknown> {
  const residence = vacancy.residence?.trim() ?? '';
  const isRemote = REMOTE_PATTERN.test(vacancy.work_types ?? '') || REMOTE_PATTERN.test(residence);
  const parts = residence
    .split(/[,;/()]/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !REMOTE_PATTERN.test(part));
  // Google asks for ISO country codes: the last part that names one ('Kyiv, Ukraine', 'Remote
  // (Poland)'). Otherwise a place of several parts ends with its country, kept as written, and a
  // single part is a town in the company's country.
  const codes = parts.map((part) => findCountryCode(part));
  const countryIndex = codes.findLastIndex((code) => code !== null);
  const ownCountry = countryIndex >= 0 ? codes[countryIndex] : parts.length > 1 ? parts.at(-1) : undefined;
  const country = ownCountry ?? companyCountry;
  const towns = parts.filter((_, index) =>
    countryIndex >= 0 ? index !== countryIndex : parts.length > 1 ? index < parts.length - 1 : true,
  );
  if (isRemote) {
    return {
      jobLocationType: 'TELECOMMUTE',
      ...(country ? { applicantLocationRequirements: { '@type': 'Country', name: country } } : {}),
    };
  }
  if (!country) return {};
  return {
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(towns.length > 0 ? { addressLocality: towns.join(', ') } : {}),
        addressCountry: country,
      },
    },
  };
}

/** How long a published vacancy's posting is promised open from the day its page is answered. */
export const JOB_POSTING_VALID_DAYS = 30;

/**
 * validThrough: vacancies have no closing date, and stay open until HR unpublishes them, when the
 * page answers 404 and the sitemap drops them (Google's way to end a posting). So the posting
 * promises only the next JOB_POSTING_VALID_DAYS days from the (UTC) day the page is answered: each
 * crawl renews it while the vacancy is published, and a page Google has not seen for that long
 * expires by itself rather than advertising a job that may be gone. See
 * docs/decisions/023-job-posting-markup.md.
 */
export function deriveValidThrough(now: Date): string {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + JOB_POSTING_VALID_DAYS);
  return new Date(day).toISOString();
}

/** A vacancy's structured salary (issue 17) as JSON-LD amounts; unitText from its period. */
export function fromSalaryRange(range: SalaryRange): ParsedSalary {
  const unit = range.period.toUpperCase() as SalaryUnit;
  if (range.min !== null && range.max !== null && range.min !== range.max) {
    return { currency: range.currency, minValue: range.min, maxValue: range.max, unit };
  }
  if (range.min !== null && range.max !== null) return { currency: range.currency, value: range.min, unit };
  if (range.min !== null) return { currency: range.currency, minValue: range.min, unit };
  return { currency: range.currency, maxValue: range.max ?? 0, unit };
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
  /**
   * `url`: the company's own site, for sameAs (never the careers page itself); null when unknown.
   * `country`: its country from its settings (ISO 3166-1), for jobs that name none.
   */
  company: { name: string; url: string | null; logoUrl: string | null; country: string | null };
  sectionTitles: Record<VacancyBodySection, string>;
  /** The structured salary when the vacancy has one: preferred to reading the free text. */
  salaryRange?: SalaryRange | null;
  /** When the page is answered: validThrough counts from its day. */
  now: Date;
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
    validThrough: deriveValidThrough(input.now),
    url: input.url,
    identifier: { '@type': 'PropertyValue', name: company.name, value: String(vacancy.id) },
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      ...(company.url ? { sameAs: company.url } : {}),
      ...(company.logoUrl ? { logo: company.logoUrl } : {}),
    },
    ...(employmentTypes.length > 0 ? { employmentType: employmentTypes } : {}),
    ...buildLocation(vacancy, company.country),
    ...buildBaseSalary(
      input.salaryRange ? fromSalaryRange(input.salaryRange) : parseSalaryText(vacancy.salary),
    ),
    directApply: true,
  };
}
