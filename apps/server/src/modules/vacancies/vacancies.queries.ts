import type { Level } from '@kadry/shared/permissions/vocabulary';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { applications } from '../../db/schema/applications';
import { applicationForms } from '../../db/schema/forms';
import { vacancyInterviewers } from '../../db/schema/interviews';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { type NewVacancy, type Vacancy, vacancies, vacancyRecruiters } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { buildContainsPattern } from '../../lib/contains-pattern';
import { type ScopeColumns, type ScopeSubject, scopeWhere } from '../../plugins/access/access';

// All SQL of vacancies; every statement filters by company_id.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction. */
export type DbOrTx = Db | Tx;

/**
 * Who owns a vacancy's rows for permission levels: its responsible recruiters (any of them), and its
 * team. `vacancyId` and `teamId` are the columns of whatever row is being scoped.
 */
export function vacancyOwnershipColumns(
  vacancyId: SQLWrapper,
  teamId: SQLWrapper,
  companyId: SQLWrapper,
): ScopeColumns {
  return {
    teamId,
    // Correlated on the scoped row's vacancy and company (every statement names its company_id).
    ownedBy: (userIds: SQL) =>
      sql`exists (select 1 from vacancy_recruiters vr where vr.company_id = ${companyId} and vr.vacancy_id = ${vacancyId} and vr.user_id in (${userIds}))`,
  };
}

/** What a level of the Vacancy permission reaches among the company's vacancies (scopeWhere). */
export function vacancyScopeWhere(level: Level, subject: ScopeSubject): SQL | undefined {
  return scopeWhere(
    level,
    subject,
    vacancyOwnershipColumns(vacancies.id, vacancies.teamId, vacancies.companyId),
  );
}

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
  hiringManagerId: vacancies.hiringManagerId,
  salaryMin: vacancies.salaryMin,
  salaryMax: vacancies.salaryMax,
  salaryCurrency: vacancies.salaryCurrency,
  salaryPeriod: vacancies.salaryPeriod,
  scorecardAttributes: vacancies.scorecardAttributes,
  createdAt: vacancies.createdAt,
  updatedAt: vacancies.updatedAt,
  publishedAt: vacancies.publishedAt,
};
export type VacancyRow = Omit<Vacancy, 'search'>;

export type VacancyListFilter = {
  companyId: number;
  /** The reach of the user's level (vacancyScopeWhere); undefined for the whole company. */
  scope: SQL | undefined;
  search?: string | undefined;
  status?: number | undefined;
  teamId?: number | undefined;
  isPublished?: boolean | undefined;
};

/** One page of vacancies, newest first. */
export async function findVacancyPage(
  db: Db,
  filter: VacancyListFilter,
  paging: { limit: number; offset: number },
): Promise<{ rows: VacancyRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(vacancies.companyId, filter.companyId), filter.scope];
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
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(vacancies).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findVacancy(db: DbOrTx, companyId: number, id: number): Promise<Vacancy | null> {
  const [row] = await db
    .select()
    .from(vacancies)
    .where(and(eq(vacancies.companyId, companyId), eq(vacancies.id, id)))
    .limit(1);
  return row ?? null;
}

/** A vacancy's responsible recruiters, by user id. */
export async function findRecruiterIds(db: DbOrTx, companyId: number, vacancyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: vacancyRecruiters.userId })
    .from(vacancyRecruiters)
    .where(and(eq(vacancyRecruiters.companyId, companyId), eq(vacancyRecruiters.vacancyId, vacancyId)))
    .orderBy(vacancyRecruiters.userId);
  return rows.map((row) => row.userId);
}

/** Recruiter ids, interviewer ids and application counts of some vacancies. */
export async function findVacancyExtras(
  db: Db,
  companyId: number,
  vacancyIds: readonly number[],
): Promise<{
  recruiters: Map<number, number[]>;
  interviewers: Map<number, number[]>;
  counts: Map<number, number>;
}> {
  const recruiters = new Map<number, number[]>();
  const interviewers = new Map<number, number[]>();
  const counts = new Map<number, number>();
  if (vacancyIds.length === 0) return { recruiters, interviewers, counts };
  const ids = [...vacancyIds];
  const [recruiterRows, countRows, interviewerRows] = await Promise.all([
    db
      .select({ vacancyId: vacancyRecruiters.vacancyId, userId: vacancyRecruiters.userId })
      .from(vacancyRecruiters)
      .where(and(eq(vacancyRecruiters.companyId, companyId), inArray(vacancyRecruiters.vacancyId, ids)))
      .orderBy(vacancyRecruiters.userId),
    db
      .select({ vacancyId: applications.vacancyId, total: count() })
      .from(applications)
      .where(and(eq(applications.companyId, companyId), inArray(applications.vacancyId, ids)))
      .groupBy(applications.vacancyId),
    db
      .select({ vacancyId: vacancyInterviewers.vacancyId, userId: vacancyInterviewers.userId })
      .from(vacancyInterviewers)
      .where(and(eq(vacancyInterviewers.companyId, companyId), inArray(vacancyInterviewers.vacancyId, ids)))
      .orderBy(vacancyInterviewers.userId),
  ]);
  for (const row of recruiterRows) {
    recruiters.set(row.vacancyId, [...(recruiters.get(row.vacancyId) ?? []), row.userId]);
  }
  for (const row of interviewerRows) {
    interviewers.set(row.vacancyId, [...(interviewers.get(row.vacancyId) ?? []), row.userId]);
  }
  for (const row of countRows) counts.set(row.vacancyId, row.total);
  return { recruiters, interviewers, counts };
}

