import { routePattern } from '@kadry/shared/routes';
import {
  staffVacancyListQuerySchema,
  stagesInputSchema,
  vacancyInputSchema,
} from '@kadry/shared/schemas/recruiting';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Vacancy } from '../../db/schema/vacancies';
import { requireUser } from '../../plugins/session';
import type { PublicCache } from '../careers/public-cache';
import { originOf } from '../careers/public-vacancies.routes';
import { canSeeObject, getAccess, requireAbility, stripHiddenFields } from '../permissions/access';
import { registerPutRoute } from '../permissions/register-put-route';
import { findReachableVacancy, vacancyScopeWhere } from './recruiting-access';
import { listStages, replaceStages, toStageWire } from './stages.service';
import {
  copyVacancy,
  createVacancy,
  deleteVacancy,
  findVacancyExtras,
  findVacancyPage,
  setPublished,
  toStaffVacancy,
  updateVacancy,
} from './vacancies.service';

export type RecruitingRouteOptions = { db: Db; cache: PublicCache; now: () => Date };

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const config = { plan: 'ats' as const };

/** Vacancies as staff see them: the recruiting plan, the Vacancy permission, salary per fields_view. */
export async function registerVacancyRoutes(app: FastifyInstance, opts: RecruitingRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = opts;

  async function present(request: FastifyRequest, row: Vacancy) {
    const { recruiters, counts } = await findVacancyExtras(db, [row.id]);
    const access = await getAccess(request);
    const wire = toStaffVacancy(row, {
      recruiterIds: recruiters.get(row.id) ?? [],
      responsesCount: counts.get(row.id) ?? 0,
      origin: originOf(request),
    });
    return { data: stripHiddenFields('Vacancy', access, wire) };
  }

  routes.get(
    routePattern('recruiting.vacancies'),
    { config, schema: { querystring: staffVacancyListQuerySchema } },
    async (request) => {
      const level = await requireAbility(request, 'Vacancy', 'view');
      const query = request.query;
      const { rows, total } = await findVacancyPage(
        db,
        {
          scope: vacancyScopeWhere(request, level),
          search: query.search || undefined,
          status: query.status,
          teamId: query.team_id,
          isPublished: query.is_published === undefined ? undefined : query.is_published === 'true',
        },
        { page: query.page, perPage: query.per_page },
      );
      const { recruiters, counts } = await findVacancyExtras(
        db,
        rows.map((row) => row.id),
      );
      const access = await getAccess(request);
      const origin = originOf(request);
      return {
        data: rows.map((row) =>
          stripHiddenFields(
            'Vacancy',
            access,
            toStaffVacancy(row, {
              recruiterIds: recruiters.get(row.id) ?? [],
              responsesCount: counts.get(row.id) ?? 0,
              origin,
            }),
          ),
        ),
        meta: {
          current_page: query.page,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
          per_page: query.per_page,
          total,
        },
      };
    },
  );

  routes.post(
    routePattern('recruiting.vacancies'),
    {
      config,
      schema: { body: vacancyInputSchema },
      // Permission before validation: a role that may not create learns nothing from a 422.
      preValidation: async (request) => {
        await requireAbility(request, 'Vacancy', 'create');
      },
    },
    async (request, reply) => {
      const level = await requireAbility(request, 'Vacancy', 'create');
      const user = requireUser(request);
      const access = await getAccess(request);
      const input = { ...request.body };
      // Someone who may only create their own (or their team's) vacancies becomes a responsible
      // recruiter of the new one when nothing else puts it within their reach.
      const reachable = (recruiterIds: readonly number[]) =>
        canSeeObject(level, access, {
          companyId: user.companyId,
          ownerIds: recruiterIds,
          teamId: input.team_id,
        });
      if (!reachable(input.recruiter_ids)) input.recruiter_ids = [...input.recruiter_ids, user.id];
      const row = await createVacancy(db, user.companyId, input);
      return reply.code(201).send(await present(request, row));
    },
  );

  routes.get(
    routePattern('recruiting.vacancies.one'),
    { config, schema: { params: idParams } },
    async (request) => present(request, await findReachableVacancy(db, request, request.params.id)),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.vacancies.one'),
    { config, schema: { params: idParams, body: vacancyInputSchema } },
    async (request) => {
      const vacancy = await findReachableVacancy(db, request, request.params.id, { action: 'update' });
      const input = { ...request.body };
      const access = await getAccess(request);
      // Without field_salary the salary is neither shown nor changed.
      if (!access.permissions.Vacancy.fields_view.includes('field_salary')) input.salary = vacancy.salary;
      const row = await updateVacancy(db, vacancy, input);
      if (vacancy.isPublished) cache.invalidate(vacancy.companyId);
      return present(request, row);
    },
  );

  routes.delete(
    routePattern('recruiting.vacancies.one'),
    { config, schema: { params: idParams } },
    async (request, reply) => {
      const vacancy = await findReachableVacancy(db, request, request.params.id, { action: 'delete' });
      await deleteVacancy(db, vacancy);
      if (vacancy.isPublished) cache.invalidate(vacancy.companyId);
      return reply.code(204).send();
    },
  );

  for (const [name, isPublished] of [
    ['recruiting.vacancies.publish', true],
    ['recruiting.vacancies.withdraw', false],
  ] as const) {
    routes.post(routePattern(name), { config, schema: { params: idParams } }, async (request) => {
      const vacancy = await findReachableVacancy(db, request, request.params.id, { action: 'update' });
      const row = await setPublished(db, vacancy, isPublished, opts.now());
      cache.invalidate(vacancy.companyId);
      return present(request, row);
    });
  }

  routes.post(
    routePattern('recruiting.vacancies.copy'),
    { config, schema: { params: idParams } },
    async (request, reply) => {
      const vacancy = await findReachableVacancy(db, request, request.params.id);
      const level = await requireAbility(request, 'Vacancy', 'create');
      const user = requireUser(request);
      const access = await getAccess(request);
      const recruiterIds = canSeeObject(level, access, {
        companyId: user.companyId,
        ownerIds: vacancy.recruiterIds,
        teamId: vacancy.teamId,
      })
        ? vacancy.recruiterIds
        : [...vacancy.recruiterIds, user.id];
      const row = await copyVacancy(db, vacancy, recruiterIds);
      return reply.code(201).send(await present(request, row));
    },
  );

  routes.get(
    routePattern('recruiting.vacancies.stages'),
    { config, schema: { params: idParams } },
    async (request) => {
      const vacancy = await findReachableVacancy(db, request, request.params.id);
      return { data: (await listStages(db, vacancy.companyId, vacancy.id)).map(toStageWire) };
    },
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.vacancies.stages'),
    { config, schema: { params: idParams, body: stagesInputSchema } },
    async (request) => {
      const vacancy = await findReachableVacancy(db, request, request.params.id, { action: 'update' });
      const stages = await replaceStages(db, vacancy.companyId, vacancy.id, request.body.stages);
      return { data: stages.map(toStageWire) };
    },
  );
}
