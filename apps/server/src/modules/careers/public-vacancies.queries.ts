import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { buildContainsPattern } from '../../lib/contains-pattern';

export type PublicListFilters = {
  search?: string | undefined;
  residence?: string | undefined;
  workTypes?: string | undefined;
};

function publishedWhere(companyId: number, filters: PublicListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(vacancies.companyId, companyId),
    eq(vacancies.isPublished, true),
  ];
  // PostgreSQL text cannot hold U+0000, so no vacancy contains a filter with one; sent as a query
  // parameter it would fail the whole query (a 500) instead of matching nothing.
  if ([filters.search, filters.residence, filters.workTypes].some((text) => text?.includes('\u0000'))) {
    conditions.push(sql`false`);
    return and(...conditions);
  }
  if (filters.search) {
    conditions.push(sql`${vacancies.search} @@ websearch_to_tsquery('simple', ${filters.search})`);
  }
  if (filters.residence) conditions.push(ilike(vacancies.residence, buildContainsPattern(filters.residence)));
  if (filters.workTypes) conditions.push(ilike(vacancies.workTypes, buildContainsPattern(filters.workTypes)));
  return and(...conditions);
}

const listColumns = {
  id: vacancies.id,
  name: vacancies.name,
  isHot: vacancies.isHot,
  salary: vacancies.salary,
  residence: vacancies.residence,
  experience: vacancies.experience,
  workTypes: vacancies.workTypes,
};

/** One page of published vacancies, newest first; `id` breaks ties so pages never overlap. */
export async function findPublishedVacancyPage(
  db: Db,
  companyId: number,
  filters: PublicListFilters,
  page: { limit: number; offset: number },
) {
  const where = publishedWhere(companyId, filters);
  const [rows, totals] = await Promise.all([
    db
      .select(listColumns)
      .from(vacancies)
      .where(where)
      .orderBy(desc(vacancies.publishedAt), desc(vacancies.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(vacancies).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findPublishedVacancy(db: Db, companyId: number, id: number) {
  const rows = await db
    .select({
      ...listColumns,
      languages: vacancies.languages,
      description: vacancies.description,
      demand: vacancies.demand,
      responsibility: vacancies.responsibility,
      addition: vacancies.addition,
      workingConditions: vacancies.workingConditions,
      formId: vacancies.formId,
      publishedAt: vacancies.publishedAt,
      updatedAt: vacancies.updatedAt,
    })
    .from(vacancies)
    .where(and(eq(vacancies.companyId, companyId), eq(vacancies.id, id), eq(vacancies.isPublished, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPublishedVacancyIds(db: Db, companyId: number) {
  return db
    .select({ id: vacancies.id, updatedAt: vacancies.updatedAt })
    .from(vacancies)
    .where(and(eq(vacancies.companyId, companyId), eq(vacancies.isPublished, true)))
    .orderBy(desc(vacancies.publishedAt), desc(vacancies.id));
}

/** A published vacancy's structured salary columns (issue 17), or null when it is not published. */
export async function findPublishedSalaryColumns(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({
      min: vacancies.salaryMin,
      max: vacancies.salaryMax,
      currency: vacancies.salaryCurrency,
      period: vacancies.salaryPeriod,
    })
    .from(vacancies)
    .where(and(eq(vacancies.companyId, companyId), eq(vacancies.id, id), eq(vacancies.isPublished, true)))
    .limit(1);
  return row ?? null;
}
