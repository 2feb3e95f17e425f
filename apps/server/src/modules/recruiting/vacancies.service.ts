import type { StaffVacancy, VacancyInput } from '@kadry/shared/schemas/recruiting';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationForms } from '../../db/schema/forms';
import { vacancyRecruiters } from '../../db/schema/recruiting';
import { responses } from '../../db/schema/responses';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { type NewVacancy, type Vacancy, vacancies } from '../../db/schema/vacancies';
import { AppError } from '../../lib/app-error';
import { buildContainsPattern } from '../../lib/contains-pattern';
import { vacancyPublicUrl } from '../careers/public-vacancies.service';
import { renderVacancyHtml } from '../careers/vacancy-html';
import { createDefaultStages } from './stages.service';

/** Columns of a vacancy without its search vector (never sent anywhere). */
const vacancyColumns = {
  id: vacancies.id,
  companyId: vacancies.companyId,
  name: vacancies.name,
  isHot: vacancies.isHot,
  salary: vacancies.salary,
  residence: vacancies.residence,
  experience: vacancies.experience,
  workTypes: vacancies.workTypes,
  languages: vacancies.languages,
  description: vacancies.description,
  demand: vacancies.demand,
  responsibility: vacancies.responsibility,
  addition: vacancies.addition,
  workingConditions: vacancies.workingConditions,
  status: vacancies.status,
  isPublished: vacancies.isPublished,
  teamId: vacancies.teamId,
  positions: vacancies.positions,
  formId: vacancies.formId,
  createdAt: vacancies.createdAt,
  updatedAt: vacancies.updatedAt,
  publishedAt: vacancies.publishedAt,
};
type VacancyRow = Omit<Vacancy, 'search'>;

export function toStaffVacancy(
  row: VacancyRow,
  extra: { recruiterIds: readonly number[]; responsesCount: number; origin: string },
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
    responses_count: extra.responsesCount,
    public_url: row.isPublished ? vacancyPublicUrl(extra.origin, row.id) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

export type VacancyListFilter = {
  scope: SQL | undefined;
  search?: string | undefined;
  status?: number | undefined;
  teamId?: number | undefined;
  isPublished?: boolean | undefined;
};

/** One page of vacancies within `scope` (which carries the company condition), newest first. */
export async function findVacancyPage(
  db: Db,
  filter: VacancyListFilter,
  paging: { page: number; perPage: number },
): Promise<{ rows: VacancyRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [filter.scope];
  if (filter.search) {
    conditions.push(
      or(
        ilike(vacancies.name, buildContainsPattern(filter.search)),
        sql`${vacancies.search} @@ websearch_to_tsquery('simple', ${filter.search})`,
      ),
    );
  }
  if (filter.status !== undefined) conditions.push(eq(vacancies.status, filter.status));
  if (filter.teamId !== undefined) conditions.push(eq(vacancies.teamId, filter.teamId));
  if (filter.isPublished !== undefined) conditions.push(eq(vacancies.isPublished, filter.isPublished));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(vacancyColumns)
      .from(vacancies)
      .where(where)
      .orderBy(desc(vacancies.createdAt), desc(vacancies.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ total: count() }).from(vacancies).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Recruiter ids and application counts of some vacancies. */
export async function findVacancyExtras(
  db: Db,
  vacancyIds: readonly number[],
): Promise<{ recruiters: Map<number, number[]>; counts: Map<number, number> }> {
  const recruiters = new Map<number, number[]>();
  const counts = new Map<number, number>();
  if (vacancyIds.length === 0) return { recruiters, counts };
  const ids = [...vacancyIds];
  const [recruiterRows, countRows] = await Promise.all([
    db
      .select({ vacancyId: vacancyRecruiters.vacancyId, userId: vacancyRecruiters.userId })
      .from(vacancyRecruiters)
      .where(inArray(vacancyRecruiters.vacancyId, ids))
      .orderBy(vacancyRecruiters.userId),
    db
      .select({ vacancyId: responses.vacancyId, total: count() })
      .from(responses)
      .where(inArray(responses.vacancyId, ids))
      .groupBy(responses.vacancyId),
  ]);
  for (const row of recruiterRows) {
    recruiters.set(row.vacancyId, [...(recruiters.get(row.vacancyId) ?? []), row.userId]);
  }
  for (const row of countRows) counts.set(row.vacancyId, row.total);
  return { recruiters, counts };
}

/** Stored body sections are sanitised with the careers site's allowlist (and auto-linked) on write. */
function sanitiseSections(
  input: VacancyInput,
): Pick<NewVacancy, 'description' | 'demand' | 'responsibility' | 'addition' | 'workingConditions'> {
  return {
    description: renderVacancyHtml(input.description),
    demand: renderVacancyHtml(input.demand),
    responsibility: renderVacancyHtml(input.responsibility),
    addition: renderVacancyHtml(input.addition),
    workingConditions: renderVacancyHtml(input.working_conditions),
  };
}

const blankToNull = (text: string | null) => (text === null || text === '' ? null : text);

/** 422 unless the team, the recruiters and the form all belong to the company. */
async function checkReferences(db: Db, companyId: number, input: VacancyInput): Promise<void> {
  const issues: Record<string, { key: string }[]> = {};
  if (input.team_id !== null) {
    const found = await db.$count(teams, and(eq(teams.id, input.team_id), eq(teams.companyId, companyId)));
    if (found === 0) issues.team_id = [{ key: 'errors.invalid_value' }];
  }
  const recruiterIds = [...new Set(input.recruiter_ids)];
  if (recruiterIds.length > 0) {
    const found = await db.$count(
      users,
      and(inArray(users.id, recruiterIds), eq(users.companyId, companyId), eq(users.isDisabled, false)),
    );
    if (found !== recruiterIds.length) issues.recruiter_ids = [{ key: 'errors.invalid_value' }];
  }
  if (input.form_id !== null) {
    const found = await db.$count(
      applicationForms,
      and(eq(applicationForms.id, input.form_id), eq(applicationForms.companyId, companyId)),
    );
    if (found === 0) issues.form_id = [{ key: 'errors.invalid_value' }];
  }
  if (Object.keys(issues).length > 0) throw new AppError('validation', { issues });
}

function toColumns(input: VacancyInput): Omit<NewVacancy, 'companyId'> {
  return {
    name: input.name,
    status: input.status,
    isHot: input.is_hot,
    salary: blankToNull(input.salary),
    residence: blankToNull(input.residence),
    experience: blankToNull(input.experience),
    workTypes: blankToNull(input.work_types),
    languages: input.languages,
    ...sanitiseSections(input),
    teamId: input.team_id,
    positions: input.positions,
    formId: input.form_id,
  };
}

async function setRecruiters(
  db: Pick<Db, 'delete' | 'insert'>,
  companyId: number,
  vacancyId: number,
  recruiterIds: readonly number[],
): Promise<void> {
  await db.delete(vacancyRecruiters).where(eq(vacancyRecruiters.vacancyId, vacancyId));
  const unique = [...new Set(recruiterIds)];
  if (unique.length > 0) {
    await db.insert(vacancyRecruiters).values(unique.map((userId) => ({ companyId, vacancyId, userId })));
  }
}

/** Creates an unpublished vacancy with the default pipeline. */
export async function createVacancy(db: Db, companyId: number, input: VacancyInput): Promise<Vacancy> {
  await checkReferences(db, companyId, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vacancies)
      .values({ ...toColumns(input), companyId, isPublished: false })
      .returning();
    if (!row) throw new Error('vacancy insert returned nothing');
    await setRecruiters(tx, companyId, row.id, input.recruiter_ids);
    await createDefaultStages(tx, companyId, row.id);
    return row;
  });
}

