import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  pipelineTemplateInputSchema,
  pipelineTemplateListResponseSchema,
  pipelineTemplateResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  changePipelineTemplate,
  createPipelineTemplate,
  listPipelineTemplates,
  type PipelineTemplateContext,
  removePipelineTemplate,
} from './pipeline-templates.service';

export type PipelineTemplatesRoutesOptions = { db: Db };

const config = { plan: 'ats' as const };
const tags = ['pipeline-templates'];
const errors = errorResponses(...STAFF_ERRORS);

/** The company's pipeline templates (issue 17): chosen when a vacancy is created. */
export const pipelineTemplatesRoutes: FastifyPluginAsync<PipelineTemplatesRoutesOptions> = async (
  app,
  opts,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<PipelineTemplateContext> {
    return { db: opts.db, access: await getAccess(request) };
  }

  routes.get(
    routePattern('recruiting.pipelineTemplates'),
    {
      config,
      schema: {
        tags,
        summary: "The company's pipeline templates, by name",
        description:
          'For whoever creates or edits vacancies, or sees pipelines (Vacancy.Stage view); `meta.can_manage` ' +
          'says whether the user may change them (Vacancy.Stage at to_all).',
        response: { 200: pipelineTemplateListResponseSchema, ...errors },
      },
    },
    async (request) => listPipelineTemplates(await contextOf(request)),
  );

  routes.post(
    routePattern('recruiting.pipelineTemplates'),
    {
      config,
      schema: {
        tags,
        summary: 'Create a pipeline template (Vacancy.Stage create at to_all)',
        description: '422 when the company has a template of that name (any case) or a stage name twice.',
        body: pipelineTemplateInputSchema,
        response: { 201: pipelineTemplateResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createPipelineTemplate(await contextOf(request), request.body) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.pipelineTemplates.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Rename a pipeline template or change its stages; also POST with _method=PUT',
        description: 'Vacancies made from it keep their own stages.',
        params: idParamsSchema,
        body: pipelineTemplateInputSchema,
        response: { 200: pipelineTemplateResponseSchema, ...errors, ...errorResponses(404, 422) },
      },
    },
    async (request) => ({
      data: await changePipelineTemplate(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('recruiting.pipelineTemplates.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a pipeline template (vacancies made from it keep their stages)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await removePipelineTemplate(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
