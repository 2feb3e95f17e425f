import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CareersInitialData } from '@kadry/shared/careers-page';
import { careersPageDataSchema } from '@kadry/shared/schemas/page-data';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CAREERS_SERVER_ENTRY } from '../../../test/careers-build';
import { createTestDatabase, seedCompany, seedVacancy } from '../../../test/db';
import type { DatabaseHandle } from '../../db/client';
import type { Company } from '../../db/schema/companies';
import type { Vacancy } from '../../db/schema/vacancies';
import { careersPagesRoutes } from './careers-pages.routes';

// Everything is seeded before the first request: host → company resolution is cached for a few seconds.

const QUIET_HOST = 'quiet.test';

let t: TestApp;
let hot: Vacancy;
let plain: Vacancy;
let draft: Vacancy;
let tricky: Vacancy;
let quietVacancy: Vacancy;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const company = await seedCompany(db, { name: 'Acme', logoUrl: '/assets/acme.svg', isDefault: true });
  plain = await seedVacancy(db, company.id, { name: 'Plain Vacancy', publishedAt: new Date('2030-01-01') });
  hot = await seedVacancy(db, company.id, {
    name: 'Hot Vacancy',
    isHot: true,
    demand: '<ul><li>Go</li></ul>',
    publishedAt: new Date('2030-01-02'),
  });
  draft = await seedVacancy(db, company.id, { name: 'Draft Vacancy', isPublished: false });
  tricky = await seedVacancy(db, company.id, {
    name: 'Break </script><script>alert(1)</script> out',
    publishedAt: new Date('2029-12-31'),
  });
  const quiet = await seedCompany(db, {
    name: 'Quiet',
    hosts: [QUIET_HOST],
    isDefault: false,
    indexing: false,
    languages: ['en'],
  });
  quietVacancy = await seedVacancy(db, quiet.id, { name: 'Quiet Vacancy' });
});

afterAll(async () => {
  await t?.close();
});

async function getPage(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, html: response.body };
}

function readJsonScript(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  if (!match?.[1]) throw new Error(`no #${id} script`);
  return JSON.parse(match[1]);
}

describe('GET /', () => {
  it('redirects to the list, keeping the query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/?source=x' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/careers?source=x');
  });
});

describe('GET /careers', () => {
  it('renders the first page of vacancies on the server, newest first, and embeds the data', async () => {
    const { status, headers, html } = await getPage('/careers');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.indexOf('Hot Vacancy')).toBeLessThan(html.indexOf('Plain Vacancy'));
    expect(html).toContain('<h1 class="page-title">Open positions</h1>');
    expect(html).not.toContain('Draft Vacancy');

    const pageData = careersPageDataSchema.parse(readJsonScript(html, 'page-data'));
    expect(pageData).toMatchObject({ vacancyId: null, notFound: false, currentLanguage: 'en' });
    expect(pageData.settings).toMatchObject({ name: 'Acme', avatar_src: '/assets/acme.svg', indexing: true });
    expect(pageData.languages.map((entry) => entry.code)).toEqual(['en', 'ru', 'uk']);
    expect(Object.keys(pageData.translations).every((key) => !key.startsWith('hr.'))).toBe(true);
    expect(pageData.translations['careers.title']).toBe('Open positions');

    const initial = readJsonScript(html, 'initial-data') as CareersInitialData;
    expect(initial.kind).toBe('list');
    if (initial.kind === 'list')
      expect(initial.list.data.map((item) => item.id)).toEqual([hot.id, plain.id, tricky.id]);
  });

  it('has title, description, canonical, hreflang alternates, Open Graph and robots tags', async () => {
    const { html, headers } = await getPage('/careers?source=x');
    expect(html).toContain('<title>Open positions — Acme</title>');
    expect(html).toContain('<meta name="description" content="3 open positions at Acme.');
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/careers">');
    expect(html).toContain('<link rel="alternate" hreflang="uk" href="http://localhost:80/careers?lang=uk">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost:80/careers">');
    expect(html).toContain('<meta property="og:image" content="http://localhost/assets/acme.svg">');
    expect(html).toContain('<meta name="robots" content="index, follow">');
    expect(headers.vary).toBe('Accept-Language, Accept-Encoding');
  });

  it('passes the page filters to the first page', async () => {
    const { html } = await getPage('/careers?search=hot');
    const initial = readJsonScript(html, 'initial-data') as CareersInitialData;
    expect(initial.kind === 'list' && initial.list.data.map((item) => item.name)).toEqual(['Hot Vacancy']);
  });

  it('speaks the lang parameter, else Accept-Language, else the default', async () => {
    const uk = await getPage('/careers?lang=uk');
    expect(uk.html).toContain('<html lang="uk"');
    expect(uk.html).toContain('<h1 class="page-title">Відкриті вакансії</h1>');
    expect(uk.html).toContain('<link rel="canonical" href="http://localhost:80/careers?lang=uk">');
    const ru = await getPage('/careers', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    expect(ru.html).toContain('<html lang="ru"');
    expect(ru.headers['content-language']).toBe('ru');
    const fallback = await getPage('/careers', { 'accept-language': 'de-DE' });
    expect(fallback.html).toContain('<html lang="en"');
  });

  it('keeps an escaped vacancy name from closing the data script', async () => {
    const { html } = await getPage('/careers');
    expect(html).not.toContain('<script>alert(1)</script>');
    const initial = readJsonScript(html, 'initial-data') as CareersInitialData;
    expect(initial.kind === 'list' && initial.list.data.some((item) => item.name === tricky.name)).toBe(true);
  });
});

