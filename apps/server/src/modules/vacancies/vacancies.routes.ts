import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  namedItemsResponseSchema,
  staffVacancyListQuerySchema,
  staffVacancyListResponseSchema,
  staffVacancyResponseSchema,
  stagesInputSchema,
  stagesResponseSchema,
  vacancyCreateInputSchema,
  vacancyInputSchema,
} from '@kadry/shared/schemas/recruiting';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import type { PublicCache } from '../../lib/public-cache';
import { getAccess, requireAbility } from '../../plugins/access/access';
import { originOf } from '../../plugins/company-resolver';
import { registerPutRoute } from '../../plugins/method-override';
import {
  copyVacancy,
  createVacancy,
  deleteVacancy,
  getVacancy,
  listVacancies,
  listVacancyPickers,
  listVacancyStages,
  replaceVacancyStages,
  setVacancyPublished,
  updateVacancy,
  type VacancyContext,
} from './vacancies.service';

export type VacanciesRoutesOptions = { db: Db; cache: PublicCache; now: () => Date; events: EventBus };

const config = { plan: 'ats' as const };
const tags = ['vacancies'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/** Vacancies as staff see them: the recruiting plan, the Vacancy permission, salary per fields_view. */
export const vacanciesRoutes: FastifyPluginAsync<VacanciesRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = opts;

  async function contextOf(request: FastifyRequest): Promise<VacancyContext> {
    return {
      db,
      access: await getAccess(request),
      now: opts.now(),
      cache,
      origin: originOf(request),
      events: opts.events,
    };
  }

  routes.get(
    routePattern('recruiting.vacancies'),
    {
      config,
      schema: {
        tags,
        summary: 'Vacancies the user may see, newest first',
        querystring: staffVacancyListQuerySchema,
        response: { 200: staffVacancyListResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => listVacancies(await contextOf(request), request.query),
  );

  routes.post(
    routePattern('recruiting.vacancies'),
    {
      config,
      schema: {
        tags,
        summary: 'Create a vacancy (unpublished, with the given stages or the default pipeline)',
        description:
          "`stages`: the pipeline's stage names in order (a pipeline template, edited on the same screen); " +
          'without it the vacancy gets New, Screening, Interview, Offer, Hired, Rejected.',
        body: vacancyCreateInputSchema,
        response: { 201: staffVacancyResponseSchema, ...errors, ...errorResponses(422) },
      },
      // Permission before validation: a role that may not create learns nothing from a 422.
      preValidation: async (request) => {
        await requireAbility(request, 'Vacancy', 'create');
      },
    },
    async (request, reply) => {
      const vacancy = await createVacancy(await contextOf(request), request.body);
      return reply.code(201).send({ data: vacancy });
    },
  );

  routes.get(
    routePattern('recruiting.vacancies.one'),
    {
      config,
      schema: {
        tags,
        summary: 'One vacancy',
        params: idParamsSchema,
        response: { 200: staffVacancyResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getVacancy(await contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.vacancies.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Edit a vacancy; also POST with _method=PUT',
        description: 'Without field_salary the salary is neither shown nor changed.',
        params: idParamsSchema,
        body: vacancyInputSchema,
        response: { 200: staffVacancyResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({
      data: await updateVacancy(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('recruiting.vacancies.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a vacancy (409 while it has applications)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await deleteVacancy(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const [name, isPublished, summary] of [
    ['recruiting.vacancies.publish', true, 'Publish a vacancy on the careers site'],
    ['recruiting.vacancies.withdraw', false, 'Withdraw a vacancy from the careers site'],
  ] as const) {
    routes.post(
      routePattern(name),
      {
        config,
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          response: { 200: staffVacancyResponseSchema, ...errors },
        },
      },
      async (request) => ({
        data: await setVacancyPublished(await contextOf(request), request.params.id, isPublished),
      }),
    );
  }

  routes.post(
    routePattern('recruiting.vacancies.copy'),
    {
      config,
      schema: {
        tags,
        summary: 'Copy a vacancy (unpublished, named "… (copy)")',
        params: idParamsSchema,
        response: { 201: staffVacancyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const vacancy = await copyVacancy(await contextOf(request), request.params.id);
      return reply.code(201).send({ data: vacancy });
    },
  );

  routes.get(
    routePattern('recruiting.vacancies.stages'),
    {
      config,
      schema: {
        tags,
        summary: "A vacancy's pipeline, in order",
        params: idParamsSchema,
        response: { 200: stagesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listVacancyStages(await contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.vacancies.stages'),
    {
      config,
      schema: {
        tags,
        summary: "Replace a vacancy's pipeline; also POST with _method=PUT",
        description:
          'The whole ordered list: stages with an id are renamed and moved, new ones created, missing ones removed — only when no application is in them (409 names the stage).',
        params: idParamsSchema,
        body: stagesInputSchema,
        response: { 200: stagesResponseSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request) => ({
      data: await replaceVacancyStages(await contextOf(request), request.params.id, request.body),
    }),
  );

  for (const [name, what, summary] of [
    ['recruiting.teams', 'teams', "Teams for the vacancy editor's picker"],
    ['recruiting.users', 'users', "Staff for the vacancy editor's recruiter picker"],
  ] as const) {
    routes.get(
      routePattern(name),
      { config, schema: { tags, summary, response: { 200: namedItemsResponseSchema, ...errors } } },
      async (request) => ({ data: await listVacancyPickers(await contextOf(request), what) }),
    );
  }
};
