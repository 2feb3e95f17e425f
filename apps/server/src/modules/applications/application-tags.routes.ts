import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  applicationTagInputSchema,
  applicationTagParamsSchema,
  applicationTagsResponseSchema,
} from '@kadry/shared/schemas/recruiting-tags';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import { addApplicationTag, removeApplicationTag } from './application-tags.service';

export type ApplicationTagsRoutesOptions = { db: Db };

const config = { plan: 'ats' as const };
const tags = ['applications'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/** Tags on applications, one at a time from the card (one tag on many, undoable: application-bulk.routes.ts). */
export const applicationTagsRoutes: FastifyPluginAsync<ApplicationTagsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest) {
    return { db: opts.db, access: await getAccess(request) };
  }

  routes.post(
    routePattern('recruiting.applications.tags'),
    {
      config,
      schema: {
        tags,
        summary: 'Put a company tag on an application (Candidate update); answers its tags',
        description:
          'Recorded in the history (tag added). A tag it carries already changes nothing; a tag the ' +
          'company does not have is a 422 under `tag_id`.',
        params: idParamsSchema,
        body: applicationTagInputSchema,
        response: { 200: applicationTagsResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({
      data: await addApplicationTag(await contextOf(request), request.params.id, request.body.tag_id),
    }),
  );

  routes.delete(
    routePattern('recruiting.applications.tags.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Take a tag off an application (Candidate update); answers its tags',
        description: 'Recorded in the history (tag removed) when it carried the tag.',
        params: applicationTagParamsSchema,
        response: { 200: applicationTagsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await removeApplicationTag(await contextOf(request), request.params.id, request.params.tagId),
    }),
  );
};
