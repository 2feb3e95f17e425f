import type { Level } from '@kadry/shared/permissions/vocabulary';
import { and, asc, eq, gte, inArray, lt, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type ApplicationAnswer,
  applicationFiles,
  applications,
  candidates,
} from '../../db/schema/applications';
import { cvParses } from '../../db/schema/cv-parses';
import { storedFiles } from '../../db/schema/files';
import { applicationTags } from '../../db/schema/recruiting-tags';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { type ScopeColumns, type ScopeSubject, scopeWhere } from '../../plugins/access/access';
import { buildSearchCondition, type SearchText, searchOrderBy } from './application-search-condition.queries';
import {
  type ApplicationSort,
  applicationOrderBy,
  latestRecommendationSql,
  type ScorecardReader,
  stageEnteredAtSql,
} from './application-sort.queries';

// All SQL of applications; every statement filters by company_id.

const normalisedPhone = (column: SQL | typeof candidates.phone) =>
  sql`nullif(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '')`;

/**
 * True when the same person (an earlier application's candidate with the same e-mail, any case, or
 * phone) applied before, among the applications `reach` allows (a condition on `r2` and `v2`).
 * "Before" is by the date staff see (created_at, the request's arrival), the id only breaking ties:
 * ids follow the order applications were stored, and a slow upload is stored after a quick one the
 * same person sent later (issue 18 bug 4).
 */
function isRepeatSql(reach: SQL | undefined) {
  // One EXISTS per contact, each matching an index of candidates (lower(email); the phone's digits),
  // so a row costs a few index probes rather than a pass over the company's applications.
  const earlier = (match: SQL) => sql`exists (
    select 1 from candidates c2
    join applications r2 on r2.company_id = c2.company_id and r2.candidate_id = c2.id
    join vacancies v2 on v2.company_id = r2.company_id and v2.id = r2.vacancy_id
    where c2.company_id = ${applications.companyId} and ${match}
      and (r2.created_at, r2.id) < (${applications.createdAt}, ${applications.id})
      ${reach ? sql`and ${reach}` : sql``})`;
  const digits = sql`regexp_replace(coalesce(${candidates.phone}, ''), '[^0-9]', '', 'g')`;
  return sql<boolean>`(${earlier(sql`${candidates.email} is not null and lower(c2.email) = lower(${candidates.email})`)}
    or (${digits} <> '' and ${earlier(sql`regexp_replace(coalesce(c2.phone, ''), '[^0-9]', '', 'g') = ${digits}`)}))`;
}

/** The stage an application is in, with "no stage yet" read as the vacancy's first stage. */
const effectiveStageSql = sql<number>`coalesce(${applications.stageId}, (select s.id from vacancy_stages s
  where s.company_id = ${applications.companyId} and s.vacancy_id = ${applications.vacancyId}
  order by s.position limit 1))`;

export type ApplicationFilter = {
  /** Matched against the name, and against e-mail and phone only where the role sees them. */
  search?: SearchText | undefined;
  vacancyId?: number | undefined;
  stageId?: number | undefined;
  source?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Only these applications (a bulk action's or an export's selection). */
  ids?: readonly number[] | undefined;
  /** Only applications carrying this tag. */
  tagId?: number | undefined;
};

/** Which applications a query reads: the company, the user's reach, the filters. */
export type ApplicationSelection = {
  companyId: number;
  /** The reach of the user's Candidate view level over applications joined to vacancies. */
  scope: SQL | undefined;
  /** The same reach over the earlier applications `r2` / `v2` compared for repeats. */
  repeatScope: SQL | undefined;
  filter: ApplicationFilter;
  /** The order of the rows (newest first when absent). */
  sort?: ApplicationSort | undefined;
  /** Whose eyes the latest rating is read with (null rating when absent). */
  reader?: ScorecardReader | undefined;
};

/**
 * The reach of a Candidate view level over applications (joined to their vacancy) and over the
 * earlier applications (`r2` / `v2`) a repeat is judged by. `ownership` says who owns a vacancy's rows.
 */