describe('compression (issue 18)', () => {
  it('sends the HTML brotli-compressed to browsers that accept it, gzip to others, plain to the rest', async () => {
    const plainPage = await getPage('/careers');
    expect(plainPage.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ url: '/careers', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plainPage.html);
    expect(br.rawPayload.length).toBeLessThan(plainPage.html.length / 2);
    const gz = await t.app.inject({ url: `/careers/${plain.id}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain('Plain Vacancy');
  });
});

describe('GET /careers/:id', () => {
  it('renders the whole vacancy with JSON-LD, the page data naming the vacancy', async () => {
    const { status, html } = await getPage(`/careers/${hot.id}`);
    expect(status).toBe(200);
    expect(html).toContain('Hot Vacancy</span></h1>');
    expect(html).toContain('<ul><li>Go</li></ul>');
    expect(html).toContain('<title>Hot Vacancy — Acme</title>');
    expect(html).toContain('<meta name="description" content="Build the services behind our product.">');
    expect(careersPageDataSchema.parse(readJsonScript(html, 'page-data'))).toMatchObject({
      vacancyId: hot.id,
    });
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@type': 'JobPosting',
      title: 'Hot Vacancy',
      directApply: true,
      hiringOrganization: { name: 'Acme', logo: 'http://localhost/assets/acme.svg' },
      baseSalary: { currency: 'USD', value: { minValue: 4000, maxValue: 6000 } },
    });
  });

  it.each([
    ['an unpublished vacancy', () => `/careers/${draft.id}`],
    ['an unknown id', () => '/careers/999999'],
    ['a non-numeric id', () => '/careers/abc'],
    ["another company's vacancy", () => `/careers/${quietVacancy.id}`],
  ])('answers 404 with the not-found view for %s', async (_, url) => {
    const { status, html } = await getPage(url());
    expect(status).toBe(404);
    expect(html).toContain('Opening not found');
    expect(html).toContain('<header class="top-bar">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('rel="canonical"');
    expect(careersPageDataSchema.parse(readJsonScript(html, 'page-data')).notFound).toBe(true);
  });
});

describe('indexing', () => {
  it('lists every published vacancy of the company in the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      ['/careers', `/careers/${hot.id}`, `/careers/${plain.id}`, `/careers/${tricky.id}`]
        .map((p) => `http://localhost:80${p}`)
        .sort(),
    );
  });

  it('opens robots.txt to the careers pages and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.body).toContain('Allow: /careers');
    expect(response.body).toContain('Sitemap: http://localhost:80/sitemap.xml');
  });

  it('closes everything when the company turned indexing off', async () => {
    const headers = { host: QUIET_HOST };
    const page = await t.app.inject({ method: 'GET', url: '/careers', headers });
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('rel="nofollow noopener"');
    // One language: no switcher and no alternates.
    expect(page.body).not.toContain('hreflang=');
    expect(page.body).not.toContain('language-switcher');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers });
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
    expect(sitemap.statusCode).toBe(404);
  });
});

describe('client build', () => {
  let clientDir: string;
  let database: DatabaseHandle;
  let company: Company;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'kadry-careers-client-'));
    await mkdir(path.join(clientDir, '.vite'), { recursive: true });
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'assets', 'entry-client-abc.js'), 'console.log(1)');
    await writeFile(path.join(clientDir, 'assets', 'shared-def.js'), 'export const shared = 2;');
    await writeFile(path.join(clientDir, 'assets', 'response-form-view-ghi.js'), 'x'.repeat(10_000));
    await writeFile(
      path.join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/app/entry-client.tsx': {
          file: 'assets/entry-client-abc.js',
          isEntry: true,
          imports: ['_shared.js'],
          dynamicImports: ['src/features/apply/response-form-view.tsx'],
          css: ['assets/entry-client-abc.css'],
        },
        '_shared.js': { file: 'assets/shared-def.js' },
        'src/features/apply/response-form-view.tsx': {
          file: 'assets/response-form-view-ghi.js',
          isDynamicEntry: true,
        },
      }),
    );
    database = await createTestDatabase();
    company = await seedCompany(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  async function buildPagesOnly() {
    const app = Fastify({ logger: false });
    // As in buildApp: route schemas are zod schemas.
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('company', null);
    app.addHook('onRequest', async (request) => {
      request.company = company;
    });
    await app.register(careersPagesRoutes, {
      db: database.db,
      careersClientDir: clientDir,
      careersServerEntry: CAREERS_SERVER_ENTRY,
    });
    return app;
  }

  it('links the entry script, its styles and static imports, never the lazy form chunk', async () => {
    const app = await buildPagesOnly();
    const { body } = await app.inject({ method: 'GET', url: '/careers' });
    expect(body).toContain(
      '<script type="module" crossorigin src="/static/careers/assets/entry-client-abc.js">',
    );
    expect(body).toContain('<link rel="stylesheet" href="/static/careers/assets/entry-client-abc.css">');
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/static/careers/assets/shared-def.js">',
    );
    expect(body).not.toContain('response-form-view');
    await app.close();
  });

  it('serves hashed files for a year and hides the manifest', async () => {
    const app = await buildPagesOnly();
    const asset = await app.inject({ method: 'GET', url: '/static/careers/assets/entry-client-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ method: 'GET', url: '/static/careers/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    await app.close();
  });
});
