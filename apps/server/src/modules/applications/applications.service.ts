import type { Locale } from '@kadry/shared/constants';
import type { FieldPermission } from '@kadry/shared/permissions/vocabulary';
import { route } from '@kadry/shared/routes';
import { SCORECARD_RECOMMENDATIONS, type ScorecardRecommendation } from '@kadry/shared/schemas/interviews';
import {
  type ApplicationDetails,
  type ApplicationListQuery,
  type ApplicationSummary,
  DEFAULT_SORT_ORDER,
} from '@kadry/shared/schemas/recruiting';
import { EMAIL_LABEL_PATTERN, PHONE_LABEL_PATTERN } from '../../db/schema/application-search-sql';
import type { ApplicationAnswer } from '../../db/schema/applications';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { describeDownload } from '../../lib/download-type';
import type { EventBus } from '../../lib/event-bus';
import type { ExportTable } from '../../lib/export-table';
import { type Access, canSeeObject, hasNamedAction, levelFor } from '../../plugins/access/access';
import { findDictionaryEntryNames } from '../dictionaries/dictionaries.service';
import { findFormDefinition } from '../forms/forms.service';
import {
  findPipelines,
  findVacancyRecruiterIds,
  isStageOfVacancy,
  resolveStage,
  toStageWire,
  vacancyScopeColumns,
} from '../vacancies/vacancies.service';
import { findRejections, insertActivity } from './application-history.queries';
import { findTagsOfApplications } from './application-tags.queries';
import {
  type ApplicationFilter,
  type ApplicationRow,
  type ApplicationSelection,
  applicationReach,
  countApplications,
  findApplicationFile,
  findApplicationFiles,
  findApplicationRow,
  findApplicationRows,
  findCvText,
  findOtherApplicationRows,
  updateApplicationStage,
} from './applications.queries';
import { findSnippets } from './candidate-search.queries';
import { formatAnswer } from './format-answer';
import { chooseSnippet } from './search-snippets';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the application rules need to act for a signed-in user. */
export type ApplicationContext = {
  db: Db;
  access: Access;
  /** Announces stage changes (application.stage_changed) in the same transaction. */
  events: Pick<EventBus, 'publish' | 'publishMany' | 'dispatchSoon'>;
};

/** Rows one export may hold; beyond it, narrow the filters. */
const EXPORT_LIMIT = 10_000;

/** Whether the role sees a Candidate field (fields_view); governs answers as well as top-level keys. */
export function canSeeField(access: Pick<Access, 'permissions'>, field: FieldPermission): boolean {
  return access.permissions.Candidate.fields_view.includes(field);
}

/** Labels that name an e-mail or a phone, in the languages forms are written in (en, ru, uk). */
// One list with the search vector, which leaves such answers out (db/schema/application-search-sql.ts).
const EMAIL_LABEL = new RegExp(EMAIL_LABEL_PATTERN, 'i');
const PHONE_LABEL = new RegExp(PHONE_LABEL_PATTERN, 'i');

/**
 * The field permission an answer falls under, by what the field means: its type (`email`, `phone`,
 * `cv`…), its input type, or — for a custom field entered as plain text — a label that names an
 * e-mail or a phone ("Work e-mail", "Телефон"). Null when none governs it.
 */
function answerField(
  answer: Pick<ApplicationAnswer, 'name' | 'type' | 'input_type'>,
): FieldPermission | null {
  if (answer.type === 'email' || answer.input_type === 'email') return 'field_email';
  if (answer.type === 'phone' || answer.input_type === 'phone') return 'field_phone';
  if (answer.input_type === 'files' || answer.type === 'cv' || answer.type === 'files') return 'field_files';
  if (answer.input_type === 'salary' || answer.type === 'salary') return 'field_salary';
  if (answer.type === 'birthdate') return 'field_birth_date';
  if (EMAIL_LABEL.test(answer.name)) return 'field_email';
  if (PHONE_LABEL.test(answer.name)) return 'field_phone';
  return null;
}

/** Answers the role may see: those under a field permission it lacks are left out entirely. */
function isAnswerVisible(access: Pick<Access, 'permissions'>, answer: ApplicationAnswer): boolean {
  const field = answerField(answer);
  return field === null || canSeeField(access, field);
}

