import { randomUUID } from 'node:crypto';
import type { Entity, Level, VisibilityAction } from '@kadry/shared/permissions/vocabulary';
import type { SalaryRange } from '@kadry/shared/schemas/interviews';
import type {
  StaffVacancy,
  StaffVacancyListQuery,
  Stage,
  StagesInput,
  VacancyInput,
} from '@kadry/shared/schemas/recruiting';
import type { SQLWrapper } from 'drizzle-orm';
import type { NewVacancy, ScorecardAttribute, Vacancy, VacancyStage } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import type { PublicCache } from '../../lib/public-cache';
import { vacancyPublicUrl } from '../../lib/public-urls';
import { renderVacancyHtml } from '../../lib/vacancy-html';
import {
  type Access,
  canSeeObject,
  levelFor,
  requireLevel,
  type ScopeColumns,
  stripHiddenFields,
  type WithoutHiddenFields,
} from '../../plugins/access/access';
import {
  createDefaultStages,
  createNamedStages,
  findOccupiedStageIds,
  isStageOf,
  listStages,
  listStagesOf,
  writeStages,
} from './stages.queries';
import {
  countApplicationsOf,
  countEnabledStaff,
  type DbOrTx,
  deleteVacancyRow,
  findInterviewerIds,
  findRecruiterIds,
  findUnknownReferences,
  findVacancy,
  findVacancyExtras,
  findVacancyPage,
  insertVacancy,
  listStaffNames,
  listTeamNames,
  setInterviewers,
  setRecruiters,
  updateVacancyRow,
  type VacancyRow,
  vacancyOwnershipColumns,
  vacancyScopeWhere,
} from './vacancies.queries';

/** What the vacancy rules need to act for a signed-in user. */
export type VacancyContext = {
  db: Db;
  access: Access;
  now: Date;
  /** The public answers cache, dropped when what the careers site shows changes. */
  cache: PublicCache;
  /** The origin of the request, for the public address of published vacancies. */
  origin: string;
  /** Announces publications (vacancy.published). */
  events: Pick<EventBus, 'publish' | 'dispatchSoon'>;
};

/**
 * Who a vacancy belongs to for permission levels: its responsible recruiters own it, its team is the
 * team. Applications follow their vacancy, so other modules scope their rows with these columns too.
 */
export function vacancyScopeColumns(
  vacancyId: SQLWrapper,
  teamId: SQLWrapper,
  companyId: SQLWrapper,
): ScopeColumns {
  return vacancyOwnershipColumns(vacancyId, teamId, companyId);
}

type LoadedVacancy = Vacancy & { recruiterIds: number[] };

/** Whether a level of the access reaches a vacancy. */
function reaches(access: Access, level: Level, vacancy: LoadedVacancy): boolean {
  return canSeeObject(level, access, {
    companyId: vacancy.companyId,
    ownerIds: vacancy.recruiterIds,
    teamId: vacancy.teamId,
  });
}

/**
 * The vacancy `id` when the user may view it through `entity` (Vacancy, or Candidate for its
 * applications), otherwise 404 (hidden and missing look the same). With `action`, also 403 unless that
 * action reaches it.
 */
async function findReachableVacancy(
  ctx: Pick<VacancyContext, 'db' | 'access'>,
  id: number,
  opts: { entity?: Entity; action?: Exclude<VisibilityAction, 'view' | 'all'> } = {},
): Promise<LoadedVacancy> {
  const companyId = ctx.access.user.companyId;
  const entity = opts.entity ?? 'Vacancy';
  const row = await findVacancy(ctx.db, companyId, id);
  if (!row) throw new AppError('not_found');
  const vacancy = { ...row, recruiterIds: await findRecruiterIds(ctx.db, companyId, row.id) };
  if (!reaches(ctx.access, levelFor(ctx.access, entity, 'view'), vacancy)) throw new AppError('not_found');
  if (opts.action && !reaches(ctx.access, levelFor(ctx.access, entity, opts.action), vacancy)) {
    throw new AppError('forbidden');
  }
  return vacancy;
}

