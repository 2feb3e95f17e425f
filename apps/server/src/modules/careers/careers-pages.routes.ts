import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { CareersInitialData } from '@kadry/shared/careers-page';
import { LIST_PER_PAGE, type Locale } from '@kadry/shared/constants';
import type { Translate } from '@kadry/shared/i18n/translate';
import { routePattern } from '@kadry/shared/routes';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import {
  type VacancyBodySection,
  type VacancyDetails,
  type VacancyListQuery,
  type VacancyListResponse,
  vacancyListQuerySchema,
} from '@kadry/shared/schemas/vacancy';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { compressHtml, negotiateEncoding } from '../../lib/compress-html';
import { localeOf, translatorFor } from '../../lib/request-locale';
import { originOf, requireCompany } from '../../plugins/company-resolver';
import { findCompanyCountry } from '../absences/settings/settings.service';
import { versionLogoUrl } from '../careers-settings/careers-settings.service';
import { CAREERS_STATIC_PREFIX, createCareersAssetsReader } from './careers-page-assets';
import { buildCareersPageData, listOfferedLocales } from './careers-page-data';
import { renderCareersDocument } from './careers-page-document';
import { htmlToPlainText, renderHeadTags, truncateText } from './careers-page-head';
import { buildJobPostingJsonLd } from './careers-page-json-ld';
import { createCareersRendererLoader } from './careers-page-renderer';
import { buildRobotsTxt, buildSitemapXml } from './careers-page-sitemap';
import {
  findPublicVacancy,
  findPublishedSalaryRange,
  listPublicVacancies,
  listPublishedVacancyIds,
  parseVacancyId,
} from './public-vacancies.service';

export type CareersPagesOptions = {
  db: Db;
  /** The clock: a vacancy's JobPosting is promised open for some days from today. */
  now?: () => Date;
  /** apps/careers/dist/client: the Vite build with .vite/manifest.json. */
  careersClientDir: string;
  /** apps/careers/dist/server/entry-server.js: the careers app's server-side renderer, loaded at run time. */
  careersServerEntry: string;
};

// For the API document: these routes answer HTML, XML or text, and JSON errors when the host has no company.
const tags = ['careers-pages'];
const answer = (description: string, mediaType: string) => ({
  description,
  content: { [mediaType]: { schema: z.string() } },
});
const noCompany = { 'application/json': { schema: errorBodySchema } };
const pageResponses = {
  200: answer('The page', 'text/html'),
  404: { description: 'No company answers on this host', content: noCompany },
};

/** Hashed build files never change under their name. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const SECTION_TITLE_KEYS: Record<VacancyBodySection, string> = {
  description: 'careers.section.description',
  demand: 'careers.section.demand',
  responsibility: 'careers.section.responsibility',
  addition: 'careers.section.addition',
  working_conditions: 'careers.section.working_conditions',
};

/** The raw query string of a request URL, with its '?' ('' when there is none). */
function splitUrl(url: string): { pathname: string; search: string } {
  const index = url.indexOf('?');
  return index === -1
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, index), search: url.slice(index) };
}

/** The filters of the page's own query, for the server-rendered first page (spec §2.1). */
function readListQuery(request: FastifyRequest): VacancyListQuery {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const parsed = vacancyListQuerySchema.safeParse({ ...query, page: 1, per_page: LIST_PER_PAGE });
  return parsed.success ? parsed.data : { page: 1, per_page: LIST_PER_PAGE };
}

/** Canonical URL and hreflang alternates: `?lang=xx` per language, the bare URL as x-default. */
function buildLanguageUrls(request: FastifyRequest, company: Company, pathname: string) {
  const base = `${originOf(request)}${pathname}`;
  const offered = listOfferedLocales(company);
  const lang = ((request.query ?? {}) as Record<string, unknown>).lang;
  const explicit = offered.find((locale) => locale === lang);
  const alternates =
    offered.length > 1
      ? [
          ...offered.map((locale) => ({ hreflang: locale, href: `${base}?lang=${locale}` })),
          { hreflang: 'x-default', href: base },
        ]
      : [];
  return { canonicalUrl: explicit ? `${base}?lang=${explicit}` : base, alternates };
}

function absoluteUrl(url: string | null, origin: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, origin).href;
  } catch {
    return null;
  }
}

