import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  savedViewInputSchema,
  savedViewListResponseSchema,
  savedViewResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  changeSavedView,
  createSavedView,
  listSavedViews,
  removeSavedView,
  type SavedViewContext,
} from './saved-views.service';

export type SavedViewsRoutesOptions = { db: Db };

const config = { plan: 'ats' as const };
const tags = ['saved-views'];
const errors = errorResponses(...STAFF_ERRORS);

/** Each user's saved views of the candidates (issue 17): personal, never shared. */
export const savedViewsRoutes: FastifyPluginAsync<SavedViewsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<SavedViewContext> {
    return { db: opts.db, access: await getAccess(request) };
  }

  routes.get(
    routePattern('recruiting.savedViews'),
    {
      config,
      schema: {
        tags,
        summary: "The signed-in user's saved views of the candidates, by name",
        description: 'For whoever sees candidates (Candidate view); 403 otherwise.',
        response: { 200: savedViewListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listSavedViews(await contextOf(request)) }),
  );

  routes.post(
    routePattern('recruiting.savedViews'),
    {
      config,
      schema: {
        tags,
        summary: 'Save a view: a name, the list filters with sorting, list or board',
        description:
          '422 when the user has a view of that name (any case) or too many views; a board needs a vacancy.',
        body: savedViewInputSchema,
        response: { 201: savedViewResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createSavedView(await contextOf(request), request.body) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.savedViews.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Rename a saved view or replace its filters; also POST with _method=PUT',
        description: "Someone else's view is not found (404).",
        params: idParamsSchema,
        body: savedViewInputSchema,
        response: { 200: savedViewResponseSchema, ...errors, ...errorResponses(404, 422) },
      },
    },
    async (request) => ({
      data: await changeSavedView(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('recruiting.savedViews.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a saved view',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await removeSavedView(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
