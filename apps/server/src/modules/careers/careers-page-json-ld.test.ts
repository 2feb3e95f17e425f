import type { VacancyDetails } from '@kadry/shared/schemas/vacancy';
import { describe, expect, it } from 'vitest';
import {
  buildJobPostingJsonLd,
  deriveValidThrough,
  findCountryCode,
  JOB_POSTING_VALID_DAYS,
  mapEmploymentTypes,
  parseSalaryText,
} from './careers-page-json-ld';

describe('parseSalaryText', () => {
  it.each([
    ['$2,500 – $3,500', { currency: 'USD', minValue: 2500, maxValue: 3500 }],
    ['€60,000 – €75,000 per year', { currency: 'EUR', minValue: 60000, maxValue: 75000, unit: 'YEAR' }],
    ['€45,000 per year', { currency: 'EUR', value: 45000, unit: 'YEAR' }],
    ['$25 per hour', { currency: 'USD', value: 25, unit: 'HOUR' }],
    ['up to 25,000 PLN gross per month', { currency: 'PLN', maxValue: 25000, unit: 'MONTH' }],
    ['₴40,000 – ₴55,000', { currency: 'UAH', minValue: 40000, maxValue: 55000 }],
    ['от 150 тыс. руб. в месяц', { currency: 'RUB', minValue: 150000, unit: 'MONTH' }],
    ['2.5k-3k USD', { currency: 'USD', minValue: 2500, maxValue: 3000 }],
    ['$1,500 + bonus', { currency: 'USD', value: 1500 }],
  ])('reads %s', (text, expected) => {
    expect(parseSalaryText(text)).toEqual(expected);
  });

  it('gives up without a currency or without numbers', () => {
    expect(parseSalaryText('3000 – 4000')).toBeNull();
    expect(parseSalaryText('Competitive, in USD')).toBeNull();
    expect(parseSalaryText(null)).toBeNull();
  });
});

describe('mapEmploymentTypes', () => {
  it('maps the work types it knows, in English, Russian and Ukrainian', () => {
    expect(mapEmploymentTypes('Full-time, Remote')).toEqual(['FULL_TIME']);
    expect(mapEmploymentTypes('Part-time; Contract')).toEqual(['PART_TIME', 'CONTRACTOR']);
    expect(mapEmploymentTypes('Полная занятость, стажировка')).toEqual(['FULL_TIME', 'INTERN']);
    expect(mapEmploymentTypes('Hybrid')).toEqual([]);
  });
});

const vacancy: VacancyDetails = {
  id: 5,
  name: 'Data Engineer',
  public_url: 'https://jobs.test/careers/5',
  is_hot: false,
  salary: '$4,000 – $6,000',
  residence: 'Kyiv, Ukraine',
  experience: '3–5 years',
  work_types: 'Full-time, Office',
  languages: [],
  description: '<p>Pipelines.</p>',
  demand: null,
  responsibility: '<ul><li>Own the warehouse</li></ul>',
  addition: null,
  working_conditions: null,
  published_at: '2025-03-01T09:00:00.000Z',
  updated_at: '2025-03-02T09:00:00.000Z',
};

const now = new Date('2025-03-10T21:30:00Z');

const sectionTitles = {
  description: 'Description',
  demand: 'Requirements',
  responsibility: 'Responsibilities',
  addition: 'Will be a plus',
  working_conditions: 'Working conditions',
};

