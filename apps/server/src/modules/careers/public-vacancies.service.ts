import type { SalaryRange } from '@kadry/shared/schemas/interviews';
import type { VacancyDetails, VacancyListQuery, VacancyListResponse } from '@kadry/shared/schemas/vacancy';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { vacancyPublicUrl } from '../../lib/public-urls';
import { renderVacancyHtml } from '../../lib/vacancy-html';
import {
  findPublishedSalaryColumns,
  findPublishedVacancy,
  findPublishedVacancyIds,
  findPublishedVacancyPage,
} from './public-vacancies.queries';

/** GET /api/v1/public-vacancies: published vacancies of the company, newest first, paged. */
export async function listPublicVacancies(
  db: Db,
  company: Company,
  query: VacancyListQuery,
  origin: string,
): Promise<VacancyListResponse> {
  const { rows, total } = await findPublishedVacancyPage(
    db,
    company.id,
    { search: query.search, residence: query.residence, workTypes: query.work_types },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      public_url: vacancyPublicUrl(origin, row.id),
      is_hot: row.isHot,
      salary: row.salary || null,
      residence: row.residence || null,
      experience: row.experience || null,
      work_types: row.workTypes || null,
    })),
    meta: {
      current_page: query.page,
      // An empty list still has one (empty) page.
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/** GET /api/v1/public-vacancies/{id}: the published vacancy with its body sanitised, or null. */
export async function findPublicVacancy(
  db: Db,
  company: Company,
  id: number,
  origin: string,
): Promise<VacancyDetails | null> {
  const row = await findPublishedVacancy(db, company.id, id);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    public_url: vacancyPublicUrl(origin, row.id),
    is_hot: row.isHot,
    salary: row.salary || null,
    residence: row.residence || null,
    experience: row.experience || null,
    work_types: row.workTypes || null,
    languages: row.languages.filter((entry) => entry.language),
    description: renderVacancyHtml(row.description),
    demand: renderVacancyHtml(row.demand),
    responsibility: renderVacancyHtml(row.responsibility),
    addition: renderVacancyHtml(row.addition),
    working_conditions: renderVacancyHtml(row.workingConditions),
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Which application form a published vacancy takes (`formId` null: the company's default), or null
 * when the vacancy is unknown or not published.
 */
export async function findPublishedVacancyForm(
  db: Db,
  companyId: number,
  id: number,
): Promise<{ formId: number | null } | null> {
  const row = await findPublishedVacancy(db, companyId, id);
  return row ? { formId: row.formId } : null;
}

/** For the sitemap: every published vacancy with its last change. */
export async function listPublishedVacancyIds(
  db: Db,
  companyId: number,
): Promise<{ id: number; updated_at: string }[]> {
  const rows = await findPublishedVacancyIds(db, companyId);
  return rows.map((row) => ({ id: row.id, updated_at: row.updatedAt.toISOString() }));
}

/** Parses a path id; anything but a positive 32-bit integer cannot name a vacancy. */
export function parseVacancyId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A published vacancy's structured salary for its JobPosting (null when none is set). */
export async function findPublishedSalaryRange(
  db: Db,
  companyId: number,
  id: number,
): Promise<SalaryRange | null> {
  const row = await findPublishedSalaryColumns(db, companyId, id);
  if (!row || (row.min === null && row.max === null) || !row.currency || !row.period) return null;
  return { min: row.min, max: row.max, currency: row.currency, period: row.period };
}