type VisibleVacancy = WithoutHiddenFields<StaffVacancy>;

/** The structured salary of a row; null when no bound is set. */
function salaryRangeOf(
  row: Pick<VacancyRow, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>,
): SalaryRange | null {
  if ((row.salaryMin === null && row.salaryMax === null) || !row.salaryCurrency || !row.salaryPeriod)
    return null;
  return { min: row.salaryMin, max: row.salaryMax, currency: row.salaryCurrency, period: row.salaryPeriod };
}

function toStaffVacancy(
  row: VacancyRow,
  extra: {
    recruiterIds: readonly number[];
    interviewerIds: readonly number[];
    applicationsCount: number;
    origin: string;
  },
): StaffVacancy {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    is_hot: row.isHot,
    is_published: row.isPublished,
    salary: row.salary,
    residence: row.residence,
    experience: row.experience,
    work_types: row.workTypes,
    languages: row.languages,
    description: row.description,
    demand: row.demand,
    responsibility: row.responsibility,
    addition: row.addition,
    working_conditions: row.workingConditions,
    team_id: row.teamId,
    recruiter_ids: [...extra.recruiterIds],
    positions: row.positions ?? null,
    form_id: row.formId,
    hiring_manager_id: row.hiringManagerId,
    interviewer_ids: [...extra.interviewerIds],
    salary_range: salaryRangeOf(row),
    scorecard_attributes: row.scorecardAttributes,
    responses_count: extra.applicationsCount,
    public_url: row.isPublished ? vacancyPublicUrl(extra.origin, row.id) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

/** Vacancies as the user may see them: with recruiters and counts, without the fields the role hides. */
async function present(ctx: VacancyContext, rows: readonly VacancyRow[]): Promise<VisibleVacancy[]> {
  const { recruiters, interviewers, counts } = await findVacancyExtras(
    ctx.db,
    ctx.access.user.companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    stripHiddenFields(
      'Vacancy',
      ctx.access,
      toStaffVacancy(row, {
        recruiterIds: recruiters.get(row.id) ?? [],
        interviewerIds: interviewers.get(row.id) ?? [],
        applicationsCount: counts.get(row.id) ?? 0,
        origin: ctx.origin,
      }),
    ),
  );
}

async function presentOne(ctx: VacancyContext, row: VacancyRow): Promise<VisibleVacancy> {
  const [vacancy] = await present(ctx, [row]);
  if (!vacancy) throw new AppError('not_found');
  return vacancy;
}

export async function listVacancies(ctx: VacancyContext, query: StaffVacancyListQuery) {
  const level = requireLevel(ctx.access, 'Vacancy', 'view');
  const { rows, total } = await findVacancyPage(
    ctx.db,
    {
      companyId: ctx.access.user.companyId,
      scope: vacancyScopeWhere(level, ctx.access),
      search: query.search || undefined,
      status: query.status,
      teamId: query.team_id,
      isPublished: query.is_published === undefined ? undefined : query.is_published === 'true',
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: await present(ctx, rows),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

export async function getVacancy(ctx: VacancyContext, id: number): Promise<VisibleVacancy> {
  return presentOne(ctx, await findReachableVacancy(ctx, id));
}

/** Stored body sections are sanitised with the careers site's allowlist (and auto-linked) on write. */
function toColumns(input: VacancyInput): Omit<NewVacancy, 'companyId'> {
  const blankToNull = (text: string | null) => (text === null || text === '' ? null : text);
  return {
    name: input.name,
    status: input.status,
    isHot: input.is_hot,
    salary: blankToNull(input.salary),
    residence: blankToNull(input.residence),
    experience: blankToNull(input.experience),
    workTypes: blankToNull(input.work_types),
    languages: input.languages,
    description: renderVacancyHtml(input.description),
    demand: renderVacancyHtml(input.demand),
    responsibility: renderVacancyHtml(input.responsibility),
    addition: renderVacancyHtml(input.addition),
    workingConditions: renderVacancyHtml(input.working_conditions),
    teamId: input.team_id,
    positions: input.positions,
    formId: input.form_id,
    hiringManagerId: input.hiring_manager_id,
    salaryMin: input.salary_range?.min ?? null,
    salaryMax: input.salary_range?.max ?? null,
    salaryCurrency: input.salary_range?.currency ?? null,
    salaryPeriod: input.salary_range?.period ?? null,
    scorecardAttributes: toScorecardAttributes(input.scorecard_attributes),
  };
}

/** Attributes as stored: each keeps its key (renamed or moved), a new one gets one. */
function toScorecardAttributes(list: VacancyInput['scorecard_attributes']): ScorecardAttribute[] {
  return list.map((attribute) => ({
    key: attribute.key ?? randomUUID().slice(0, 8),
    name: attribute.name,
  }));
}

/** 422 unless the team, the recruiters and the form all belong to the company. */
async function checkReferences(db: Db, companyId: number, input: VacancyInput): Promise<void> {
  const unknown = await findUnknownReferences(db, companyId, {
    teamId: input.team_id,
    recruiterIds: input.recruiter_ids,
    formId: input.form_id,
  });
  const issues: Record<string, { key: string }[]> = {};
  if (unknown.team) issues.team_id = [{ key: 'errors.invalid_value' }];
  if (unknown.recruiters) issues.recruiter_ids = [{ key: 'errors.invalid_value' }];
  if (unknown.form) issues.form_id = [{ key: 'errors.invalid_value' }];
  // The hiring team: enabled staff accounts of the company.
  if (
    input.hiring_manager_id !== null &&
    (await countEnabledStaff(db, companyId, [input.hiring_manager_id])) !== 1
  ) {
    issues.hiring_manager_id = [{ key: 'errors.invalid_value' }];
  }
  if ((await countEnabledStaff(db, companyId, input.interviewer_ids)) !== input.interviewer_ids.length) {
    issues.interviewer_ids = [{ key: 'errors.invalid_value' }];
  }
  if (Object.keys(issues).length > 0) throw new AppError('validation', { issues });
}

/**
 * The recruiters a new vacancy (or copy) gets: someone who may only create their own (or their
 * team's) vacancies becomes one of them when nothing else puts it within their reach.
 */
function recruitersWithinReach(
  access: Access,
  level: Level,
  vacancy: { recruiterIds: readonly number[]; teamId: number | null },
): number[] {
  const reachable = canSeeObject(level, access, {
    companyId: access.user.companyId,
    ownerIds: vacancy.recruiterIds,
    teamId: vacancy.teamId,
  });
  return reachable ? [...vacancy.recruiterIds] : [...vacancy.recruiterIds, access.user.id];
}

/** Creates an unpublished vacancy with the given stages (a template's, edited), or the default pipeline. */
export async function createVacancy(
  ctx: VacancyContext,
  input: VacancyInput & { stages?: readonly string[] | undefined },
): Promise<VisibleVacancy> {
  const level = requireLevel(ctx.access, 'Vacancy', 'create');
  const companyId = ctx.access.user.companyId;
  const recruiterIds = recruitersWithinReach(ctx.access, level, {
    recruiterIds: input.recruiter_ids,
    teamId: input.team_id,
  });
  await checkReferences(ctx.db, companyId, { ...input, recruiter_ids: recruiterIds });
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertVacancy(tx, { ...toColumns(input), companyId, isPublished: false });
    await setRecruiters(tx, companyId, created.id, recruiterIds);
    await setInterviewers(tx, companyId, created.id, input.interviewer_ids);
    if (input.stages && input.stages.length > 0) {
      await createNamedStages(tx, companyId, created.id, input.stages);
    } else {
      await createDefaultStages(tx, companyId, created.id);
    }
    return created;
  });
  return presentOne(ctx, row);
}

export async function updateVacancy(
  ctx: VacancyContext,
  id: number,
  input: VacancyInput,
): Promise<VisibleVacancy> {
  const vacancy = await findReachableVacancy(ctx, id, { action: 'update' });
  const companyId = vacancy.companyId;
  // Without field_salary the salary is neither shown nor changed.
  const columns = toColumns(input);
  if (!ctx.access.permissions.Vacancy.fields_view.includes('field_salary')) {
    columns.salary = vacancy.salary;
    columns.salaryMin = vacancy.salaryMin;
    columns.salaryMax = vacancy.salaryMax;
    columns.salaryCurrency = vacancy.salaryCurrency;
    columns.salaryPeriod = vacancy.salaryPeriod;
  }
  await checkReferences(ctx.db, companyId, input);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateVacancyRow(tx, companyId, vacancy.id, columns);
    if (!updated) throw new AppError('not_found');
    await setRecruiters(tx, companyId, vacancy.id, input.recruiter_ids);
    await setInterviewers(tx, companyId, vacancy.id, input.interviewer_ids);
    return updated;
  });
  if (vacancy.isPublished || row.isPublished) ctx.cache.invalidate(companyId);
  return presentOne(ctx, row);
}

