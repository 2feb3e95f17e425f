import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { seedDemoData } from '../../db/demo/seed';
import { vacancies as vacancyTable } from '../../db/schema/vacancies';
import { parseSalaryText } from './careers-page-json-ld';

// Issue 18: the JobPosting of every demo vacancy, read from its page as a crawler reads it, against
// Google's rules for job postings ("Job posting (JobPosting) structured data", Google Search Central:
// developers.google.com/search/docs/appearance/structured-data/job-posting).

/** Google's required properties. jobLocation may be left out only by a fully remote job, below. */
const GOOGLE_REQUIRED = ['datePosted', 'description', 'hiringOrganization', 'jobLocation', 'title'] as const;

/**
 * Google's recommended properties. applicantLocationRequirements and jobLocationType are for remote
 * jobs (where they are required instead of jobLocation); baseSalary and employmentType need the
 * vacancy to say a salary and a kind of employment.
 */
const GOOGLE_RECOMMENDED = [
  'applicantLocationRequirements',
  'baseSalary',
  'directApply',
  'employmentType',
  'identifier',
  'jobLocationType',
  'validThrough',
] as const;

/** Google's employmentType values. */
const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];

const NOW = new Date('2031-05-20T10:00:00Z');
const ORIGIN = 'http://localhost';
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

type Json = Record<string, unknown>;
type DemoPage = { id: number; url: string; html: string; posting: Json };

let t: TestApp;
let pages: DemoPage[];
let vacancies: Map<number, { residence: string | null; workTypes: string | null; salary: string | null }>;

function readJobPosting(html: string): Json {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)];
  const postings = scripts
    .map((match) => JSON.parse(match[1] ?? 'null') as Json)
    .filter((value) => value['@type'] === 'JobPosting');
  expect(postings).toHaveLength(1);
  return postings[0] as Json;
}

