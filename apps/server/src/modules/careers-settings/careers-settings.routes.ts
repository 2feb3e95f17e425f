import { routePattern } from '@kadry/shared/routes';
import { fileResponseSchema, objectIdParamSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import { careersSettingsInputSchema, careersSettingsResponseSchema } from '@kadry/shared/schemas/recruiting';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { readLimitedParts } from '../../lib/multipart-body';
import type { PublicCache } from '../../lib/public-cache';
import { getAccess } from '../../plugins/access/access';
import { originOf } from '../../plugins/company-resolver';
import { registerPutRoute } from '../../plugins/method-override';
import type { FileStore } from '../../storage/file-store';
import {
  type CareersSettingsContext,
  findCurrentLogo,
  getCareersSettings,
  LOGO_MAX_BYTES,
  LOGO_PATH,
  LOGO_VERSIONED_PATH,
  requireSettingsAccess,
  updateCareersSettings,
  uploadLogo,
} from './careers-settings.service';

export type CareersSettingsRoutesOptions = {
  db: Db;
  cache: PublicCache;
  fileStore: FileStore;
  /** The logo upload's minimum rate (UPLOAD_MIN_BYTES_PER_SEC); 0 = none. */
  uploadMinBytesPerSec?: number;
};

/** The logo upload is one file part, `logo`; a few small text parts are tolerated (and ignored). */
const LOGO_BODY_LIMITS = { textParts: 4, valueBytes: 1_024, textBytes: 4_096 };

const config = { plan: 'ats' as const };
const tags = ['careers-settings'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/** Careers-site settings: name, logo, colours, indexing, consent page, captcha, languages. */
export const careersSettingsRoutes: FastifyPluginAsync<CareersSettingsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, cache, fileStore } = opts;

  async function contextOf(request: FastifyRequest): Promise<CareersSettingsContext> {
    return {
      db,
      access: await getAccess(request),
      cache,
      forgetCachedCompanies: () => app.forgetCachedCompanies(),
      origin: originOf(request),
    };
  }

  routes.get(
    routePattern('recruiting.careersSettings'),
    {
      config,
      schema: {
        tags,
        summary: 'The careers-site settings (the captcha secret is never sent)',
        response: { 200: careersSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getCareersSettings(await contextOf(request)) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.careersSettings'),
    {
      config,
      schema: {
        tags,
        summary: 'Change the careers-site settings (company-wide update level); also POST with _method=PUT',
        body: careersSettingsInputSchema,
        response: { 200: careersSettingsResponseSchema, ...errors, ...errorResponses(422) },
      },
      // Permission before validation: someone who may not change the settings learns nothing from a 422.
      preValidation: async (request) => {
        requireSettingsAccess(await getAccess(request), 'update');
      },
    },
    async (request) => ({ data: await updateCareersSettings(await contextOf(request), request.body) }),
  );

  routes.post(
    routePattern('recruiting.careersSettings.logo'),
    {
      config,
      schema: {
        tags,
        summary: 'Upload the careers-site logo (multipart field `logo`: PNG, JPEG or SVG up to 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: careersSettingsResponseSchema, ...errors, ...errorResponses(413, 415, 422) },
      },
    },
    async (request) => {
      const ctx = await contextOf(request);
      requireSettingsAccess(ctx.access, 'update');
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      let bytes: Buffer | null = null;
      const parts = request.parts({
        limits: {
          fileSize: LOGO_MAX_BYTES,
          files: 1,
          fields: LOGO_BODY_LIMITS.textParts,
          fieldSize: LOGO_BODY_LIMITS.valueBytes,
          parts: LOGO_BODY_LIMITS.textParts + 1,
        },
      });
      const limits = {
        maxTextBytes: LOGO_BODY_LIMITS.textBytes,
        minBytesPerSec: opts.uploadMinBytesPerSec ?? 0,
      };
      for await (const part of readLimitedParts(request.raw, parts, limits)) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'logo' || bytes) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('file_too_large');
      }
      return { data: await uploadLogo(ctx, fileStore, bytes) };
    },
  );

  // Public: the careers page shows the logo. Only the company's current logo is served.
  async function sendLogo(
    request: FastifyRequest,
    reply: FastifyReply,
    fileId: number,
    version: string | undefined,
  ) {
    const logo = request.company ? await findCurrentLogo(db, request.company.id, fileId, version) : null;
    if (!logo) throw new AppError('not_found');
    return (
      reply
        .header('content-type', logo.contentType)
        .header('x-content-type-options', 'nosniff')
        // Opened on its own, an SVG runs in a sandbox with nothing allowed to load or run.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        // Under its content's hash it never changes; the plain URL is the same file id's for a day.
        .header('cache-control', version ? 'public, max-age=31536000, immutable' : 'public, max-age=86400')
        .send(await fileStore.get(logo.storageKey))
    );
  }

  routes.get(
    LOGO_PATH,
    {
      schema: {
        tags: ['careers'],
        summary: "The company's careers-site logo",
        params: z.object({ fileId: objectIdParamSchema }),
        response: { 200: fileResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => sendLogo(request, reply, request.params.fileId, undefined),
  );

  routes.get(
    LOGO_VERSIONED_PATH,
    {
      schema: {
        tags: ['careers'],
        summary: "The company's careers-site logo under its content's hash, cached for good",
        params: z.object({
          fileId: objectIdParamSchema,
          // Any other text is simply not this logo's version: 404, like a wrong id.
          version: z.string().max(64),
        }),
        response: { 200: fileResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => sendLogo(request, reply, request.params.fileId, request.params.version),
  );
};
