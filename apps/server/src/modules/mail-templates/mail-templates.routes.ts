import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  mailSettingsInputSchema,
  mailSettingsResponseSchema,
  mailTemplateInputSchema,
  mailTemplateListQuerySchema,
  mailTemplateListResponseSchema,
  mailTemplateResponseSchema,
} from '@kadry/shared/schemas/recruiting-mail';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  changeMailSettings,
  changeTemplate,
  createTemplate,
  getMailSettings,
  listTemplates,
  type MailTemplateContext,
  removeTemplate,
} from './mail-templates.service';

export type MailTemplatesRoutesOptions = { db: Db };

const config = { plan: 'ats' as const };
const tags = ['mail-templates'];
const errors = errorResponses(...STAFF_ERRORS);

/** Candidate mail templates and the automatic acknowledgement setting (issue 17). */
export const mailTemplatesRoutes: FastifyPluginAsync<MailTemplatesRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  async function contextOf(request: FastifyRequest): Promise<MailTemplateContext> {
    return { db, access: await getAccess(request) };
  }

  routes.get(
    routePattern('recruiting.mailTemplates'),
    {
      config,
      schema: {
        tags,
        summary: "The company's candidate mail templates",
        description:
          'For whoever works on candidates (Candidate update) or sees templates (Template view). Seeded ' +
          'with acknowledgement, rejection and general templates in en, ru and uk the first time.',
        querystring: mailTemplateListQuerySchema,
        response: { 200: mailTemplateListResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({ data: await listTemplates(await contextOf(request), request.query) }),
  );

  routes.post(
    routePattern('recruiting.mailTemplates'),
    {
      config,
      schema: {
        tags,
        summary: 'Create a candidate mail template (Template create at to_all)',
        description:
          'The body is sanitised HTML; placeholders {candidate_name} {vacancy} {company} {interview_time} {sender}.',
        body: mailTemplateInputSchema,
        response: { 201: mailTemplateResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createTemplate(await contextOf(request), request.body) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.mailTemplates.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Change a candidate mail template (Template update at to_all); also POST with _method=PUT',
        params: idParamsSchema,
        body: mailTemplateInputSchema,
        response: { 200: mailTemplateResponseSchema, ...errors, ...errorResponses(404, 422) },
      },
    },
    async (request) => ({
      data: await changeTemplate(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('recruiting.mailTemplates.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a candidate mail template (Template delete at to_all)',
        description: 'Mail already sent with it keeps its text.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await removeTemplate(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('recruiting.mailSettings'),
    {
      config,
      schema: {
        tags,
        summary: "The company's candidate mail settings",
        response: { 200: mailSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getMailSettings(await contextOf(request)) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.mailSettings'),
    {
      config,
      schema: {
        tags,
        summary: 'Change the candidate mail settings (Template update at to_all); also POST with _method=PUT',
        description:
          '`auto_acknowledge`: send the acknowledgement template when someone applies (on by default).',
        body: mailSettingsInputSchema,
        response: { 200: mailSettingsResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({ data: await changeMailSettings(await contextOf(request), request.body) }),
  );
};
