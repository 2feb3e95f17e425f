import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import { formDefinitionResponseSchema } from '@kadry/shared/schemas/form';
import {
  formInputSchema,
  formListResponseSchema,
  formPreviewInputSchema,
  staffFormResponseSchema,
} from '@kadry/shared/schemas/recruiting';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import type { PublicCache } from '../../lib/public-cache';
import { getAccess, requireAbility } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import { staffLocaleOf } from '../../plugins/session';
import {
  createForm,
  type FormContext,
  getForm,
  listCompanyForms,
  previewForm,
  removeForm,
  requireFormEditing,
  updateForm,
} from './forms.service';

export type FormsRoutesOptions = { db: Db; cache: PublicCache };

const config = { plan: 'ats' as const };
const tags = ['forms'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/** Application forms (the company default and per-vacancy ones), under the Vacancy.CareerSite permission. */
export const formsRoutes: FastifyPluginAsync<FormsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = opts;

  async function contextOf(request: FastifyRequest): Promise<FormContext> {
    return { db, access: await getAccess(request), cache };
  }

  routes.get(
    routePattern('recruiting.forms'),
    {
      config,
      schema: { tags, summary: 'Application forms', response: { 200: formListResponseSchema, ...errors } },
    },
    async (request) => ({ data: await listCompanyForms(await contextOf(request)) }),
  );

  routes.post(
    routePattern('recruiting.forms'),
    {
      config,
      schema: {
        tags,
        summary: 'Create an application form',
        body: formInputSchema,
        response: { 201: staffFormResponseSchema, ...errors, ...errorResponses(422) },
      },
      // Before validation, so a role that may not create forms learns nothing from 422s.
      preValidation: async (request) => {
        await requireAbility(request, 'Vacancy.CareerSite', 'create');
      },
    },
    async (request, reply) => {
      const form = await createForm(await contextOf(request), request.body);
      return reply.code(201).send({ data: form });
    },
  );

  routes.post(
    routePattern('recruiting.forms.preview'),
    {
      config,
      schema: {
        tags,
        summary: "The builder's preview: unsaved fields as the careers form would get them",
        description: 'Nothing is stored; dictionary options come in the signed-in user’s language.',
        body: formPreviewInputSchema,
        response: { 200: formDefinitionResponseSchema, ...errors, ...errorResponses(422) },
      },
      preValidation: async (request) => {
        requireFormEditing(await getAccess(request));
      },
    },
    async (request) => ({
      fields: await previewForm(await contextOf(request), request.body, staffLocaleOf(request)),
    }),
  );

  routes.get(
    routePattern('recruiting.forms.one'),
    {
      config,
      schema: {
        tags,
        summary: 'One application form with its fields',
        params: idParamsSchema,
        response: { 200: staffFormResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getForm(await contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.forms.one'),
    {
      config,
      schema: {
        tags,
        summary:
          'Replace an application form (name, default flag, the whole field list); also POST with _method=PUT',
        params: idParamsSchema,
        body: formInputSchema,
        response: { 200: staffFormResponseSchema, ...errors, ...errorResponses(422) },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'Vacancy.CareerSite', 'update');
      },
    },
    async (request) => ({
      data: await updateForm(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('recruiting.forms.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete an application form (409 for the default form)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await removeForm(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