describe('buildJobPostingJsonLd', () => {
  it('describes an office job with its place, salary, employment type and direct apply', () => {
    const jsonLd = buildJobPostingJsonLd({
      vacancy,
      url: 'https://jobs.test/careers/5',
      company: {
        name: 'Acme',
        url: 'https://acme.test',
        logoUrl: 'https://jobs.test/logo.svg',
        country: 'PL',
      },
      sectionTitles,
      now,
    });
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Data Engineer',
      description:
        '<h2>Description</h2><p>Pipelines.</p><h2>Responsibilities</h2><ul><li>Own the warehouse</li></ul>',
      datePosted: '2025-03-01T09:00:00.000Z',
      validThrough: '2025-04-09T00:00:00.000Z',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Acme',
        sameAs: 'https://acme.test',
        logo: 'https://jobs.test/logo.svg',
      },
      employmentType: ['FULL_TIME'],
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Kyiv', addressCountry: 'UA' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 4000, maxValue: 6000 },
      },
      directApply: true,
    });
    expect(jsonLd).not.toHaveProperty('jobLocationType');
  });

  it('marks a remote job as telecommuting, with the country as the applicant requirement', () => {
    const jsonLd = buildJobPostingJsonLd({
      vacancy: {
        ...vacancy,
        work_types: 'Full-time, Remote',
        residence: 'Warsaw, Poland',
        salary: 'Negotiable',
      },
      url: 'https://jobs.test/careers/5',
      company: { name: 'Acme', url: 'https://acme.test', logoUrl: null, country: 'UA' },
      sectionTitles,
      now,
    });
    expect(jsonLd).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'PL' },
    });
    expect(jsonLd).not.toHaveProperty('jobLocation');
    expect(jsonLd).not.toHaveProperty('baseSalary');
  });
});

describe('JobPosting against what Google flags (issue 18)', () => {
  it('gives countries as ISO 3166-1 codes, whatever language they are written in', () => {
    expect(findCountryCode('Ukraine')).toBe('UA');
    expect(findCountryCode('Україна')).toBe('UA');
    expect(findCountryCode('Германия')).toBe('DE');
    expect(findCountryCode('USA')).toBe('US');
    expect(findCountryCode('Atlantis')).toBeNull();
  });

  it('leaves sameAs out rather than pointing it back at the careers page', () => {
    const jsonLd = buildJobPostingJsonLd({
      vacancy,
      url: 'https://jobs.test/careers/5',
      company: { name: 'Acme', url: null, logoUrl: null, country: null },
      sectionTitles,
      now,
    });
    expect(jsonLd.hiringOrganization).not.toHaveProperty('sameAs');
  });
});

describe('where the job is (issue 18: Google requires a place, or for remote jobs where applicants may live)', () => {
  const build = (residence: string | null, workTypes: string | null, country: string | null = 'UA') =>
    buildJobPostingJsonLd({
      vacancy: { ...vacancy, residence, work_types: workTypes },
      url: 'https://jobs.test/careers/5',
      company: { name: 'Acme', url: null, logoUrl: null, country },
      sectionTitles,
      now,
    });

  it("lets applicants to a remote job that names no country live in the company's country", () => {
    const jsonLd = build('Remote', 'Full-time, Remote');
    expect(jsonLd).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'UA' },
    });
    expect(jsonLd).not.toHaveProperty('jobLocation');
  });

  it('reads the country a remote residence names, in brackets or after a comma, as an ISO code', () => {
    expect(build('Remote (Poland)', 'Contract').applicantLocationRequirements).toEqual({
      '@type': 'Country',
      name: 'PL',
    });
    expect(build('Віддалено, Німеччина', null).applicantLocationRequirements).toEqual({
      '@type': 'Country',
      name: 'DE',
    });
  });

  it("puts an office job that names only its town in the company's country", () => {
    expect(build('Lviv', 'Full-time, Office').jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Lviv', addressCountry: 'UA' },
    });
    expect(build(null, null).jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressCountry: 'UA' },
    });
  });

  it('leaves the place out rather than inventing one when neither the vacancy nor the company names a country', () => {
    expect(build(null, null, null)).not.toHaveProperty('jobLocation');
    expect(build('Remote', 'Remote', null)).not.toHaveProperty('applicantLocationRequirements');
  });
});

describe('validThrough (issue 18: vacancies have no closing date)', () => {
  it(`promises the posting for ${JOB_POSTING_VALID_DAYS} days from the UTC day the page is answered`, () => {
    expect(deriveValidThrough(new Date('2025-03-10T00:00:00Z'))).toBe('2025-04-09T00:00:00.000Z');
    expect(deriveValidThrough(new Date('2025-03-10T23:59:59Z'))).toBe('2025-04-09T00:00:00.000Z');
    expect(deriveValidThrough(new Date('2025-12-20T08:00:00Z'))).toBe('2026-01-19T00:00:00.000Z');
  });
});