/**
 * What the user's Candidate view level reaches: applications whose vacancy it reaches (403 when the
 * role sees no candidates at all), for the rows listed and for the earlier ones a repeat is judged by.
 */
export function selectionOf(access: Access, filter: ApplicationFilter): ApplicationSelection {
  const level = levelFor(access, 'Candidate', 'view');
  if (level === 'not_visible') throw new AppError('forbidden');
  return {
    companyId: access.user.companyId,
    ...applicationReach(level, access, vacancyScopeColumns),
    filter,
    reader: {
      userId: access.user.id,
      seesScorecardsFirst: hasNamedAction(access, 'Candidate', 'see_scorecards_before_submitting'),
    },
  };
}

/** The list's sorting: a column, in the given direction or the column's own default. */
function sortOf(query: Pick<ApplicationListQuery, 'sort' | 'order'>): ApplicationSelection['sort'] {
  if (!query.sort) return undefined;
  return { column: query.sort, order: query.order ?? DEFAULT_SORT_ORDER[query.sort] };
}

export function filterOf(
  access: Access,
  query: Omit<ApplicationListQuery, 'page' | 'per_page' | 'sort' | 'order'>,
): ApplicationFilter {
  return {
    // Search only what the user may see: a hidden e-mail must not be guessable letter by letter.
    search: query.search
      ? {
          text: query.search,
          email: canSeeField(access, 'field_email'),
          phone: canSeeField(access, 'field_phone'),
          // The CV text (full-text weight B) only for roles that see candidates' files.
          files: canSeeField(access, 'field_files'),
        }
      : undefined,
    vacancyId: query.vacancy_id,
    stageId: query.stage_id,
    source: query.source,
    tagId: query.tag_id,
    from: query.from,
    to: query.to,
  };
}

/** A stored recommendation as the wire names it (null for none or anything unknown). */
function toRecommendation(value: string | null): ScorecardRecommendation | null {
  return SCORECARD_RECOMMENDATIONS.find((known) => known === value) ?? null;
}