export async function updateVacancy(db: Db, vacancy: Vacancy, input: VacancyInput): Promise<Vacancy> {
  await checkReferences(db, vacancy.companyId, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(vacancies)
      .set(toColumns(input))
      .where(eq(vacancies.id, vacancy.id))
      .returning();
    if (!row) throw new AppError('not_found');
    await setRecruiters(tx, vacancy.companyId, row.id, input.recruiter_ids);
    return row;
  });
}

/** Publishes (published_at = now, kept on re-publish) or withdraws a vacancy. */
export async function setPublished(
  db: Db,
  vacancy: Vacancy,
  isPublished: boolean,
  now: Date,
): Promise<Vacancy> {
  const [row] = await db
    .update(vacancies)
    .set({
      isPublished,
      publishedAt: isPublished ? (vacancy.isPublished ? vacancy.publishedAt : now) : null,
    })
    .where(eq(vacancies.id, vacancy.id))
    .returning();
  if (!row) throw new AppError('not_found');
  return row;
}

/** An unpublished copy named "… (copy)", with the same recruiters and a fresh default pipeline. */
export async function copyVacancy(
  db: Db,
  vacancy: Vacancy,
  recruiterIds: readonly number[],
): Promise<Vacancy> {
  const { id: _id, search: _search, createdAt: _c, updatedAt: _u, publishedAt: _p, ...rest } = vacancy;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vacancies)
      .values({
        ...rest,
        name: `${vacancy.name} (copy)`.slice(0, 200),
        isPublished: false,
        publishedAt: null,
      })
      .returning();
    if (!row) throw new Error('vacancy insert returned nothing');
    await setRecruiters(tx, vacancy.companyId, row.id, recruiterIds);
    await createDefaultStages(tx, vacancy.companyId, row.id);
    return row;
  });
}

/** Deletes a vacancy; 409 while applications to it exist (they are never deleted with it). */
export async function deleteVacancy(db: Db, vacancy: Vacancy): Promise<void> {
  const applications = await db.$count(responses, eq(responses.vacancyId, vacancy.id));
  // Deleting would take the candidates with it; closing or withdrawing keeps their history.
  if (applications > 0) throw new AppError('conflict', { key: 'recruiting.errors.vacancy_has_applications' });
  await db.delete(vacancies).where(eq(vacancies.id, vacancy.id));
}
