import { routePattern } from '@kadry/shared/routes';
import {
  analyticsEventBodySchema,
  usageExportQuerySchema,
  usageQuerySchema,
  usageResponseSchema,
} from '@kadry/shared/schemas/analytics';
import { fileResponseSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { attachmentDisposition } from '../../lib/export-table';
import { getAccess, requireOwner } from '../../plugins/access/access';
import { type AnalyticsContext, exportUsage, getUsage, recordAnalyticsEvent } from './analytics.service';

export type AnalyticsRoutesOptions = {
  db: Db;
  /** Events each signed-in user may send per minute (env RATE_LIMIT_ANALYTICS). */
  eventsPerMinute: number;
  now?: () => Date;
};

const tags = ['analytics'];
const RULE =
  'A known `event_id` (1001042: the children statistics filter; 1002001: an absence request’s type) and `event_properties` as a flat object of at most 10 keys matching ^[a-z_]{1,40}$, each a boolean, an integer within ±1,000,000 or an allow-listed enum value, and only the keys the event defines (docs/decisions/026-analytics-events.md).';

/** Analytics events (issue 15, spec §7.2) and the owners' usage page. */
export const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = opts.now ?? (() => new Date());

  async function contextOf(request: FastifyRequest): Promise<AnalyticsContext> {
    return { db: opts.db, access: await getAccess(request), now };
  }
  const ownersOnly = async (request: FastifyRequest) => {
    requireOwner(request);
  };

  routes.post(
    routePattern('analytics'),
    {
      config: {
        // Per user (after the session is known: the preHandler hook), not per address.
        rateLimit: {
          max: opts.eventsPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            `analytics:${request.company?.id ?? 0}:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Store an analytics event of the signed-in user (never personal data)',
        description: `${RULE} Anything else is a 422 and nothing is stored. Rate-limited per user (429 with Retry-After).`,
        body: analyticsEventBodySchema,
        response: { 204: z.null(), ...errorResponses(...STAFF_ERRORS, 422, 429) },
      },
    },
    async (request, reply) => {
      await recordAnalyticsEvent(await contextOf(request), request.body);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('analytics.usage'),
    {
      preValidation: ownersOnly,
      schema: {
        tags,
        summary: 'Counts of each analytics event per day or week (owners only)',
        description:
          'The period defaults to the last 30 days (the owner’s time zone) and may be at most 366 days; weeks start on Monday.',
        querystring: usageQuerySchema,
        response: { 200: usageResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) => getUsage(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('analytics.usage.export'),
    {
      preValidation: ownersOnly,
      schema: {
        tags,
        summary: 'The usage counts as CSV or XLSX (owners only)',
        description:
          'Rows: period (first day), event_id, event, count. File name in `filename` and Content-Disposition.',
        querystring: usageExportQuerySchema,
        response: { 200: fileResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request, reply) => {
      const { body, contentType, fileName } = await exportUsage(await contextOf(request), request.query);
      return reply
        .header('content-type', contentType)
        .header('filename', fileName)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
