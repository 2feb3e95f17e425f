import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  tagInputSchema,
  tagListResponseSchema,
  tagResponseSchema,
} from '@kadry/shared/schemas/recruiting-tags';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import { changeTag, createTag, listTags, removeTag, type TagContext } from './tags.service';

export type TagsRoutesOptions = { db: Db };

const config = { plan: 'ats' as const };
const tags = ['tags'];
const errors = errorResponses(...STAFF_ERRORS);

/** The company's recruiting tags (Vacancy.Tag), put on applications. */
export const tagsRoutes: FastifyPluginAsync<TagsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<TagContext> {
    return { db: opts.db, access: await getAccess(request) };
  }

  routes.get(
    routePattern('recruiting.tags'),
    {
      config,
      schema: {
        tags,
        summary: "The company's tags by name, with how many applications carry each",
        description:
          'For roles that see tags (Vacancy.Tag view) or candidates (Candidate view). `can_update` and ' +
          "`can_delete` say whether the user's Vacancy.Tag levels reach the tag (its maker owns it).",
        response: { 200: tagListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listTags(await contextOf(request)) }),
  );

  routes.post(
    routePattern('recruiting.tags'),
    {
      config,
      schema: {
        tags,
        summary: 'Create a tag (Vacancy.Tag create)',
        description: 'The name is unique in the company whatever its case (422 under `name`).',
        body: tagInputSchema,
        response: { 201: tagResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createTag(await contextOf(request), request.body) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.tags.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Rename or recolour a tag (Vacancy.Tag update); also POST with _method=PUT',
        params: idParamsSchema,
        body: tagInputSchema,
        response: { 200: tagResponseSchema, ...errors, ...errorResponses(404, 422) },
      },
    },
    async (request) => ({
      data: await changeTag(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('recruiting.tags.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a tag (Vacancy.Tag delete); it comes off every application',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await removeTag(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
