import type { Level } from '@kadry/shared/permissions/vocabulary';
import { and, asc, desc, eq, gte, ilike, lt, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type ApplicationAnswer,
  applicationComments,
  applicationFiles,
  applications,
  candidates,
} from '../../db/schema/applications';
import { cvParses } from '../../db/schema/cv-parses';
import { storedFiles } from '../../db/schema/files';
import { users } from '../../db/schema/users';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { buildContainsPattern } from '../../lib/contains-pattern';
import { type ScopeColumns, type ScopeSubject, scopeWhere } from '../../plugins/access/access';

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
  return sql<boolean>`exists (
    select 1 from applications r2
    join candidates c2 on c2.company_id = r2.company_id and c2.id = r2.candidate_id
    join vacancies v2 on v2.company_id = r2.company_id and v2.id = r2.vacancy_id
    where r2.company_id = ${applications.companyId}
      and (r2.created_at, r2.id) < (${applications.createdAt}, ${applications.id})
      and ((${candidates.email} is not null and lower(c2.email) = lower(${candidates.email}))
        or (${normalisedPhone(candidates.phone)} is not null
            and ${normalisedPhone(sql`c2.phone`)} = ${normalisedPhone(candidates.phone)}))
      ${reach ? sql`and ${reach}` : sql``})`;
}

/** The stage an application is in, with "no stage yet" read as the vacancy's first stage. */
const effectiveStageSql = sql<number>`coalesce(${applications.stageId}, (select s.id from vacancy_stages s
  where s.company_id = ${applications.companyId} and s.vacancy_id = ${applications.vacancyId}
  order by s.position limit 1))`;

export type ApplicationFilter = {
  /** Matched against the name, and against e-mail and phone only where the role sees them. */
  search?: { text: string; email: boolean; phone: boolean } | undefined;
  vacancyId?: number | undefined;
  stageId?: number | undefined;
  source?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** Which applications a query reads: the company, the user's reach, the filters. */
export type ApplicationSelection = {
  companyId: number;
  /** The reach of the user's Candidate view level over applications joined to vacancies. */
  scope: SQL | undefined;
  /** The same reach over the earlier applications `r2` / `v2` compared for repeats. */
  repeatScope: SQL | undefined;
  filter: ApplicationFilter;
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

function buildWhere(selection: ApplicationSelection): SQL | undefined {
  const { filter } = selection;
  const conditions: (SQL | undefined)[] = [eq(applications.companyId, selection.companyId), selection.scope];
  if (filter.search) {
    const like = buildContainsPattern(filter.search.text);
    conditions.push(
      or(
        ilike(candidates.name, like),
        filter.search.email ? ilike(candidates.email, like) : undefined,
        filter.search.phone ? ilike(candidates.phone, like) : undefined,
      ),
    );
  }
  if (filter.vacancyId !== undefined) conditions.push(eq(applications.vacancyId, filter.vacancyId));
  if (filter.stageId !== undefined) conditions.push(sql`${effectiveStageSql} = ${filter.stageId}`);
  if (filter.source !== undefined) conditions.push(eq(applications.source, filter.source));
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
};

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
    .orderBy(desc(applications.createdAt), desc(applications.id));
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
): Promise<ApplicationRow | null> {
  const [row] = await selectRows(db, {
    companyId,
    scope: eq(applications.id, id),
    repeatScope,
    filter: {},
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

export async function findCvText(db: Db, companyId: number, cvParseId: number): Promise<string | null> {
  const [parse] = await db
    .select({ text: cvParses.text })
    .from(cvParses)
    .where(and(eq(cvParses.companyId, companyId), eq(cvParses.id, cvParseId)));
  return parse?.text ?? null;
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

export type CommentRow = {
  id: number;
  text: string;
  isShared: boolean;
  createdAt: Date;
  authorId: number;
  authorName: string;
};

/** Whose comments a reader sees besides the shared ones: their own, or everyone's (see_all_comments). */
export type CommentReader = { userId: number; seesAllComments: boolean };

/** An application's comments the reader may see, oldest first (decision 011). */
export function findComments(
  db: Db,
  companyId: number,
  applicationId: number,
  reader: CommentReader,
): Promise<CommentRow[]> {
  return db
    .select({
      id: applicationComments.id,
      text: applicationComments.text,
      isShared: applicationComments.isShared,
      createdAt: applicationComments.createdAt,
      authorId: users.id,
      authorName: users.name,
    })
    .from(applicationComments)
    .innerJoin(
      users,
      and(eq(users.companyId, applicationComments.companyId), eq(users.id, applicationComments.authorId)),
    )
    .where(
      and(
        eq(applicationComments.companyId, companyId),
        eq(applicationComments.applicationId, applicationId),
        reader.seesAllComments
          ? undefined
          : or(eq(applicationComments.isShared, true), eq(applicationComments.authorId, reader.userId)),
      ),
    )
    .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id));
}

export async function insertComment(
  db: Db,
  values: { companyId: number; applicationId: number; authorId: number; text: string; isShared: boolean },
): Promise<{ id: number; text: string; isShared: boolean; createdAt: Date }> {
  const [comment] = await db.insert(applicationComments).values(values).returning({
    id: applicationComments.id,
    text: applicationComments.text,
    isShared: applicationComments.isShared,
    createdAt: applicationComments.createdAt,
  });
  if (!comment) throw new Error('comment insert returned nothing');
  return comment;
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
