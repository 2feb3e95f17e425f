import { Readable } from 'node:stream';
import { routePattern } from '@kadry/shared/routes';
import { careersSettingsInputSchema, type StaffCareersSettings } from '@kadry/shared/schemas/recruiting';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { type Company, companies } from '../../db/schema/companies';
import { storedFiles } from '../../db/schema/files';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/session';
import type { FileStore } from '../../storage/file-store';
import { originOf } from '../careers/public-vacancies.routes';
import { findLevel } from '../permissions/access';
import { registerPutRoute } from '../permissions/register-put-route';
import type { RecruitingRouteOptions } from './vacancies.routes';

const config = { plan: 'ats' as const };
/** Logos are small images: PNG, JPEG or SVG up to 2 MB, judged by their bytes, not their name. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Where a company's logo is served from (public: the careers page shows it). */
export const LOGO_PATH = '/careers-logo/:fileId';

const LOGO_TYPES = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' } as const;
type LogoFormat = keyof typeof LOGO_TYPES;

/** Whether text is an SVG document (its root element is <svg>). */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}

/** SVG without scripts, event handlers, foreign content or external references. */
export function sanitiseSvg(svg: string): string {
  return sanitizeHtml(svg, {
    allowedTags: [
      'svg',
      'g',
      'path',
      'rect',
      'circle',
      'ellipse',
      'line',
      'polyline',
      'polygon',
      'text',
      'tspan',
      'defs',
      'lineargradient',
      'radialgradient',
      'stop',
      'clippath',
      'title',
      'desc',
      'use',
      'symbol',
    ],
    allowedAttributes: {
      '*': [
        'id',
        'class',
        'viewbox',
        'viewBox',
        'width',
        'height',
        'x',
        'y',
        'x1',
        'x2',
        'y1',
        'y2',
        'cx',
        'cy',
        'r',
        'rx',
        'ry',
        'd',
        'points',
        'fill',
        'fill-rule',
        'fill-opacity',
        'stroke',
        'stroke-width',
        'stroke-linecap',
        'stroke-linejoin',
        'stroke-opacity',
        'opacity',
        'transform',
        'offset',
        'stop-color',
        'stop-opacity',
        'gradientunits',
        'gradientUnits',
        'gradientTransform',
        'clip-path',
        'clip-rule',
        'font-family',
        'font-size',
        'font-weight',
        'text-anchor',
        'xmlns',
        'version',
        'preserveAspectRatio',
        'href',
        'xlink:href',
      ],
    },
    // Only in-document references (#id) survive in href.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, xmlMode: true },
  }).replace(/(xlink:)?href="(?!#)[^"]*"/g, '');
}

export function toCareersSettings(company: Company, origin: string): StaffCareersSettings {
  return {
    name: company.name,
    logo_url: company.logoUrl,
    font: company.font,
    colors: { background: company.colorBackground, header: company.colorHeader, button: company.colorButton },
    indexing: company.indexing,
    consent_page_url: company.consentPageUrl,
    captcha: {
      provider: company.captchaProvider,
      site_key: company.captchaSiteKey,
      project_id: company.captchaProjectId,
      threshold: company.captchaThreshold,
      allowed_hosts: company.captchaAllowedHosts,
      has_secret: Boolean(company.captchaSecret),
    },
    languages: company.languages,
    default_language: company.defaultLanguage,
    careers_url: `${origin}/careers`,
  };
}

