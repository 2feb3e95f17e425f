import type { Entity, Level, VisibilityAction } from '@kadry/shared/permissions/vocabulary';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { vacancyRecruiters } from '../../db/schema/recruiting';
import { type Vacancy, vacancies } from '../../db/schema/vacancies';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/session';
import { canSeeObject, findLevel, getAccess, type ScopeColumns, scopeWhere } from '../permissions/access';

/**
 * Who a vacancy belongs to for permission levels: its responsible recruiters own it, its team is the
 * team. Candidates and applications follow their vacancy, so the same columns scope them (joined
 * through `vacancyId`).
 */
export function vacancyScopeColumns(vacancyId: SQLWrapper, teamId: SQLWrapper): ScopeColumns {
  return {
    teamId,
    ownedBy: (userIds: SQL) =>
      sql`exists (select 1 from vacancy_recruiters vr where vr.vacancy_id = ${vacancyId} and vr.user_id in (${userIds}))`,
  };
}

/** The WHERE condition limiting vacancies (or rows joined to them) to a level's reach, company included. */
export function vacancyScopeWhere(request: FastifyRequest, level: Level): SQL | undefined {
  const user = requireUser(request);
  return and(
    eq(vacancies.companyId, user.companyId),
    scopeWhere(level, user, vacancyScopeColumns(vacancies.id, vacancies.teamId)),
  );
}

export async function findRecruiterIds(db: Db, vacancyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: vacancyRecruiters.userId })
    .from(vacancyRecruiters)
    .where(eq(vacancyRecruiters.vacancyId, vacancyId))
    .orderBy(vacancyRecruiters.userId);
  return rows.map((row) => row.userId);
}

/** Whether the request's user reaches a vacancy at the level its role gives `action` on `entity`. */
export async function canReachVacancy(
  request: FastifyRequest,
  entity: Entity,
  action: VisibilityAction,
  vacancy: Pick<Vacancy, 'companyId' | 'teamId'> & { recruiterIds: readonly number[] },
): Promise<boolean> {
  const level = await findLevel(request, entity, action);
  const access = await getAccess(request);
  return canSeeObject(level, access, {
    companyId: vacancy.companyId,
    ownerIds: vacancy.recruiterIds,
    teamId: vacancy.teamId,
  });
}

export type LoadedVacancy = Vacancy & { recruiterIds: number[] };

/**
 * The vacancy `id` when the user may view it through `entity` (Vacancy, or Candidate for its
 * applications), otherwise 404 (hidden and missing look the same). With `action`, also 403 unless that
 * action reaches it.
 */
export async function findReachableVacancy(
  db: Db,
  request: FastifyRequest,
  id: number,
  opts: { entity?: Entity; action?: Exclude<VisibilityAction, 'view' | 'all'> } = {},
): Promise<LoadedVacancy> {
  const user = requireUser(request);
  const entity = opts.entity ?? 'Vacancy';
  const [row] = await db
    .select()
    .from(vacancies)
    .where(and(eq(vacancies.id, id), eq(vacancies.companyId, user.companyId)))
    .limit(1);
  if (!row) throw new AppError('not_found');
  const vacancy = { ...row, recruiterIds: await findRecruiterIds(db, row.id) };
  if (!(await canReachVacancy(request, entity, 'view', vacancy))) throw new AppError('not_found');
  if (opts.action && !(await canReachVacancy(request, entity, opts.action, vacancy))) {
    throw new AppError('forbidden');
  }
  return vacancy;
}