/** How many of these ids are enabled staff accounts of the company. */
export function countEnabledStaff(db: Db, companyId: number, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return Promise.resolve(0);
  return db.$count(
    users,
    and(eq(users.companyId, companyId), inArray(users.id, unique), eq(users.isDisabled, false)),
  );
}

/** Makes a vacancy's interviewers exactly these. */
export async function setInterviewers(
  tx: DbOrTx,
  companyId: number,
  vacancyId: number,
  userIds: readonly number[],
): Promise<void> {
  await tx
    .delete(vacancyInterviewers)
    .where(and(eq(vacancyInterviewers.companyId, companyId), eq(vacancyInterviewers.vacancyId, vacancyId)));
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    await tx.insert(vacancyInterviewers).values(unique.map((userId) => ({ companyId, vacancyId, userId })));
  }
}

/** A vacancy's interviewers, by user id. */
export async function findInterviewerIds(
  db: DbOrTx,
  companyId: number,
  vacancyId: number,
): Promise<number[]> {
  const rows = await db
    .select({ userId: vacancyInterviewers.userId })
    .from(vacancyInterviewers)
    .where(and(eq(vacancyInterviewers.companyId, companyId), eq(vacancyInterviewers.vacancyId, vacancyId)))
    .orderBy(vacancyInterviewers.userId);
  return rows.map((row) => row.userId);
}

/** Which of the referenced team, recruiters and form do not belong to the company. */
export async function findUnknownReferences(
  db: Db,
  companyId: number,
  refs: { teamId: number | null; recruiterIds: readonly number[]; formId: number | null },
): Promise<{ team: boolean; recruiters: boolean; form: boolean }> {
  const recruiterIds = [...new Set(refs.recruiterIds)];
  const [teamCount, recruiterCount, formCount] = await Promise.all([
    refs.teamId === null
      ? 1
      : db.$count(teams, and(eq(teams.companyId, companyId), eq(teams.id, refs.teamId))),
    recruiterIds.length === 0
      ? 0
      : db.$count(
          users,
          and(eq(users.companyId, companyId), inArray(users.id, recruiterIds), eq(users.isDisabled, false)),
        ),
    refs.formId === null
      ? 1
      : db.$count(
          applicationForms,
          and(eq(applicationForms.companyId, companyId), eq(applicationForms.id, refs.formId)),
        ),
  ]);
  return { team: teamCount === 0, recruiters: recruiterCount !== recruiterIds.length, form: formCount === 0 };
}

export async function insertVacancy(
  tx: DbOrTx,
  values: NewVacancy & { companyId: number },
): Promise<Vacancy> {
  const [row] = await tx.insert(vacancies).values(values).returning();
  if (!row) throw new Error('vacancy insert returned nothing');
  return row;
}

export async function updateVacancyRow(
  tx: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<NewVacancy>,
): Promise<Vacancy | null> {
  const [row] = await tx
    .update(vacancies)
    .set(values)
    .where(and(eq(vacancies.companyId, companyId), eq(vacancies.id, id)))
    .returning();
  return row ?? null;
}

export async function setRecruiters(
  tx: DbOrTx,
  companyId: number,
  vacancyId: number,
  recruiterIds: readonly number[],
): Promise<void> {
  await tx
    .delete(vacancyRecruiters)
    .where(and(eq(vacancyRecruiters.companyId, companyId), eq(vacancyRecruiters.vacancyId, vacancyId)));
  const unique = [...new Set(recruiterIds)];
  if (unique.length > 0) {
    await tx.insert(vacancyRecruiters).values(unique.map((userId) => ({ companyId, vacancyId, userId })));
  }
}

export async function countApplicationsOf(db: Db, companyId: number, vacancyId: number): Promise<number> {
  return db.$count(
    applications,
    and(eq(applications.companyId, companyId), eq(applications.vacancyId, vacancyId)),
  );
}

export async function deleteVacancyRow(db: Db, companyId: number, id: number): Promise<void> {
  await db.delete(vacancies).where(and(eq(vacancies.companyId, companyId), eq(vacancies.id, id)));
}

/** Teams of the company by name, for pickers. */
export function listTeamNames(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.companyId, companyId))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** Enabled staff of the company by name, for pickers. */
export function listStaffNames(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isDisabled, false)))
    .orderBy(asc(users.name), asc(users.id));
}
