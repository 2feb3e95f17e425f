import { FILE_MAX_BYTES } from '@kadry/shared/constants';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import { formDefinitionResponseSchema, responseCreatedSchema } from '@kadry/shared/schemas/form';
import {
  vacancyDetailsResponseSchema,
  vacancyListQuerySchema,
  vacancyListResponseSchema,
} from '@kadry/shared/schemas/vacancy';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../config/env';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import {
  claimIdempotencyKey,
  type IdempotencyScope,
  keepClaimAlive,
  readIdempotencyKey,
  releaseIdempotencyKey,
} from '../../lib/idempotency';
import { readLimitedParts } from '../../lib/multipart-body';
import type { PublicCache } from '../../lib/public-cache';
import { localeOf } from '../../lib/request-locale';
import { originOf, requireCompany } from '../../plugins/company-resolver';
import type { FileStore } from '../../storage/file-store';
import type { CaptchaRegistry } from '../captcha/captcha-registry';
import { findFormDefinition } from '../forms/forms.service';
import {
  findPublicVacancy,
  findPublishedVacancyForm,
  listPublicVacancies,
  parseVacancyId,
} from './public-vacancies.service';
import { submitApplication } from './submission.service';
import { readSubmissionParts } from './submission-body';
import { measureSubmissionLimits } from './submission-limits';

export type PublicVacanciesOptions = {
  db: Db;
  env: Env;
  fileStore: FileStore;
  captcha: CaptchaRegistry;
  cache: PublicCache;
  events: EventBus;
  now: () => Date;
};

const SUBMIT_ROUTE = 'POST /api/v1/public-vacancies/:id/response';
const idParams = z.object({ id: z.string() });
const errorResponses = { 404: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

/** Sends an already serialised JSON body (cached answers skip serialisation altogether). */
function sendJson(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

/** The public careers API of spec §7.1. */
export const publicVacanciesRoutes: FastifyPluginAsync<PublicVacanciesOptions> = async (app, opts) => {
  const { db, cache } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/public-vacancies',
    {
      config: { microcache: true },
      schema: {
        tags: ['careers'],
        summary: 'Open vacancies, newest first',
        description:
          'Every query parameter of the careers page arrives here; `search` (full text), `residence` and `work_types` filter, others are ignored.',
        querystring: vacancyListQuerySchema.loose(),
        response: { 200: vacancyListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const { page, per_page, search, residence, work_types } = request.query;
      const origin = originOf(request);
      const cacheKey = `list:${origin}:${page}:${per_page}:${search ?? ''}:${residence ?? ''}:${work_types ?? ''}`;
      let body = cache.get(company.id, cacheKey);
      if (body === undefined) {
        const list = await listPublicVacancies(
          db,
          company,
          { page, per_page, search, residence, work_types },
          origin,
        );
        body = JSON.stringify(list);
        cache.set(company.id, cacheKey, body);
      }
      return sendJson(reply, body);
    },
  );

  routes.get(
    '/api/v1/public-vacancies/:id',
    {
      config: { microcache: true },
      schema: {
        tags: ['careers'],
        summary: 'One open vacancy; 404 when unknown or not published',
        params: idParams,
        response: { 200: vacancyDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const id = parseVacancyId(request.params.id);
      if (id === null) throw new AppError('vacancy_not_found');
      const origin = originOf(request);
      const cacheKey = `details:${origin}:${id}`;
      let body = cache.get(company.id, cacheKey);
      if (body === undefined) {
        const vacancy = await findPublicVacancy(db, company, id, origin);
        if (!vacancy) throw new AppError('vacancy_not_found');
        body = JSON.stringify({ data: vacancy });
        cache.set(company.id, cacheKey, body);
      }
      return sendJson(reply, body);
    },
  );

  routes.get(
    '/api/v1/public-vacancies/:id/response',
    {
      schema: {
        tags: ['careers'],
        summary: 'The application form of a vacancy',
        params: idParams,
        response: { 200: formDefinitionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const id = parseVacancyId(request.params.id);
      if (id === null) throw new AppError('vacancy_not_found');
      const locale = localeOf(request);
      const cacheKey = `form:${id}:${locale}`;
      let body = cache.get(company.id, cacheKey);
      if (body === undefined) {
        const vacancy = await findPublishedVacancyForm(db, company.id, id);
        if (!vacancy) throw new AppError('vacancy_not_found');
        body = JSON.stringify({ fields: await findFormDefinition(db, company.id, vacancy.formId, locale) });
        cache.set(company.id, cacheKey, body);
      }
      return sendJson(reply, body);
    },
  );

  routes.post(
    '/api/v1/public-vacancies/:id/response',
    {
      config: { rateLimit: { max: opts.env.RATE_LIMIT_SUBMISSIONS, timeWindow: '1 minute' } },
      schema: {
        tags: ['careers'],
        summary: 'Send an application (multipart, bracketed field names as in spec §3.1)',
        description:
          'Send `Idempotency-Key` to make retries safe: a repeated key answers the first result and never creates a second application.',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          201: responseCreatedSchema,
          409: errorBodySchema,
          413: errorBodySchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const id = parseVacancyId(request.params.id);
      if (id === null) throw new AppError('vacancy_not_found');
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      const vacancy = await findPublishedVacancyForm(db, company.id, id);
      if (!vacancy) throw new AppError('vacancy_not_found');

      const now = opts.now();
      const key = readIdempotencyKey(request.headers['idempotency-key']);
      const scope: IdempotencyScope | null = key
        ? { companyId: company.id, route: SUBMIT_ROUTE, key, requestHash: `vacancy:${id}` }
        : null;
      if (scope) {
        const claim = await claimIdempotencyKey(db, scope, now);
        if (claim.state === 'replay') {
          return reply
            .header('idempotent-replayed', 'true')
            .status(claim.statusCode)
            .send(claim.body as never);
        }
      }
      // Renewed while the upload and the work go on: only a claim whose process died goes stale.
      const stopKeepingClaim = scope ? keepClaimAlive(db, scope) : () => undefined;
      try {
        const fields = await findFormDefinition(db, company.id, vacancy.formId, localeOf(request));
        // Bounded by what this form's largest legitimate answer needs; the rest is never read (413).
        const limits = measureSubmissionLimits(fields);
        const parts = request.parts({
          limits: {
            fileSize: FILE_MAX_BYTES,
            fields: limits.textParts,
            fieldSize: limits.valueBytes,
            files: limits.fileParts,
            parts: limits.textParts + limits.fileParts,
          },
        });
        const body = await readSubmissionParts(
          readLimitedParts(request.raw, parts, {
            maxTextBytes: limits.textBytes,
            minBytesPerSec: opts.env.UPLOAD_MIN_BYTES_PER_SEC,
          }),
          fields,
          opts.fileStore,
          opts.env.UPLOAD_MIN_BYTES_PER_SEC,
        );
        const created = await submitApplication({
          db,
          fileStore: opts.fileStore,
          captcha: opts.captcha(company.captchaProvider),
          company,
          vacancyId: id,
          fields,
          body,
          remoteIp: request.ip,
          today: getTodayIsoDate(undefined, now),
          now,
          idempotency: scope,
          events: opts.events,
          linkOrigin: request.linkOrigin,
          locale: localeOf(request),
        });
        // Committed: staff hear of it now rather than at the next poll.
        opts.events.dispatchSoon();
        return reply.status(201).send(created);
      } catch (error) {
        stopKeepingClaim();
        if (scope) await releaseIdempotencyKey(db, scope).catch(() => undefined);
        throw error;
      } finally {
        stopKeepingClaim();
      }
    },
  );
};