/** Careers-site settings: viewing needs Vacancy.CareerSite view; changing them the company-wide update level. */
export async function registerCareersSettingsRoutes(
  app: FastifyInstance,
  opts: RecruitingRouteOptions & { fileStore: FileStore },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = opts;

  async function requireSettingsAccess(request: FastifyRequest, action: 'view' | 'update'): Promise<Company> {
    const level = await findLevel(request, 'Vacancy.CareerSite', action);
    // The settings are the company's: only a company-wide level may change them.
    if (level === 'not_visible' || (action === 'update' && level !== 'to_all'))
      throw new AppError('forbidden');
    const user = requireUser(request);
    const [company] = await db.select().from(companies).where(eq(companies.id, user.companyId));
    if (!company) throw new AppError('not_found');
    return company;
  }

  routes.get(routePattern('recruiting.careersSettings'), { config }, async (request) => {
    const company = await requireSettingsAccess(request, 'view');
    return { data: toCareersSettings(company, originOf(request)) };
  });

  registerPutRoute(
    routes,
    routePattern('recruiting.careersSettings'),
    {
      config,
      schema: { body: careersSettingsInputSchema },
      // Permission before validation: someone who may not change the settings learns nothing from a 422.
      preValidation: async (request) => {
        await requireSettingsAccess(request, 'update');
      },
    },
    async (request) => {
      const company = await requireSettingsAccess(request, 'update');
      const input = request.body;
      if (!input.languages.includes(input.default_language)) {
        throw new AppError('validation', { issues: { default_language: [{ key: 'errors.invalid_value' }] } });
      }
      const secret = input.captcha.secret;
      const [updated] = await db
        .update(companies)
        .set({
          name: input.name,
          font: input.font === '' ? null : input.font,
          colorBackground: input.colors.background,
          colorHeader: input.colors.header,
          colorButton: input.colors.button,
          indexing: input.indexing,
          consentPageUrl: input.consent_page_url,
          captchaProvider: input.captcha.provider,
          captchaSiteKey: input.captcha.site_key || null,
          captchaProjectId: input.captcha.project_id || null,
          captchaThreshold: input.captcha.threshold,
          captchaAllowedHosts: input.captcha.allowed_hosts.map((host) => host.toLowerCase()),
          ...(secret === undefined || secret === null
            ? {}
            : { captchaSecret: secret === '' ? null : secret }),
          languages: [...new Set(input.languages)],
          defaultLanguage: input.default_language,
        })
        .where(eq(companies.id, company.id))
        .returning();
      if (!updated) throw new AppError('not_found');
      cache.invalidate(company.id);
      app.forgetCachedCompanies();
      app.forgetCachedCompanies();
      return { data: toCareersSettings(updated, originOf(request)) };
    },
  );

  routes.post(routePattern('recruiting.careersSettings.logo'), { config }, async (request) => {
    const company = await requireSettingsAccess(request, 'update');
    if (!request.isMultipart()) throw new AppError('unsupported_media_type');
    let bytes: Buffer | null = null;
    for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'logo' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('file_too_large');
    }
    if (!bytes || bytes.length === 0) {
      throw new AppError('validation', { issues: { logo: [{ key: 'errors.invalid_value' }] } });
    }
    let format: LogoFormat | null = null;
    const detected = await fileTypeFromBuffer(bytes);
    if (detected?.ext === 'png') format = 'png';
    else if (detected?.ext === 'jpg') format = 'jpg';
    else if (!detected && looksLikeSvg(bytes)) {
      format = 'svg';
      bytes = Buffer.from(sanitiseSvg(bytes.toString('utf8')), 'utf8');
    }
    if (!format)
      throw new AppError('validation', { issues: { logo: [{ key: 'candidate.cv.supported_formats' }] } });
    const stored = await opts.fileStore.put(Readable.from([bytes]), { maxBytes: LOGO_MAX_BYTES * 2 });
    const [file] = await db
      .insert(storedFiles)
      .values({
        companyId: company.id,
        storageKey: stored.key,
        originalName: `logo.${format}`,
        detectedFormat: format,
        size: stored.size,
        sha256: stored.sha256,
      })
      .returning({ id: storedFiles.id });
    if (!file) throw new Error('stored file insert returned nothing');
    const logoUrl = LOGO_PATH.replace(':fileId', String(file.id));
    const [updated] = await db
      .update(companies)
      .set({ logoUrl })
      .where(eq(companies.id, company.id))
      .returning();
    if (!updated) throw new AppError('not_found');
    cache.invalidate(company.id);
    app.forgetCachedCompanies();
    return { data: toCareersSettings(updated, originOf(request)) };
  });

  // Public: the careers page shows the logo. Only the company's current logo is served.
  routes.get(
    LOGO_PATH,
    { schema: { params: z.object({ fileId: z.coerce.number().int().positive().max(2_147_483_647) }) } },
    async (request, reply) => {
      // Read fresh: the resolver's copy of the company may be a few seconds old right after an upload.
      const [company] = request.company
        ? await db.select().from(companies).where(eq(companies.id, request.company.id))
        : [];
      if (!company || company.logoUrl !== LOGO_PATH.replace(':fileId', String(request.params.fileId))) {
        throw new AppError('not_found');
      }
      const [file] = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.id, request.params.fileId), eq(storedFiles.companyId, company.id)));
      const format = file?.detectedFormat as LogoFormat | undefined;
      if (!file || !format || !(format in LOGO_TYPES)) throw new AppError('not_found');
      return (
        reply
          .header('content-type', LOGO_TYPES[format])
          .header('x-content-type-options', 'nosniff')
          // Opened on its own, an SVG runs in a sandbox with nothing allowed to load or run.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', 'public, max-age=86400, immutable')
          .send(await opts.fileStore.get(file.storageKey))
      );
    },
  );
}
