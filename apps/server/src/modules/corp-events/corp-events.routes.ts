import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import {
  corpEventInputSchema,
  corpEventResponseSchema,
  corpEventsQuerySchema,
  corpEventsResponseSchema,
  corpEventsWidgetQuerySchema,
  corpEventsWidgetResponseSchema,
} from '@kadry/shared/schemas/corp-events';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  type CorpEventsContext,
  createCorpEvent,
  deleteCorpEvent,
  getCorpEvent,
  listCorpEvents,
  listMyUpcomingCorpEvents,
  updateCorpEvent,
} from './corp-events.service';

export type CorpEventsRoutesOptions = { db: Db; now: () => Date };

const config = { plan: 'hrm' as const };
const tags = ['corp-events'];
const listErrors = errorResponses(...STAFF_ERRORS, 422);
const oneErrors = errorResponses(...STAFF_ERRORS, 404);
const writeErrors = errorResponses(...STAFF_ERRORS, 404, 422);
const RULES =
  'Who sees and changes an event: docs/decisions/025-questions-to-hr.md (the CorpEvent levels; the audience is everyone, or the members of the chosen teams and of every team below them).';

/** Corporate events (issue 15): the company calendar, its screen and its dashboard widget. */
export const corpEventsRoutes: FastifyPluginAsync<CorpEventsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<CorpEventsContext> {
    return {
      db: opts.db,
      access: await getAccess(request),
      tariffs: request.company?.tariffs ?? [],
      now: opts.now,
    };
  }

  routes.get(
    routePattern('dashboard.corpEvents'),
    {
      config,
      schema: {
        tags: ['dashboard', ...tags],
        summary: 'The upcoming corporate events the user is in the audience of (the widget)',
        description:
          'Soonest first, `per_page` from the widget’s limit; `meta.total` counts them all. Needs the Dashboard and CorpEvent views (the corpEvents widget of dashboard-widgets.ts).',
        querystring: corpEventsWidgetQuerySchema,
        response: { 200: corpEventsWidgetResponseSchema, ...listErrors },
      },
    },
    async (request) => listMyUpcomingCorpEvents(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('corpEvents.all'),
    {
      config,
      schema: {
        tags,
        summary: 'The corporate events the user sees: upcoming, past, or those meeting a month',
        description: `\`period=upcoming\` (not ended yet, soonest first), \`past\` (latest first) or \`month\` with \`month=YYYY-MM\` (events meeting that month by their local dates, in order). ${RULES}`,
        querystring: corpEventsQuerySchema,
        response: { 200: corpEventsResponseSchema, ...listErrors },
      },
    },
    async (request) => listCorpEvents(await contextOf(request), request.query),
  );

  routes.post(
    routePattern('corpEvents.all'),
    {
      config,
      schema: {
        tags,
        summary: 'Add a corporate event; its audience is notified',
        description: `Local dates (and times unless \`all_day\`) in \`time_zone\`. Below CorpEvent create to_all the audience must be teams within the user’s “my team” reach (422 under \`audience\` / \`team_ids\`). ${RULES}`,
        body: corpEventInputSchema,
        response: { 201: corpEventResponseSchema, ...listErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createCorpEvent(await contextOf(request), request.body) }),
  );

  routes.get(
    routePattern('corpEvents.one'),
    {
      config,
      schema: {
        tags,
        summary: 'One corporate event',
        description: `404 for an event the user may not see. ${RULES}`,
        params: idParamsSchema,
        response: { 200: corpEventResponseSchema, ...oneErrors },
      },
    },
    async (request) => ({ data: await getCorpEvent(await contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('corpEvents.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Change a corporate event; also POST with _method=PUT',
        description: `403 when the CorpEvent update level does not reach its author (own, my team’s, anyone’s). ${RULES}`,
        params: idParamsSchema,
        body: corpEventInputSchema,
        response: { 200: corpEventResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      data: await updateCorpEvent(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('corpEvents.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a corporate event',
        description: `403 when the CorpEvent delete level does not reach its author. ${RULES}`,
        params: idParamsSchema,
        response: { 204: z.null(), ...oneErrors },
      },
    },
    async (request, reply) => {
      await deleteCorpEvent(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
