import { routePattern } from '@kadry/shared/routes';
import {
  absenceFeedResponseSchema,
  absenceFeedsResponseSchema,
  absenceFeedTokenParamsSchema,
  createAbsenceFeedBodySchema,
  createdAbsenceFeedResponseSchema,
} from '@kadry/shared/schemas/absence-reports';
import { fileResponseSchema, idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/tables';
import { getAccess, requireAbility } from '../../../plugins/access/access';
import { requireCompany } from '../../../plugins/company-resolver';
import { createFeed, type FeedsContext, listFeeds, renderFeed, revokeFeed } from './feeds.service';

export type AbsenceFeedsRoutesOptions = { db: Db; now: () => Date };

const tags = ['absences'];
const config = { plan: 'hrm' as const };
const errors = errorResponses(...STAFF_ERRORS, 404, 422);

/** The origin the feed's URL starts with: the trusted link origin, else the host this request came to. */
function originOf(request: FastifyRequest): string {
  return request.linkOrigin ?? `${request.protocol}://${request.host}`;
}

/** iCal feeds of absences: made, listed and revoked by staff; read by calendar apps with the secret. */
export const absenceFeedsRoutes: FastifyPluginAsync<AbsenceFeedsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<FeedsContext> {
    return { db: opts.db, access: await getAccess(request), now: opts.now };
  }

  routes.get(
    routePattern('absences.feeds'),
    {
      config,
      schema: {
        tags,
        summary: 'The user’s live iCal feeds (never their secret URLs)',
        response: { 200: absenceFeedsResponseSchema, ...errors },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'AbsenceRequest', 'view');
      },
    },
    async (request) => ({ data: await listFeeds(await contextOf(request)) }),
  );

  routes.post(
    routePattern('absences.feeds'),
    {
      config,
      schema: {
        tags,
        summary: 'Make an iCal feed of absences (its secret URL is answered this once)',
        description:
          'Scope `person` (employee_id, default the user’s own; 422 for one whose absences the user does not see), `team` (team_id, with the teams below it) or `company` (needs the AbsenceRequest view level to_all); `type_codes` filters (empty: every type). Only the SHA-256 of the token is stored.',
        body: createAbsenceFeedBodySchema,
        response: { 201: createdAbsenceFeedResponseSchema, ...errors },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'AbsenceRequest', 'view');
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ data: await createFeed(await contextOf(request), request.body, originOf(request)) }),
  );

  routes.post(
    routePattern('absences.feeds.revoke'),
    {
      config,
      schema: {
        tags,
        summary: 'Revoke one of the user’s feeds (its URL answers 404 from then on)',
        params: idParamsSchema,
        response: { 200: absenceFeedResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await revokeFeed(await contextOf(request), request.params.id) }),
  );

  routes.get(
    routePattern('absences.feeds.ics'),
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'An iCal feed (public: the secret token is the key; text/calendar)',
        description:
          'All-day events (DTSTART and DTEND as dates, DTEND exclusive) of the approved absences the feed’s creator may still see, from a year back to two years ahead; half days are said in the summary; UIDs are stable. 404 for an unknown or revoked token.',
        params: absenceFeedTokenParamsSchema,
        response: { 200: fileResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const body = await renderFeed(opts.db, company.id, request.params.token, opts.now());
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