/** An ISO 3166-1 alpha-2 code of a country (not a name, not a withdrawn code). */
function expectCountryCode(value: unknown) {
  expect(value).toMatch(/^[A-Z]{2}$/);
  expect(regionNames.of(String(value)), String(value)).toBeTruthy();
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const { companyId } = await seedDemoData(t.database.db, new Date('2031-05-01T09:00:00Z'));
  const table = vacancyTable;
  const rows = await t.database.db
    .select({
      id: table.id,
      residence: table.residence,
      workTypes: table.workTypes,
      salary: table.salary,
    })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.isPublished, true)));
  vacancies = new Map(rows.map((row) => [row.id, row]));

  // The vacancies a crawler finds: the sitemap's.
  const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'localhost' } });
  expect(sitemap.statusCode).toBe(200);
  const urls = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => match[1] ?? '')
    .filter((url) => /\/careers\/\d+$/.test(url));
  pages = [];
  for (const url of urls) {
    const response = await t.app.inject({ url: new URL(url).pathname, headers: { host: 'localhost' } });
    expect(response.statusCode, url).toBe(200);
    const id = Number(url.split('/').at(-1));
    pages.push({ id, url, html: response.body, posting: readJobPosting(response.body) });
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("every demo vacancy's JobPosting against Google's rules (issue 18)", () => {
  it('covers every published demo vacancy, remote and office ones alike', () => {
    expect(pages.length).toBe(vacancies.size);
    expect(pages.length).toBeGreaterThanOrEqual(45);
    const remote = pages.filter((page) => page.posting.jobLocationType === 'TELECOMMUTE');
    expect(remote.length).toBeGreaterThan(0);
    expect(remote.length).toBeLessThan(pages.length);
  });

  it("has each of Google's required properties (a remote job: TELECOMMUTE with where applicants may live)", () => {
    for (const { url, posting } of pages) {
      const isRemote = posting.jobLocationType === 'TELECOMMUTE';
      const missing = GOOGLE_REQUIRED.filter((name) => !(name in posting)).filter(
        (name) => !(name === 'jobLocation' && isRemote && 'applicantLocationRequirements' in posting),
      );
      expect(missing, url).toEqual([]);
      expect(posting['@context']).toBe('https://schema.org');
      expect(typeof posting.title).toBe('string');
      expect(posting.description, url).toMatch(/<(p|ul|li)>/);
      expect(posting.description).not.toBe(posting.title);
      expect(Number.isNaN(Date.parse(String(posting.datePosted))), url).toBe(false);
      expect(posting.hiringOrganization).toMatchObject({ '@type': 'Organization', name: 'Northwind Labs' });
    }
  });

  it("has Google's recommended properties wherever the vacancy gives what they say", () => {
    for (const { id, url, posting } of pages) {
      const vacancy = vacancies.get(id);
      const isRemote = posting.jobLocationType === 'TELECOMMUTE';
      const expected = GOOGLE_RECOMMENDED.filter((name) => {
        if (name === 'applicantLocationRequirements' || name === 'jobLocationType') return isRemote;
        if (name === 'baseSalary') return parseSalaryText(vacancy?.salary ?? null) !== null;
        if (name === 'employmentType')
          return /full|part|contract|intern|temporar/i.test(vacancy?.workTypes ?? '');
        return true;
      });
      expect(
        expected.filter((name) => !(name in posting)),
        url,
      ).toEqual([]);
      expect(posting.directApply).toBe(true);
      expect(posting.identifier).toEqual({
        '@type': 'PropertyValue',
        name: 'Northwind Labs',
        value: String(id),
      });
      if ('employmentType' in posting) {
        for (const type of posting.employmentType as string[]) expect(EMPLOYMENT_TYPES).toContain(type);
      }
      if ('baseSalary' in posting) {
        expect(posting.baseSalary, url).toMatchObject({
          '@type': 'MonetaryAmount',
          currency: expect.stringMatching(/^[A-Z]{3}$/),
          value: { '@type': 'QuantitativeValue' },
        });
        // Google's periods for unitText (the salary's period, where the vacancy says one).
        const { unitText } = (posting.baseSalary as { value: { unitText?: string } }).value;
        if (unitText !== undefined) expect(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']).toContain(unitText);
      }
    }
    // Remote ones are many, and the demo has vacancies that name no kind of employment.
    expect(pages.filter((page) => page.posting.jobLocationType === 'TELECOMMUTE').length).toBeGreaterThan(10);
  });

  it('is valid through a date after it was posted and after today, derived from the day the page is answered', () => {
    for (const { url, posting } of pages) {
      const validThrough = Date.parse(String(posting.validThrough));
      expect(validThrough, url).toBeGreaterThan(Date.parse(String(posting.datePosted)));
      expect(validThrough).toBeGreaterThan(NOW.getTime());
      expect(posting.validThrough).toBe('2031-06-19T00:00:00.000Z');
    }
  });

  it('places office jobs at an address with an ISO country code, remote ones with the country applicants may live in', () => {
    for (const { id, url, posting } of pages) {
      const residence = vacancies.get(id)?.residence ?? '';
      if (posting.jobLocationType === 'TELECOMMUTE') {
        const requirement = posting.applicantLocationRequirements as Json;
        expect(requirement['@type'], url).toBe('Country');
        expectCountryCode(requirement.name);
        // 'Remote' names no country: the company's, from its settings (the demo's calendar is Ukraine's).
        if (residence === 'Remote') expect(requirement.name).toBe('UA');
      } else {
        const place = posting.jobLocation as Json;
        expect(place['@type'], url).toBe('Place');
        const address = place.address as Json;
        expect(address['@type']).toBe('PostalAddress');
        expectCountryCode(address.addressCountry);
        expect(address.addressLocality, url).toBe(residence.split(',')[0]);
      }
    }
  });

  it('names the hiring organisation with its logo under a hashed URL, and no sameAs back at the careers site', () => {
    for (const { url, posting } of pages) {
      const organization = posting.hiringOrganization as Json;
      expect(organization.logo, url).toMatch(/^http:\/\/localhost\/assets\/demo\/logo\.[0-9a-f]{12}\.svg$/);
      // The careers settings have no field for the company's own site: sameAs is left out.
      expect(organization).not.toHaveProperty('sameAs');
      expect(JSON.stringify(posting)).not.toContain('"sameAs"');
      expect(posting.url).toBe(`${ORIGIN}/careers/${url.split('/').at(-1)}`);
    }
  });
});