/** Deletes a vacancy; 409 while applications to it exist (they are never deleted with it). */
export async function deleteVacancy(ctx: VacancyContext, id: number): Promise<void> {
  const vacancy = await findReachableVacancy(ctx, id, { action: 'delete' });
  // Deleting would take the candidates with it; closing or withdrawing keeps their history.
  if ((await countApplicationsOf(ctx.db, vacancy.companyId, vacancy.id)) > 0) {
    throw new AppError('conflict', { key: 'recruiting.errors.vacancy_has_applications' });
  }
  await deleteVacancyRow(ctx.db, vacancy.companyId, vacancy.id);
  if (vacancy.isPublished) ctx.cache.invalidate(vacancy.companyId);
}

/** Publishes (published_at = now, kept on re-publish) or withdraws a vacancy. */
export async function setVacancyPublished(
  ctx: VacancyContext,
  id: number,
  isPublished: boolean,
): Promise<VisibleVacancy> {
  const vacancy = await findReachableVacancy(ctx, id, { action: 'update' });
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateVacancyRow(tx, vacancy.companyId, vacancy.id, {
      isPublished,
      publishedAt: isPublished ? (vacancy.isPublished ? vacancy.publishedAt : ctx.now) : null,
    });
    // Announced when it goes on the careers site, not for a re-publish of a published one.
    if (updated && isPublished && !vacancy.isPublished) {
      await ctx.events.publish(tx, vacancy.companyId, 'vacancy.published', { vacancyId: vacancy.id });
    }
    return updated;
  });
  if (!row) throw new AppError('not_found');
  ctx.events.dispatchSoon();
  ctx.cache.invalidate(vacancy.companyId);
  return presentOne(ctx, row);
}

