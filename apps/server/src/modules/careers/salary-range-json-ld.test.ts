import type { VacancyDetails } from '@kadry/shared/schemas/vacancy';
import { describe, expect, it } from 'vitest';
import { buildJobPostingJsonLd, fromSalaryRange } from './careers-page-json-ld';

// The structured salary of a vacancy (issue 17) in its JobPosting: preferred to the free text, with
// unitText from its period.

const vacancy: VacancyDetails = {
  id: 7,
  name: 'Welder',
  public_url: 'https://jobs.example.test/careers/7',
  is_hot: false,
  salary: 'about 100 euro a day',
  residence: 'Kyiv, Ukraine',
  experience: null,
  work_types: 'Full-time',
  languages: [],
  description: '<p>Welding</p>',
  demand: null,
  responsibility: null,
  addition: null,
  working_conditions: null,
  published_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
};

function build(salaryRange: Parameters<typeof buildJobPostingJsonLd>[0]['salaryRange']) {
  return buildJobPostingJsonLd({
    vacancy,
    url: vacancy.public_url,
    company: { name: 'Acme', url: null, logoUrl: null, country: 'UA' },
    sectionTitles: {
      description: 'About',
      demand: 'Requirements',
      responsibility: 'Responsibilities',
      addition: 'A plus',
      working_conditions: 'Conditions',
    },
    salaryRange,
    now: new Date('2031-02-01T00:00:00Z'),
  });
}

describe('baseSalary from the structured salary', () => {
  it('gives a range with unitText from the period, preferred to the free text', () => {
    expect(build({ min: 4000, max: 5500.5, currency: 'USD', period: 'month' }).baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 4000, maxValue: 5500.5, unitText: 'MONTH' },
    });
  });

  it('gives one bound, or one value when both are equal', () => {
    expect(fromSalaryRange({ min: 25, max: null, currency: 'EUR', period: 'hour' })).toEqual({
      currency: 'EUR',
      minValue: 25,
      unit: 'HOUR',
    });
    expect(fromSalaryRange({ min: null, max: 90_000, currency: 'PLN', period: 'year' })).toEqual({
      currency: 'PLN',
      maxValue: 90_000,
      unit: 'YEAR',
    });
    expect(fromSalaryRange({ min: 500, max: 500, currency: 'UAH', period: 'week' })).toEqual({
      currency: 'UAH',
      value: 500,
      unit: 'WEEK',
    });
  });

  it('falls back to reading the free text when there is none', () => {
    expect(build(null).baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', value: 100, unitText: 'DAY' },
    });
  });
});