export function applicationReach(
  level: Level,
  subject: ScopeSubject,
  ownership: (vacancyId: SQLWrapper, teamId: SQLWrapper, companyId: SQLWrapper) => ScopeColumns,
): Pick<ApplicationSelection, 'scope' | 'repeatScope'> {
  return {
    scope: scopeWhere(
      level,
      subject,
      ownership(applications.vacancyId, vacancies.teamId, applications.companyId),
    ),
    repeatScope: scopeWhere(
      level,
      subject,
      ownership(sql`r2.vacancy_id`, sql`v2.team_id`, sql`r2.company_id`),
    ),
  };
}

export function buildWhere(selection: ApplicationSelection): SQL | undefined {
  const { filter } = selection;
  const conditions: (SQL | undefined)[] = [eq(applications.companyId, selection.companyId), selection.scope];
  // Full text over answers and CV, substring over name and visible contacts (decision 027).
  if (filter.search) conditions.push(buildSearchCondition(selection.companyId, filter.search));
  if (filter.vacancyId !== undefined) conditions.push(eq(applications.vacancyId, filter.vacancyId));
  if (filter.stageId !== undefined) conditions.push(sql`${effectiveStageSql} = ${filter.stageId}`);
  if (filter.source !== undefined) conditions.push(eq(applications.source, filter.source));
  if (filter.ids !== undefined) conditions.push(inArray(applications.id, [...filter.ids]));
  if (filter.tagId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${applicationTags} t where t.company_id = ${applications.companyId}
        and t.application_id = ${applications.id} and t.tag_id = ${filter.tagId})`,
    );
  }
  if (filter.from) conditions.push(gte(applications.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) {
    const next = new Date(`${filter.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    conditions.push(lt(applications.createdAt, next));
  }
  return and(...conditions);
}

export type ApplicationRow = {
  id: number;
  companyId: number;
  vacancyId: number;
  vacancyName: string;
  vacancyTeamId: number | null;
  vacancyFormId: number | null;
  stageId: number | null;
  source: string;
  createdAt: Date;
  answers: ApplicationAnswer[];
  cvParseId: number | null;
  candidateId: number;
  candidateName: string;
  candidateEmail: string | null;
  candidatePhone: string | null;
  isRepeat: boolean;
  stageEnteredAt: Date;
  latestRecommendation: string | null;
};

// Searched without a chosen sort, the rows come best match first (decision 027).
function selectRows(db: Db, selection: ApplicationSelection) {
  return db
    .select({
      id: applications.id,
      companyId: applications.companyId,
      vacancyId: applications.vacancyId,
      vacancyName: vacancies.name,
      vacancyTeamId: vacancies.teamId,
      vacancyFormId: vacancies.formId,
      stageId: applications.stageId,
      source: applications.source,
      createdAt: applications.createdAt,
      answers: applications.answers,
      cvParseId: applications.cvParseId,
      candidateId: candidates.id,
      candidateName: candidates.name,
      candidateEmail: candidates.email,
      candidatePhone: candidates.phone,
      isRepeat: isRepeatSql(selection.repeatScope),
      stageEnteredAt: stageEnteredAtSql,
      latestRecommendation: latestRecommendationSql(selection.reader),
    })
    .from(applications)
    .innerJoin(
      candidates,
      and(eq(candidates.companyId, applications.companyId), eq(candidates.id, applications.candidateId)),
    )
    .innerJoin(
      vacancies,
      and(eq(vacancies.companyId, applications.companyId), eq(vacancies.id, applications.vacancyId)),
    )
    .where(buildWhere(selection))
    .orderBy(
      ...(selection.filter.search && !selection.sort
        ? searchOrderBy(selection.filter.search)
        : applicationOrderBy(selection.sort, selection.reader)),
    );
}

export async function findApplicationRows(
  db: Db,
  selection: ApplicationSelection,
  paging: { limit: number; offset: number },
): Promise<ApplicationRow[]> {
  return selectRows(db, selection).limit(paging.limit).offset(paging.offset);
}

/** One application of the company, whatever the user's reach (the service checks reach itself). */
export async function findApplicationRow(
  db: Db,
  companyId: number,
  id: number,
  repeatScope: SQL | undefined,
  reader?: ScorecardReader,
): Promise<ApplicationRow | null> {
  const [row] = await selectRows(db, {
    companyId,
    scope: eq(applications.id, id),
    repeatScope,
    filter: {},
    reader,
  }).limit(1);
  return row ?? null;
}