/** An unpublished copy named "… (copy)", with the same recruiters and a fresh default pipeline. */
export async function copyVacancy(ctx: VacancyContext, id: number): Promise<VisibleVacancy> {
  const vacancy = await findReachableVacancy(ctx, id);
  const level = requireLevel(ctx.access, 'Vacancy', 'create');
  const recruiterIds = recruitersWithinReach(ctx.access, level, vacancy);
  const {
    id: _id,
    search: _search,
    createdAt: _c,
    updatedAt: _u,
    publishedAt: _p,
    recruiterIds: _r,
    ...rest
  } = vacancy;
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertVacancy(tx, {
      ...rest,
      name: `${vacancy.name} (copy)`.slice(0, 200),
      isPublished: false,
      publishedAt: null,
    });
    await setRecruiters(tx, vacancy.companyId, created.id, recruiterIds);
    await setInterviewers(
      tx,
      vacancy.companyId,
      created.id,
      await findInterviewerIds(tx, vacancy.companyId, vacancy.id),
    );
    await createDefaultStages(tx, vacancy.companyId, created.id);
    return created;
  });
  return presentOne(ctx, row);
}

export function toStageWire(stage: VacancyStage): Stage {
  return { id: stage.id, name: stage.name, position: stage.position };
}

export async function listVacancyStages(
  ctx: Pick<VacancyContext, 'db' | 'access'>,
  id: number,
): Promise<Stage[]> {
  const vacancy = await findReachableVacancy(ctx, id);
  return (await listStages(ctx.db, vacancy.companyId, vacancy.id)).map(toStageWire);
}