/** Summaries with stages resolved and e-mail / phone left out when the role may not see them. */
export async function toSummaries(
  db: Db,
  access: Access,
  rows: readonly ApplicationRow[],
): Promise<ApplicationSummary[]> {
  const companyId = access.user.companyId;
  const [stages, rejections, tags] = await Promise.all([
    findPipelines(db, companyId, [...new Set(rows.map((r) => r.vacancyId))]),
    findRejections(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
    findTagsOfApplications(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
  ]);
  // Reasons are named only when something on the page was rejected.
  const reasons =
    rejections.size > 0
      ? await findDictionaryEntryNames(db, companyId, 'rejection_reason', access.user.locale)
      : new Map<number, { name: string }>();
  return rows.map((row) => {
    const rejection = rejections.get(row.id);
    const candidate: ApplicationSummary['candidate'] = {
      id: row.candidateId,
      name: row.candidateName,
      email: row.candidateEmail,
      phone: row.candidatePhone,
    };
    // Hidden fields are absent from the answer, not nulled (the matrix test checks the keys).
    if (!canSeeField(access, 'field_email')) delete candidate.email;
    if (!canSeeField(access, 'field_phone')) delete candidate.phone;
    return {
      id: row.id,
      candidate,
      vacancy: { id: row.vacancyId, name: row.vacancyName },
      stage: toStageWire(resolveStage(stages.get(row.vacancyId) ?? [], row.stageId)),
      source: row.source,
      created_at: row.createdAt.toISOString(),
      is_repeat: Boolean(row.isRepeat),
      stage_entered_at: new Date(row.stageEnteredAt).toISOString(),
      latest_recommendation: toRecommendation(row.latestRecommendation),
      rejection: rejection
        ? {
            reason: rejection.reasonId === null ? null : (reasons.get(rejection.reasonId)?.name ?? null),
            rejected_at: rejection.rejectedAt.toISOString(),
          }
        : null,
      tags: tags.get(row.id) ?? [],
    };
  });
}

export async function listApplications(ctx: ApplicationContext, query: ApplicationListQuery) {
  const selection = { ...selectionOf(ctx.access, filterOf(ctx.access, query)), sort: sortOf(query) };
  const [rows, total] = await Promise.all([
    findApplicationRows(ctx.db, selection, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
    countApplications(ctx.db, selection),
  ]);
  const summaries = await toSummaries(ctx.db, ctx.access, rows);
  // While searched, each row says where it matched (decision 027).
  const search = selection.filter.search;
  if (search) {
    const snippets = await findSnippets(
      ctx.db,
      ctx.access.user.companyId,
      rows.map((row) => row.id),
      search,
    );
    for (const summary of summaries) summary.snippet = chooseSnippet(snippets.get(summary.id)).snippet;
  }
  return {
    data: summaries,
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/**
 * One application when the user's Candidate view level reaches its vacancy; 404 otherwise (hidden
 * and missing look the same). With `action`, also 403 unless that action reaches it.
 */
export async function findReachableApplication(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  id: number,
  action?: 'update' | 'create',
): Promise<ApplicationRow> {
  const { access } = ctx;
  const companyId = access.user.companyId;
  // A role that sees no candidates cannot tell a hidden application from a missing one either.
  if (levelFor(access, 'Candidate', 'view') === 'not_visible') throw new AppError('not_found');
  const selection = selectionOf(access, {});
  const row = await findApplicationRow(ctx.db, companyId, id, selection.repeatScope, selection.reader);
  if (!row) throw new AppError('not_found');
  const ownership = {
    companyId: row.companyId,
    ownerIds: await findVacancyRecruiterIds(ctx.db, companyId, row.vacancyId),
    teamId: row.vacancyTeamId,
  };
  if (!canSeeObject(levelFor(access, 'Candidate', 'view'), access, ownership))
    throw new AppError('not_found');
  if (action && !canSeeObject(levelFor(access, 'Candidate', action), access, ownership)) {
    throw new AppError('forbidden');
  }
  return row;
}

/** The candidate card: summary, every visible answer, files (if the role sees files), CV text, other applications. */
export async function getApplication(
  ctx: ApplicationContext,
  id: number,
  locale: Locale,
): Promise<ApplicationDetails> {
  const { db, access } = ctx;
  const row = await findReachableApplication(ctx, id);
  const [summary] = await toSummaries(db, access, [row]);
  if (!summary) throw new AppError('not_found');
  const canSeeFiles = canSeeField(access, 'field_files');
  const [fields, files] = await Promise.all([
    findFormDefinition(db, row.companyId, row.vacancyFormId, locale),
    canSeeFiles ? findApplicationFiles(db, row.companyId, row.id) : [],
  ]);
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
  const cvText = canSeeFiles ? await findCvText(db, row.companyId, row.id) : null;
  const { filter: _filter, ...selection } = selectionOf(access, {});
  const others = await findOtherApplicationRows(db, selection, row);
  return {
    ...summary,
    answers,
    cv_text: cvText,
    other_applications: others.map((other) => ({
      id: other.id,
      vacancy: { id: other.vacancyId, name: other.vacancyName },
      created_at: other.createdAt.toISOString(),
    })),
  };
}

/** Something to do in a stage move's transaction (a mail about it). */
export type WithinMove = (tx: Tx, row: ApplicationRow) => Promise<void>;

/**
 * Moves an application to a stage of its own vacancy (422 for any other stage; 409 while it is
 * rejected: reopen it first, so its stage of exit stays); the new summary. The move is recorded in the
 * history (who, from, to); `within` runs in the same transaction.
 */
export async function moveApplication(
  ctx: ApplicationContext,
  id: number,
  stageId: number,
  within?: WithinMove,
): Promise<ApplicationSummary> {
  const row = await findReachableApplication(ctx, id, 'update');
  const pipeline = (await findPipelines(ctx.db, row.companyId, [row.vacancyId])).get(row.vacancyId) ?? [];
  await ctx.db.transaction(async (tx) => {
    if (!(await isStageOfVacancy(tx, row.companyId, row.vacancyId, stageId))) {
      throw new AppError('validation', { issues: { stage_id: [{ key: 'errors.invalid_value' }] } });
    }
    if ((await findRejections(tx, row.companyId, [row.id])).has(row.id)) {
      throw new AppError('conflict', { key: 'hr.recruiting_mail.error.rejected' });
    }
    await updateApplicationStage(tx, row.companyId, row.id, stageId);
    const from = pipeline.length > 0 ? resolveStage(pipeline, row.stageId) : null;
    if (from?.id !== stageId) {
      const to = pipeline.find((stage) => stage.id === stageId);
      await insertActivity(tx, {
        companyId: row.companyId,
        applicationId: row.id,
        kind: 'stage_moved',
        actorId: ctx.access.user.id,
        data: {
          from_stage: from ? { id: from.id, name: from.name } : null,
          to_stage: { id: stageId, name: to?.name ?? '' },
        },
      });
    }
    if (within) await within(tx, row);
    if (row.stageId !== stageId) {
      await ctx.events.publish(tx, row.companyId, 'application.stage_changed', {
        applicationId: row.id,
        vacancyId: row.vacancyId,
        fromStageId: row.stageId,
        toStageId: stageId,
      });
    }
  });
  ctx.events.dispatchSoon();
  const [summary] = await toSummaries(ctx.db, ctx.access, [{ ...row, stageId }]);
  if (!summary) throw new AppError('not_found');
  return summary;
}

/**
 * A file to download: reachable exactly when its application is and the role sees candidates'
 * files; 404 otherwise (also for a role without candidates at all). Named and typed by the format
 * detected from its content at upload.
 */
export async function findDownload(
  ctx: ApplicationContext,
  fileId: number,
): Promise<{ storageKey: string; name: string; contentType: string; size: number }> {
  if (levelFor(ctx.access, 'Candidate', 'view') === 'not_visible') throw new AppError('not_found');
  const file = await findApplicationFile(ctx.db, ctx.access.user.companyId, fileId);
  if (!file) throw new AppError('not_found');
  await findReachableApplication(ctx, file.applicationId);
  if (!canSeeField(ctx.access, 'field_files')) throw new AppError('not_found');
  // Served as what its content is, never as what the uploader named it (a CV.html that is text is a .txt).
  const { name, contentType } = describeDownload(file.name, file.format);
  return { storageKey: file.storageKey, name, contentType, size: file.size };
}

/** The export of the applications matching the filters, with only what the role may see (export_database). */
export async function exportApplications(
  ctx: ApplicationContext,
  query: Omit<ApplicationListQuery, 'page' | 'per_page'> & { ids?: readonly number[] | undefined },
  locale: Locale,
): Promise<ExportTable> {
  const { access } = ctx;
  if (!access.permissions.Candidate.actions.includes('export_database')) throw new AppError('forbidden');
  const selection = {
    ...selectionOf(access, { ...filterOf(access, query), ids: query.ids }),
    sort: sortOf(query),
  };
  const rows = await findApplicationRows(ctx.db, selection, {
    limit: EXPORT_LIMIT,
    offset: 0,
  });
  const summaries = await toSummaries(ctx.db, access, rows);
  // Each vacancy's form, once: answers read with their fields name options instead of showing ids.
  const formIds = [...new Set(rows.map((row) => row.vacancyFormId))];
  const definitions = new Map(
    await Promise.all(
      formIds.map(
        async (formId) =>
          [formId, await findFormDefinition(ctx.db, access.user.companyId, formId, locale)] as const,
      ),
    ),
  );
  const showEmail = canSeeField(access, 'field_email');
  const showPhone = canSeeField(access, 'field_phone');
  return {
    header: [
      'ID',
      'Name',
      ...(showEmail ? ['Email'] : []),
      ...(showPhone ? ['Phone'] : []),
      'Vacancy',
      'Stage',
      'Source',
      'Applied at',
      'Repeat',
      'Answers',
    ],
    rows: summaries.map((summary, index) => {
      const fields = definitions.get(rows[index]?.vacancyFormId ?? null) ?? [];
      const answers = (rows[index]?.answers ?? [])
        .filter((answer) => isAnswerVisible(access, answer) && answer.input_type !== 'files')
        .map((answer) => {
          const field = fields.find((f) => f.name === answer.name && f.input_type === answer.input_type);
          return [answer.name, formatAnswer(answer, field)] as const;
        })
        // A question left blank is left out, as on the card, rather than "Expected salary: ".
        .filter(([, text]) => text !== '')
        .map(([name, text]) => `${name}: ${text}`)
        .join('\n');
      return [
        String(summary.id),
        summary.candidate.name,
        ...(showEmail ? [summary.candidate.email ?? ''] : []),
        ...(showPhone ? [summary.candidate.phone ?? ''] : []),
        summary.vacancy.name,
        summary.stage.name,
        summary.source,
        summary.created_at,
        summary.is_repeat ? 'yes' : 'no',
        answers,
      ];
    }),
  };
}