export async function countApplications(db: Db, selection: ApplicationSelection): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(applications)
    .innerJoin(
      candidates,
      and(eq(candidates.companyId, applications.companyId), eq(candidates.id, applications.candidateId)),
    )
    .innerJoin(
      vacancies,
      and(eq(vacancies.companyId, applications.companyId), eq(vacancies.id, applications.vacancyId)),
    )
    .where(buildWhere(selection));
  return row?.total ?? 0;
}

/** The same person's other applications (by e-mail, any case, or phone) within a selection. */
export async function findOtherApplicationRows(
  db: Db,
  selection: Omit<ApplicationSelection, 'filter'>,
  of: Pick<ApplicationRow, 'id' | 'candidateEmail' | 'candidatePhone'>,
): Promise<ApplicationRow[]> {
  const matches: SQL[] = [];
  if (of.candidateEmail) matches.push(sql`lower(${candidates.email}) = lower(${of.candidateEmail})`);
  const digits = of.candidatePhone?.replace(/\D/g, '') ?? '';
  if (digits !== '') matches.push(sql`${normalisedPhone(candidates.phone)} = ${digits}`);
  if (matches.length === 0) return [];
  return selectRows(db, {
    ...selection,
    scope: and(selection.scope, ne(applications.id, of.id), or(...matches)),
    filter: {},
  }).limit(50);
}

export type ApplicationFileRow = {
  id: number;
  fieldIndex: number;
  name: string;
  size: number;
  format: string | null;
};

export function findApplicationFiles(
  db: Db,
  companyId: number,
  applicationId: number,
): Promise<ApplicationFileRow[]> {
  return db
    .select({
      id: storedFiles.id,
      fieldIndex: applicationFiles.fieldIndex,
      name: storedFiles.originalName,
      size: storedFiles.size,
      format: storedFiles.detectedFormat,
    })
    .from(applicationFiles)
    .innerJoin(
      storedFiles,
      and(
        eq(storedFiles.companyId, applicationFiles.companyId),
        eq(storedFiles.id, applicationFiles.storedFileId),
      ),
    )
    .where(and(eq(applicationFiles.companyId, companyId), eq(applicationFiles.applicationId, applicationId)))
    .orderBy(asc(applicationFiles.fieldIndex), asc(applicationFiles.position));
}

/**
 * An application's CV text: the copy kept on the application since decision 027, else the parse it
 * points to (applications stored before then, while their parse lives).
 */
export async function findCvText(db: Db, companyId: number, applicationId: number): Promise<string | null> {
  const [row] = await db
    .select({ text: sql<string | null>`coalesce(${applications.cvText}, ${cvParses.text})` })
    .from(applications)
    .leftJoin(
      cvParses,
      and(eq(cvParses.companyId, applications.companyId), eq(cvParses.id, applications.cvParseId)),
    )
    .where(and(eq(applications.companyId, companyId), eq(applications.id, applicationId)));
  return row?.text ?? null;
}

/** Moves an application to a stage (the caller checked the stage is its vacancy's). */
export async function updateApplicationStage(
  db: Pick<Db, 'update'>,
  companyId: number,
  applicationId: number,
  stageId: number,
): Promise<void> {
  await db
    .update(applications)
    .set({ stageId })
    .where(and(eq(applications.companyId, companyId), eq(applications.id, applicationId)));
}

/** A stored file of an application, with the application it belongs to. */
export async function findApplicationFile(
  db: Db,
  companyId: number,
  fileId: number,
): Promise<{
  storageKey: string;
  name: string;
  size: number;
  format: string | null;
  applicationId: number;
} | null> {
  const [file] = await db
    .select({
      storageKey: storedFiles.storageKey,
      name: storedFiles.originalName,
      size: storedFiles.size,
      format: storedFiles.detectedFormat,
      applicationId: applicationFiles.applicationId,
    })
    .from(storedFiles)
    .innerJoin(
      applicationFiles,
      and(
        eq(applicationFiles.companyId, storedFiles.companyId),
        eq(applicationFiles.storedFileId, storedFiles.id),
      ),
    )
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, fileId)))
    .limit(1);
  return file ?? null;
}