/**
 * Replaces a vacancy's pipeline with an ordered list: stages with an id are renamed and moved, new ones
 * created, missing ones removed, but only when no application is in them (409 otherwise; the first
 * stage counts as holding the applications that have no stage yet). One transaction.
 */
export async function replaceVacancyStages(
  ctx: Pick<VacancyContext, 'db' | 'access'>,
  id: number,
  input: StagesInput,
): Promise<Stage[]> {
  const vacancy = await findReachableVacancy(ctx, id, { action: 'update' });
  const { companyId } = vacancy;
  const stages = await ctx.db.transaction(async (tx) => {
    const current = await listStages(tx, companyId, vacancy.id);
    const currentIds = new Set(current.map((stage) => stage.id));
    const keptIds = input.stages.flatMap((stage) => (stage.id === undefined ? [] : [stage.id]));
    if (keptIds.some((stageId) => !currentIds.has(stageId)) || new Set(keptIds).size !== keptIds.length) {
      throw new AppError('validation', { issues: { stages: [{ key: 'errors.invalid_value' }] } });
    }
    const removed = current.filter((stage) => !keptIds.includes(stage.id));
    if (removed.length > 0) {
      const occupied = await findOccupiedStageIds(
        tx,
        companyId,
        vacancy.id,
        removed.map((stage) => stage.id),
        current[0]?.id,
      );
      // Name the stage (the earliest in board order) so the user knows which candidates to move.
      const held = removed.find((stage) => occupied.has(stage.id));
      if (held) {
        throw new AppError('conflict', {
          key: 'recruiting.errors.stage_has_candidates',
          params: { stage: held.name },
        });
      }
    }
    return writeStages(
      tx,
      companyId,
      vacancy.id,
      removed.map((stage) => stage.id),
      input.stages,
    );
  });
  return stages.map(toStageWire);
}

/** The stage an application is in: its own, else (none yet, or its stage was removed) the first. */
export function resolveStage(stages: readonly VacancyStage[], stageId: number | null): VacancyStage {
  const first = stages[0];
  if (!first) throw new Error('a vacancy without stages');
  return stages.find((stage) => stage.id === stageId) ?? first;
}

/** The pipelines of several vacancies (defaults created where missing), by vacancy id. */
export function findPipelines(
  db: Db,
  companyId: number,
  vacancyIds: readonly number[],
): Promise<Map<number, VacancyStage[]>> {
  return listStagesOf(db, companyId, vacancyIds);
}

/** Whether a stage is one of the vacancy's (inside the caller's transaction, when it has one). */
export function isStageOfVacancy(
  db: DbOrTx,
  companyId: number,
  vacancyId: number,
  stageId: number,
): Promise<boolean> {
  return isStageOf(db, companyId, vacancyId, stageId);
}

/** A vacancy's responsible recruiters (who own it for permission levels). */
export function findVacancyRecruiterIds(db: Db, companyId: number, vacancyId: number): Promise<number[]> {
  return findRecruiterIds(db, companyId, vacancyId);
}

/** Teams and staff for the vacancy editor's pickers: names only. */
export async function listVacancyPickers(
  ctx: Pick<VacancyContext, 'db' | 'access'>,
  what: 'teams' | 'users',
) {
  requireLevel(ctx.access, 'Vacancy', 'view');
  const companyId = ctx.access.user.companyId;
  return what === 'teams' ? listTeamNames(ctx.db, companyId) : listStaffNames(ctx.db, companyId);
}
