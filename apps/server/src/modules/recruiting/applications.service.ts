import type { Locale } from '@kadry/shared/constants';
import type { FieldPermission } from '@kadry/shared/permissions/vocabulary';
import { route } from '@kadry/shared/routes';
import type { FieldOption, FormField } from '@kadry/shared/schemas/form';
import type { ApplicationDetails, ApplicationSummary } from '@kadry/shared/schemas/recruiting';
import { and, asc, desc, eq, gte, ilike, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { cvParses } from '../../db/schema/cv-parses';
import { storedFiles } from '../../db/schema/files';
import { vacancyStages } from '../../db/schema/recruiting';
import { type ResponseAnswer, responseFiles, responses } from '../../db/schema/responses';
import { vacancies } from '../../db/schema/vacancies';
import { AppError } from '../../lib/app-error';
import { buildContainsPattern } from '../../lib/contains-pattern';
import { requireUser } from '../../plugins/session';
import { findFormDefinition } from '../careers/form-definition.service';
import { type Access, canSeeObject, findLevel, getAccess, scopeWhere } from '../permissions/access';
import { findRecruiterIds, vacancyScopeColumns } from './recruiting-access';
import { listStagesOf, resolveStage, toStageWire } from './stages.service';

/** Whether the role sees a Candidate field (fields_view); governs answers as well as top-level keys. */
export function canSeeField(access: Pick<Access, 'permissions'>, field: FieldPermission): boolean {
  return access.permissions.Candidate.fields_view.includes(field);
}

/** The field permission an answer falls under, by its input type; null when none governs it. */
function answerField(answer: Pick<ResponseAnswer, 'type' | 'input_type'>): FieldPermission | null {
  if (answer.input_type === 'email') return 'field_email';
  if (answer.input_type === 'phone') return 'field_phone';
  if (answer.input_type === 'files' || answer.type === 'cv') return 'field_files';
  if (answer.input_type === 'salary') return 'field_salary';
  if (answer.type === 'birthdate') return 'field_birth_date';
  return null;
}

/** Answers the role may see: those under a field permission it lacks are left out entirely. */
export function isAnswerVisible(access: Pick<Access, 'permissions'>, answer: ResponseAnswer): boolean {
  const field = answerField(answer);
  return field === null || canSeeField(access, field);
}

/** The condition limiting responses (joined to their vacancy) to what the user's Candidate view level reaches. */
export async function applicationScope(request: FastifyRequest): Promise<SQL | undefined> {
  const user = requireUser(request);
  const level = await findLevel(request, 'Candidate', 'view');
  if (level === 'not_visible') throw new AppError('forbidden');
  return and(
    eq(responses.companyId, user.companyId),
    scopeWhere(level, user, vacancyScopeColumns(responses.vacancyId, vacancies.teamId)),
  );
}

const normalisedPhone = (column: SQL.Aliased | typeof candidates.phone) =>
  sql`nullif(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '')`;

/** True when another application's candidate has the same e-mail (any case) or phone. */
const isRepeatSql = sql<boolean>`exists (
  select 1 from responses r2 join candidates c2 on c2.id = r2.candidate_id
  where r2.company_id = ${responses.companyId} and r2.id <> ${responses.id}
    and ((${candidates.email} is not null and lower(c2.email) = lower(${candidates.email}))
      or (${normalisedPhone(candidates.phone)} is not null
          and nullif(regexp_replace(coalesce(c2.phone, ''), '[^0-9]', '', 'g'), '') = ${normalisedPhone(candidates.phone)})))`;

/** The stage an application is in, with "no stage yet" read as the vacancy's first stage. */
const effectiveStageSql = sql<number>`coalesce(${responses.stageId}, (select s.id from vacancy_stages s
  where s.vacancy_id = ${responses.vacancyId} order by s.position limit 1))`;

export type ApplicationFilter = {
  search?: string | undefined;
  vacancyId?: number | undefined;
  stageId?: number | undefined;
  source?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export function buildApplicationWhere(scope: SQL | undefined, filter: ApplicationFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scope];
  if (filter.search) {
    const like = buildContainsPattern(filter.search);
    conditions.push(
      or(ilike(candidates.name, like), ilike(candidates.email, like), ilike(candidates.phone, like)),
    );
  }
  if (filter.vacancyId !== undefined) conditions.push(eq(responses.vacancyId, filter.vacancyId));
  if (filter.stageId !== undefined) conditions.push(sql`${effectiveStageSql} = ${filter.stageId}`);
  if (filter.source !== undefined) conditions.push(eq(responses.source, filter.source));
  if (filter.from) conditions.push(gte(responses.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) {
    const next = new Date(`${filter.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    conditions.push(lt(responses.createdAt, next));
  }
  return and(...conditions);
}

const summaryColumns = {
  id: responses.id,
  companyId: responses.companyId,
  vacancyId: responses.vacancyId,
  vacancyName: vacancies.name,
  vacancyTeamId: vacancies.teamId,
  vacancyFormId: vacancies.formId,
  stageId: responses.stageId,
  source: responses.source,
  createdAt: responses.createdAt,
  answers: responses.answers,
  cvParseId: responses.cvParseId,
  candidateId: candidates.id,
  candidateName: candidates.name,
  candidateEmail: candidates.email,
  candidatePhone: candidates.phone,
  isRepeat: isRepeatSql,
};
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
  answers: ResponseAnswer[];
  cvParseId: number | null;
  candidateId: number;
  candidateName: string;
  candidateEmail: string | null;
  candidatePhone: string | null;
  isRepeat: boolean;
};

export async function findApplicationRows(
  db: Db,
  where: SQL | undefined,
  paging: { limit: number; offset: number } | null,
): Promise<ApplicationRow[]> {
  const query = db
    .select(summaryColumns)
    .from(responses)
    .innerJoin(candidates, eq(candidates.id, responses.candidateId))
    .innerJoin(vacancies, eq(vacancies.id, responses.vacancyId))
    .where(where)
    .orderBy(desc(responses.createdAt), desc(responses.id));
  return paging ? query.limit(paging.limit).offset(paging.offset) : query;
}

export async function countApplications(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(responses)
    .innerJoin(candidates, eq(candidates.id, responses.candidateId))
    .innerJoin(vacancies, eq(vacancies.id, responses.vacancyId))
    .where(where);
  return row?.total ?? 0;
}

/** Summaries with stages resolved and e-mail / phone left out when the role may not see them. */
export async function toSummaries(
  db: Db,
  access: Pick<Access, 'permissions'>,
  rows: readonly ApplicationRow[],
): Promise<ApplicationSummary[]> {
  const companyId = rows[0]?.companyId;
  const stages =
    companyId === undefined
      ? new Map()
      : await listStagesOf(db, companyId, [...new Set(rows.map((r) => r.vacancyId))]);
  return rows.map((row) => toSummary(access, row, stages.get(row.vacancyId) ?? []));
}

function toSummary(
  access: Pick<Access, 'permissions'>,
  row: ApplicationRow,
  stages: Parameters<typeof resolveStage>[0],
): ApplicationSummary {
  const candidate: ApplicationSummary['candidate'] = {
    id: row.candidateId,
    name: row.candidateName,
    email: row.candidateEmail,
    phone: row.candidatePhone,
  };
  // Hidden fields are absent from the answer, not nulled (the matrix test checks the keys).
  if (!canSeeField(access, 'field_email')) delete (candidate as Partial<typeof candidate>).email;
  if (!canSeeField(access, 'field_phone')) delete (candidate as Partial<typeof candidate>).phone;
  return {
    id: row.id,
    candidate,
    vacancy: { id: row.vacancyId, name: row.vacancyName },
    stage: toStageWire(resolveStage(stages, row.stageId)),
    source: row.source,
    created_at: row.createdAt.toISOString(),
    is_repeat: Boolean(row.isRepeat),
  };
}

/**
 * One application when the user's Candidate view level reaches its vacancy; 404 otherwise (hidden
 * and missing look the same). With `action`, also 403 unless that action reaches it.
 */
export async function findReachableApplication(
  db: Db,
  request: FastifyRequest,
  id: number,
  action?: 'update' | 'create',
): Promise<ApplicationRow> {
  const user = requireUser(request);
  const [row] = await findApplicationRows(
    db,
    and(eq(responses.id, id), eq(responses.companyId, user.companyId)),
    { limit: 1, offset: 0 },
  );
  if (!row) throw new AppError('not_found');
  const access = await getAccess(request);
  const ownership = {
    companyId: row.companyId,
    ownerIds: await findRecruiterIds(db, row.vacancyId),
    teamId: row.vacancyTeamId,
  };
  if (!canSeeObject(await findLevel(request, 'Candidate', 'view'), access, ownership)) {
    throw new AppError('not_found');
  }
  if (action && !canSeeObject(await findLevel(request, 'Candidate', action), access, ownership)) {
    throw new AppError('forbidden');
  }
  return row;
}

function optionName(options: readonly FieldOption[] | undefined, id: unknown): string {
  const found = options?.find((option) => String(option.id) === String(id));
  return found ? found.name : String(id ?? '');
}

/** How a person reads an answer: option names for ids, "min – max currency", file names. */
export function formatAnswer(answer: ResponseAnswer, field: FormField | undefined): string {
  const value = answer.value;
  const options = field?.input_meta?.options;
  if (value === null || value === undefined) return '';
  switch (answer.input_type) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'select':
      return optionName(options, value);
    case 'multiselect':
    case 'checkbox_list':
      return Array.isArray(value) ? value.map((id) => optionName(options, id)).join(', ') : String(value);
    case 'language':
      return Array.isArray(value)
        ? value
            .map((row: { language?: unknown; level?: unknown }) => {
              const language = options?.find((option) => String(option.id) === String(row.language));
              const level = language?.meta?.find((item) => String(item.id) === String(row.level));
              return `${language?.name ?? String(row.language)} - ${level?.name ?? String(row.level)}`;
            })
            .join(', ')
        : '';
    case 'salary': {
      const salary = value as { min?: string; max?: string; currency?: string };
      const range = [salary.min, salary.max].filter((part) => part && part !== '').join(' – ');
      const currency = salary.currency ? optionName(options, salary.currency) : '';
      return [range, currency].filter(Boolean).join(' ');
    }
    case 'files':
      return Array.isArray(value)
        ? value.map((file: { name?: unknown }) => String(file.name ?? '')).join(', ')
        : '';
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** The candidate card: summary, every visible answer, files (if the role sees files), CV text, other applications. */
export async function buildApplicationDetails(
  db: Db,
  request: FastifyRequest,
  row: ApplicationRow,
  locale: Locale,
): Promise<ApplicationDetails> {
  const access = await getAccess(request);
  const [summary] = await toSummaries(db, access, [row]);
  if (!summary) throw new AppError('not_found');
  const canSeeFiles = canSeeField(access, 'field_files');
  const fields = await findFormDefinition(db, row.companyId, row.vacancyFormId, locale);
  const files = canSeeFiles
    ? await db
        .select({
          id: storedFiles.id,
          fieldIndex: responseFiles.fieldIndex,
          name: storedFiles.originalName,
          size: storedFiles.size,
          format: storedFiles.detectedFormat,
        })
        .from(responseFiles)
        .innerJoin(storedFiles, eq(storedFiles.id, responseFiles.storedFileId))
        .where(and(eq(responseFiles.companyId, row.companyId), eq(responseFiles.responseId, row.id)))
        .orderBy(asc(responseFiles.fieldIndex), asc(responseFiles.position))
    : [];
  const answers = row.answers.flatMap((answer, index) => {
    if (!isAnswerVisible(access, answer)) return [];
    const field = fields.find((f) => f.name === answer.name && f.input_type === answer.input_type);
    return [
      {
        name: answer.name,
        type: answer.type,
        input_type: answer.input_type,
        value: answer.value,
        display: formatAnswer(answer, field),
        files: files
          .filter((file) => file.fieldIndex === index)
          .map((file) => ({
            id: file.id,
            name: file.name,
            size: file.size,
            format: file.format,
            download_url: route('recruiting.files.download', { id: file.id }),
          })),
      },
    ];
  });
  let cvText: string | null = null;
  if (canSeeFiles && row.cvParseId !== null) {
    const [parse] = await db
      .select({ text: cvParses.text })
      .from(cvParses)
      .where(eq(cvParses.id, row.cvParseId));
    cvText = parse?.text ?? null;
  }
  return {
    ...summary,
    answers,
    cv_text: cvText,
    other_applications: await findOtherApplications(db, request, row),
  };
}

/** The same person's other applications (by e-mail, any case, or phone) that the user may see. */
async function findOtherApplications(db: Db, request: FastifyRequest, row: ApplicationRow) {
  const matches: SQL[] = [];
  if (row.candidateEmail) matches.push(sql`lower(${candidates.email}) = lower(${row.candidateEmail})`);
  const digits = row.candidatePhone?.replace(/\D/g, '') ?? '';
  if (digits !== '') matches.push(sql`${normalisedPhone(candidates.phone)} = ${digits}`);
  if (matches.length === 0) return [];
  const others = await findApplicationRows(
    db,
    and(await applicationScope(request), ne(responses.id, row.id), or(...matches)),
    { limit: 50, offset: 0 },
  );
  return others.map((other) => ({
    id: other.id,
    vacancy: { id: other.vacancyId, name: other.vacancyName },
    created_at: other.createdAt.toISOString(),
  }));
}

/** Moves an application to a stage of its own vacancy (422 for any other stage). */
export async function moveApplication(db: Db, row: ApplicationRow, stageId: number): Promise<void> {
  const [stage] = await db
    .select({ id: vacancyStages.id })
    .from(vacancyStages)
    .where(
      and(
        eq(vacancyStages.id, stageId),
        eq(vacancyStages.companyId, row.companyId),
        eq(vacancyStages.vacancyId, row.vacancyId),
      ),
    );
  if (!stage) throw new AppError('validation', { issues: { stage_id: [{ key: 'errors.invalid_value' }] } });
  await db.update(responses).set({ stageId }).where(eq(responses.id, row.id));
}