type PageView =
  | { kind: 'list'; list: VacancyListResponse }
  | { kind: 'details'; vacancy: VacancyDetails }
  | { kind: 'notFound'; vacancyId: number | null };

function describePage(
  view: PageView,
  company: Company,
  t: Translate,
): { title: string; description: string } {
  const title = (page: string) => t('careers.meta.title', { page, company: company.name });
  if (view.kind === 'list') {
    return {
      title: title(t('careers.title')),
      description: t('careers.meta.list_description', { count: view.list.meta.total, company: company.name }),
    };
  }
  if (view.kind === 'notFound') {
    return { title: title(t('careers.not_found.title')), description: t('careers.not_found.text') };
  }
  const { vacancy } = view;
  const text = htmlToPlainText(vacancy.description ?? vacancy.responsibility ?? vacancy.demand ?? '');
  return {
    title: title(vacancy.name),
    description: truncateText(
      text || t('careers.meta.vacancy_description', { vacancy: vacancy.name, company: company.name }),
    ),
  };
}

/** The careers site's pages (spec §2.1–2.3), sitemap, robots.txt and the client build's files. */
export const careersPagesRoutes: FastifyPluginAsync<CareersPagesOptions> = async (app, opts) => {
  // The response schemas below are zod, like every route's; the app sets zod's serializer for all,
  // and this plugin sets it for its own routes too, so it also works registered on its own.
  app.setSerializerCompiler(serializerCompiler);
  const { db } = opts;
  const readAssets = createCareersAssetsReader(opts.careersClientDir);
  const loadRenderer = createCareersRendererLoader(opts.careersServerEntry);
  const now = opts.now ?? (() => new Date());
  // The logo's URL with its content hash, by company and logo: a logo URL names one file for good.
  const logoUrls = new Map<string, string | null>();
  async function findLogoUrl(company: Company): Promise<string | null> {
    const key = `${company.id}:${company.logoUrl}`;
    const known = logoUrls.get(key);
    if (known !== undefined) return known;
    const url = await versionLogoUrl(db, company.id, company.logoUrl);
    if (logoUrls.size >= 10_000) logoUrls.clear();
    logoUrls.set(key, url);
    return url;
  }

  await app.register(fastifyStatic, {
    root: opts.careersClientDir,
    prefix: CAREERS_STATIC_PREFIX,
    decorateReply: false,
    index: false,
    // The build writes .br and .gz beside each file (tooling/vite-precompress.ts).
    preCompressed: true,
    // The build manifest (.vite/manifest.json) is for this server, not for browsers.
    allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    // Only the hashed output under assets/ may be cached for good; anything else is revalidated.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashed ? IMMUTABLE_CACHE : 'no-cache');
    },
  });

  async function sendPage(request: FastifyRequest, reply: FastifyReply, found: Company, view: PageView) {
    // Pages link the logo under its content's hash, cached for good (issue 18).
    const company: Company = { ...found, logoUrl: await findLogoUrl(found) };
    const locale: Locale = localeOf(request);
    const t = translatorFor(request);
    const origin = originOf(request);
    const { pathname, search } = splitUrl(request.url);
    const isNotFound = view.kind === 'notFound';
    const vacancyId =
      view.kind === 'details' ? view.vacancy.id : view.kind === 'notFound' ? view.vacancyId : null;
    const pageData = buildCareersPageData(company, { locale, vacancyId, notFound: isNotFound });
    const initialData: CareersInitialData =
      view.kind === 'list'
        ? { kind: 'list', list: view.list }
        : view.kind === 'details'
          ? { kind: 'details', vacancy: view.vacancy }
          : { kind: 'none' };
    const renderCareersApp = await loadRenderer();
    const appHtml = renderCareersApp({ pageData, initialData, pathname, search });

    const { title, description } = describePage(view, company, t);
    const { canonicalUrl, alternates } = buildLanguageUrls(request, company, pathname);
    const logoUrl = absoluteUrl(company.logoUrl, origin);
    const headTags = renderHeadTags({
      title,
      description,
      canonicalUrl: isNotFound ? null : canonicalUrl,
      alternates,
      isIndexable: company.indexing && !isNotFound,
      siteName: company.name,
      locale,
      imageUrl: logoUrl,
      themeColor: company.colorHeader,
    });
    const jsonLd =
      view.kind === 'details'
        ? buildJobPostingJsonLd({
            vacancy: view.vacancy,
            url: canonicalUrl,
            // sameAs names the company's own site, and the careers settings have no field for it:
            // left out rather than pointed back at the careers page, which says nothing.
            company: {
              name: company.name,
              url: null,
              logoUrl,
              country: await findCompanyCountry(db, company.id),
            },
            now: now(),
            salaryRange: await findPublishedSalaryRange(db, company.id, view.vacancy.id),
            sectionTitles: Object.fromEntries(
              Object.entries(SECTION_TITLE_KEYS).map(([section, key]) => [section, t(key)]),
            ) as Record<VacancyBodySection, string>,
          })
        : null;

    const html = renderCareersDocument({
      locale,
      headTags,
      appHtml,
      pageData,
      initialData,
      jsonLd,
      assets: await readAssets(),
    });
    if (!company.indexing) reply.header('x-robots-tag', 'noindex, nofollow');
    reply
      .code(isNotFound ? 404 : 200)
      .header('content-type', 'text/html; charset=utf-8')
      // Pages follow vacancy changes at once; the hashed assets they link are what gets cached.
      .header('cache-control', 'no-cache')
      .header('content-language', locale)
      .header('vary', 'Accept-Language, Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compressHtml(html, encoding));
  }

  app.get(
    routePattern('careers.home'),
    {
      schema: {
        tags,
        summary: 'Redirects to the careers list, keeping the query',
        response: { 302: z.null().describe('To /careers') },
      },
    },
    async (request, reply) => reply.redirect(`/careers${splitUrl(request.url).search}`, 302),
  );

  app.get(
    routePattern('careers.vacancies'),
    { schema: { tags, summary: 'The careers list page', response: pageResponses } },
    async (request, reply) => {
      const company = requireCompany(request);
      const list = await listPublicVacancies(db, company, readListQuery(request), originOf(request));
      return sendPage(request, reply, company, { kind: 'list', list });
    },
  );

  app.get<{ Params: { id: string } }>(
    routePattern('careers.vacancies.one'),
    {
      schema: {
        tags,
        summary: "A vacancy's page",
        response: {
          ...pageResponses,
          404: {
            description: 'No such open vacancy (a page saying so), or no company on this host',
            content: { 'text/html': { schema: z.string() }, ...noCompany },
          },
        },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const id = parseVacancyId(request.params.id);
      const vacancy = id === null ? null : await findPublicVacancy(db, company, id, originOf(request));
      if (!vacancy) return sendPage(request, reply, company, { kind: 'notFound', vacancyId: id });
      return sendPage(request, reply, company, { kind: 'details', vacancy });
    },
  );

  app.get(
    routePattern('careers.sitemap'),
    {
      schema: {
        tags,
        summary: 'The sitemap of the careers site: the list and every open vacancy',
        response: {
          200: answer('The sitemap', 'application/xml'),
          404: {
            description: 'The company keeps its site out of search engines, or no company on this host',
            content: { 'text/plain': { schema: z.string() }, ...noCompany },
          },
        },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      if (!company.indexing) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
      const origin = originOf(request);
      const offered = listOfferedLocales(company);
      const withAlternates = (url: string) => ({
        loc: url,
        alternates:
          offered.length > 1
            ? [
                ...offered.map((locale) => ({ hreflang: locale, href: `${url}?lang=${locale}` })),
                { hreflang: 'x-default', href: url },
              ]
            : [],
      });
      const vacancies = await listPublishedVacancyIds(db, company.id);
      const newest = vacancies.reduce<string | undefined>(
        (latest, vacancy) => (latest && latest > vacancy.updated_at ? latest : vacancy.updated_at),
        undefined,
      );
      const xml = buildSitemapXml([
        { ...withAlternates(`${origin}/careers`), lastmod: newest },
        ...vacancies.map((vacancy) => ({
          ...withAlternates(`${origin}/careers/${vacancy.id}`),
          lastmod: vacancy.updated_at,
        })),
      ]);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(xml);
    },
  );

  app.get(
    routePattern('careers.robots'),
    {
      schema: {
        tags,
        summary: 'robots.txt: whether search engines may index the site, and where its sitemap is',
        response: { 200: answer('robots.txt', 'text/plain'), 404: pageResponses[404] },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const text = buildRobotsTxt({
        indexing: company.indexing,
        sitemapUrl: `${originOf(request)}/sitemap.xml`,
      });
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(text);
    },
  );
};
