import { BULK_UNDO_SECONDS } from '@kadry/shared/schemas/recruiting-bulk';
import type {
  BulkResultResponse,
  HistoryEntry,
  HistoryFilter,
  RejectInput,
  Rejection,
} from '@kadry/shared/schemas/recruiting-mail';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { findDictionaryEntryNames } from '../dictionaries/dictionaries.service';
import { findPipelines, resolveStage } from '../vacancies/vacancies.service';
import { insertBulkAction } from './application-bulk.queries';
import {
  deleteRejection,
  findActivities,
  findRejections,
  insertActivity,
  insertRejection,
  setRejectionMail,
} from './application-history.queries';
import { findCompanyName, findMails, findMailsByIds } from './application-mail.queries';
import {
  type ApplicationMailContext,
  cancelScheduled,
  checkMailDraft,
  type QueuedMail,
  queueRejectionMail,
  resolveBulkTargets,
  sendQueuedNow,
  summariseBulk,
  toMailWire,
} from './application-mail.service';
import type { ApplicationRow } from './applications.queries';
import { type ApplicationContext, canSeeField, findReachableApplication } from './applications.service';
import { DETAIL_FIELD_PERMISSIONS } from './candidates.service';
import { findCommentsForHistory } from './comments.service';
import { findScorecardRecommendations } from './interviews.service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** For the careers module: a new application's first history entry, in its transaction. */
export async function recordApplicationReceived(
  tx: Pick<Db, 'insert'>,
  values: { companyId: number; applicationId: number; source: string; at: Date },
): Promise<void> {
  await insertActivity(tx, {
    companyId: values.companyId,
    applicationId: values.applicationId,
    kind: 'received',
    actorId: null,
    data: { source: values.source },
    createdAt: values.at,
  });
}

/**
 * For the careers module: the same person sent the same application again within minutes (no
 * idempotency key), kept as the first one; the repeat is noted in its history.
 */
export async function recordRepeatSubmission(
  tx: Pick<Db, 'insert'>,
  values: { companyId: number; applicationId: number; source: string; at: Date },
): Promise<void> {
  await insertActivity(tx, {
    companyId: values.companyId,
    applicationId: values.applicationId,
    kind: 'repeat_received',
    actorId: null,
    data: { source: values.source },
    createdAt: values.at,
  });
}

/** A reason must be a rejection_reason entry the company offers (not hidden): 422 under `path` otherwise. */
async function checkReason(ctx: Pick<ApplicationContext, 'db' | 'access'>, reasonId: number, path: string) {
  const { user } = ctx.access;
  const reasons = await findDictionaryEntryNames(ctx.db, user.companyId, 'rejection_reason', user.locale);
  const reason = reasons.get(reasonId);
  if (!reason || reason.isHidden) {
    throw new AppError('validation', { issues: { [path]: [{ key: 'errors.invalid_value' }] } });
  }
}

/** The stage an application is in (its vacancy's first when none was set): its stage of exit. */
async function stageOf(db: Db, row: ApplicationRow): Promise<number | null> {
  const pipeline = (await findPipelines(db, row.companyId, [row.vacancyId])).get(row.vacancyId) ?? [];
  return pipeline.length > 0 ? resolveStage(pipeline, row.stageId).id : null;
}

/**
 * Rejects one application in the caller's transaction: its history entry and mail, if any; null when
 * it was rejected already.
 */
async function rejectInTx(
  tx: Tx,
  ctx: ApplicationMailContext,
  row: ApplicationRow,
  input: RejectInput,
  facts: { stageId: number | null; companyName: string; now: Date },
): Promise<{ activityId: number; mail: QueuedMail | null } | null> {
  const isNew = await insertRejection(tx, {
    companyId: row.companyId,
    applicationId: row.id,
    reasonId: input.reason_id,
    stageId: facts.stageId,
    rejectedBy: ctx.access.user.id,
    rejectedAt: facts.now,
  });
  if (!isNew) return null;
  const activityId = await insertActivity(tx, {
    companyId: row.companyId,
    applicationId: row.id,
    kind: 'rejected',
    actorId: ctx.access.user.id,
    data: { reason_id: input.reason_id },
    createdAt: facts.now,
  });
  if (!input.mail) return { activityId, mail: null };
  const queued = await queueRejectionMail(tx, ctx, {
    target: row,
    draft: input.mail,
    delayMinutes: input.mail.delay_minutes ?? 0,
    companyName: facts.companyName,
  });
  await setRejectionMail(tx, row.companyId, row.id, queued.id);
  return { activityId, mail: queued };
}

/**
 * Rejects an application with a reason (Candidate update level), optionally with a mail sent now or
 * after a delay (cancellable until then). It keeps its stage: the rejection records it as the stage
 * of exit. 409 when it is rejected already, or when a mail is asked and the candidate left no address.
 */
export async function rejectApplication(
  ctx: ApplicationMailContext,
  id: number,
  input: RejectInput,
): Promise<Rejection> {
  const row = await findReachableApplication(ctx, id, 'update');
  await checkReason(ctx, input.reason_id, 'reason_id');
  if (input.mail) await checkMailDraft(ctx, input.mail, 'mail.template_id');
  const [stageId, companyName] = await Promise.all([
    stageOf(ctx.db, row),
    findCompanyName(ctx.db, row.companyId),
  ]);
  const result = await ctx.db.transaction((tx) =>
    rejectInTx(tx, ctx, row, input, { stageId, companyName, now: new Date() }),
  );
  if (result === null) throw new AppError('conflict', { key: 'hr.recruiting_mail.error.already_rejected' });
  if (result.mail) await sendQueuedNow(ctx.jobs, [result.mail]);
  const rejection = await readRejection(ctx, row);
  if (!rejection) throw new AppError('not_found');
  return rejection;
}

/**
 * The same rejection (reason, optional mail) for many applications, in one transaction. Without mail
 * it can be undone for BULK_UNDO_SECONDS (`meta.action_id`, decision 033): the undo reopens exactly
 * the applications it rejected. With mail (sent or scheduled) it cannot.
 */
export async function rejectBulk(
  ctx: ApplicationMailContext & { now: () => Date },
  ids: readonly number[],
  input: RejectInput,
): Promise<BulkResultResponse> {
  const companyId = ctx.access.user.companyId;
  await checkReason(ctx, input.reason_id, 'reason_id');
  if (input.mail) await checkMailDraft(ctx, input.mail, 'mail.template_id');
  const targets = await resolveBulkTargets(ctx, ids);
  const rejected = await findRejections(
    ctx.db,
    companyId,
    targets.flatMap((target) => (target.row ? [target.row.id] : [])),
  );
  for (const target of targets) {
    if (!target.row || target.outcome !== 'done') continue;
    if (rejected.has(target.row.id)) target.outcome = 'already_rejected';
    else if (input.mail && !target.row.candidateEmail) target.outcome = 'no_email';
  }
  const companyName = await findCompanyName(ctx.db, companyId);
  const stages = new Map<number, number | null>();
  for (const target of targets) {
    if (target.row && target.outcome === 'done') stages.set(target.row.id, await stageOf(ctx.db, target.row));
  }
  const now = ctx.now();
  const undoableUntil = input.mail ? null : new Date(now.getTime() + BULK_UNDO_SECONDS * 1000);
  const { actionId, queued } = await ctx.db.transaction(async (tx) => {
    const mails: QueuedMail[] = [];
    const rejectedNow: { applicationId: number; fromStageId: number | null; activityId: number }[] = [];
    for (const target of targets) {
      if (!target.row || target.outcome !== 'done') continue;
      const stageId = stages.get(target.row.id) ?? null;
      const result = await rejectInTx(tx, ctx, target.row, input, { stageId, companyName, now });
      if (result === null) {
        target.outcome = 'already_rejected';
        continue;
      }
      if (result.mail) mails.push(result.mail);
      rejectedNow.push({ applicationId: target.row.id, fromStageId: stageId, activityId: result.activityId });
    }
    // Only a rejection without mail is recorded: one with mail is never undone.
    if (rejectedNow.length === 0 || !undoableUntil) return { actionId: null, queued: mails };
    const id = await insertBulkAction(tx, {
      kind: 'reject',
      companyId,
      actorId: ctx.access.user.id,
      undoableUntil,
      createdAt: now,
      items: rejectedNow,
    });
    return { actionId: id, queued: mails };
  });
  await sendQueuedNow(ctx.jobs, queued);
  return summariseBulk(
    targets,
    actionId !== null && undoableUntil ? { actionId, until: undoableUntil } : null,
  );
}

/**
 * Reopens a rejected application (Candidate update level): the rejection goes, a scheduled rejection
 * mail is called off, and the reopening is recorded. 409 when it is not rejected.
 */
export async function reopenApplication(ctx: ApplicationMailContext, id: number): Promise<void> {
  const row = await findReachableApplication(ctx, id, 'update');
  const isReopened = await ctx.db.transaction(async (tx) => {
    const removed = await deleteRejection(tx, row.companyId, row.id);
    if (!removed) return false;
    if (removed.mailId !== null) await cancelScheduled(tx, row.companyId, [removed.mailId]);
    await insertActivity(tx, {
      companyId: row.companyId,
      applicationId: row.id,
      kind: 'reopened',
      actorId: ctx.access.user.id,
      data: {},
    });
    return true;
  });
  if (!isReopened) throw new AppError('conflict', { key: 'hr.recruiting_mail.error.not_rejected' });
}

async function readRejection(ctx: ApplicationContext, row: ApplicationRow): Promise<Rejection | null> {
  const { db, access } = ctx;
  const rejection = (await findRejections(db, row.companyId, [row.id])).get(row.id);
  if (!rejection) return null;
  const [reasons, pipelines, mails] = await Promise.all([
    findDictionaryEntryNames(db, row.companyId, 'rejection_reason', access.user.locale),
    findPipelines(db, row.companyId, [row.vacancyId]),
    rejection.mailId === null ? [] : findMailsByIds(db, row.companyId, [rejection.mailId]),
  ]);
  const stage = (pipelines.get(row.vacancyId) ?? []).find((s) => s.id === rejection.stageId);
  const reason = rejection.reasonId === null ? undefined : reasons.get(rejection.reasonId);
  const [mail] = mails;
  return {
    reason: reason && rejection.reasonId !== null ? { id: rejection.reasonId, name: reason.name } : null,
    stage: stage ? { id: stage.id, name: stage.name } : null,
    rejected_by:
      rejection.rejectedBy === null
        ? null
        : { id: rejection.rejectedBy, name: rejection.rejectedByName ?? '' },
    rejected_at: rejection.rejectedAt.toISOString(),
    mail: mail ? toMailWire(mail, canSeeField(access, 'field_email')) : null,
  };
}

/** Why, when and by whom an application was rejected (null when it is not); Candidate view level. */
export async function getRejection(ctx: ApplicationContext, id: number): Promise<Rejection | null> {
  const row = await findReachableApplication(ctx, id);
  return readRejection(ctx, row);
}

const INTERVIEW_ACTIONS = {
  interview_scheduled: 'scheduled',
  interview_rescheduled: 'rescheduled',
  interview_cancelled: 'cancelled',
} as const;

/** Which entry types a history filter shows. */
const FILTER_TYPES: Record<HistoryFilter, readonly HistoryEntry['type'][]> = {
  received: ['received', 'repeat_received'],
  stage: ['stage_moved'],
  mail: ['mail'],
  rejection: ['rejected', 'reopened'],
  comment: ['comment'],
  interview: ['interview', 'scorecard'],
  tag: ['tag'],
  merge: ['merge'],
  details: ['field_changed'],
};

/**
 * An application's activity history, newest first (Candidate view level): received (with source),
 * repeats, stage moves (who, from, to), mails with their delivery state, rejection and reopening, and
 * the comments the user may read (decision 011), corrections of the candidate's details.
 * `filter` keeps one kind.
 */
export async function getHistory(
  ctx: ApplicationContext,
  id: number,
  filter: HistoryFilter | undefined,
): Promise<HistoryEntry[]> {
  const { db, access } = ctx;
  const row = await findReachableApplication(ctx, id);
  const wants = (kind: HistoryFilter) => filter === undefined || filter === kind;
  const [activities, mails, comments, reasons] = await Promise.all([
    wants('received') ||
    wants('stage') ||
    wants('rejection') ||
    wants('interview') ||
    wants('tag') ||
    wants('merge') ||
    wants('details')
      ? findActivities(db, row.companyId, row.id)
      : [],
    wants('mail') ? findMails(db, row.companyId, row.id) : [],
    wants('comment') ? findCommentsForHistory(ctx, row) : [],
    wants('rejection')
      ? findDictionaryEntryNames(db, row.companyId, 'rejection_reason', access.user.locale)
      : new Map<number, { name: string }>(),
  ]);
  const showAddress = canSeeField(access, 'field_email');
  // A scorecard's recommendation only where the reader may see the scorecard itself.
  const recommendations = await findScorecardRecommendations(
    ctx,
    row,
    activities.flatMap((activity) =>
      activity.kind === 'scorecard_submitted' && activity.data.scorecard_id !== undefined
        ? [activity.data.scorecard_id]
        : [],
    ),
  );
  const entries: HistoryEntry[] = [];
  // Applications stored outside the careers form (demo data, imports) have no recorded arrival.
  if (wants('received') && !activities.some((activity) => activity.kind === 'received')) {
    entries.push({
      id: `received-${row.id}`,
      at: row.createdAt.toISOString(),
      type: 'received',
      source: row.source,
    });
  }
  for (const activity of activities) {
    const base = { id: `activity-${activity.id}`, at: activity.createdAt.toISOString() };
    const actor = activity.actorId === null ? null : { id: activity.actorId, name: activity.actorName ?? '' };
    switch (activity.kind) {
      case 'received':
      case 'repeat_received':
        entries.push({ ...base, type: activity.kind, source: activity.data.source ?? '' });
        break;
      case 'stage_moved':
        entries.push({
          ...base,
          type: 'stage_moved',
          actor,
          from_stage: activity.data.from_stage ?? null,
          to_stage: activity.data.to_stage ?? { id: null, name: '' },
        });
        break;
      case 'rejected': {
        const reasonId = activity.data.reason_id ?? null;
        const reason = reasonId === null ? undefined : reasons.get(reasonId);
        entries.push({
          ...base,
          type: 'rejected',
          actor,
          reason: reason && reasonId !== null ? { id: reasonId, name: reason.name } : null,
        });
        break;
      }
      case 'reopened':
        entries.push({ ...base, type: 'reopened', actor });
        break;
      case 'interview_scheduled':
      case 'interview_rescheduled':
      case 'interview_cancelled':
        entries.push({
          ...base,
          type: 'interview',
          action: INTERVIEW_ACTIONS[activity.kind],
          actor,
          interview: {
            id: activity.data.interview_id ?? 0,
            starts_at: activity.data.starts_at ?? '',
            time_zone: activity.data.time_zone ?? 'UTC',
            previous_starts_at: activity.data.previous_starts_at ?? null,
          },
        });
        break;
      case 'scorecard_submitted':
        entries.push({
          ...base,
          type: 'scorecard',
          actor,
          interview_id: activity.data.interview_id ?? 0,
          recommendation:
            activity.data.scorecard_id === undefined
              ? null
              : (recommendations.get(activity.data.scorecard_id) ?? null),
        });
        break;
      case 'tag_added':
      case 'tag_removed':
        entries.push({
          ...base,
          type: 'tag',
          action: activity.kind === 'tag_added' ? 'added' : 'removed',
          actor,
          tag: activity.data.tag ?? { id: 0, name: '', color: 'grey' },
        });
        break;
      case 'merged':
      case 'unmerged':
        entries.push({
          ...base,
          type: 'merge',
          action: activity.kind,
          actor,
          merge_id: activity.data.merge_id ?? 0,
          survivor: activity.data.survivor ?? { id: 0, name: '' },
          merged: activity.data.merged ?? { id: 0, name: '' },
        });
        break;
      case 'field_changed': {
        const field = activity.data.field ?? 'name';
        const permission = DETAIL_FIELD_PERMISSIONS[field];
        // An e-mail or phone change is told to everyone; its values only to roles that see that field.
        const values =
          permission === null || canSeeField(access, permission)
            ? { from: activity.data.from ?? null, to: activity.data.to ?? null }
            : {};
        entries.push({ ...base, type: 'field_changed', actor, field, ...values });
        break;
      }
    }
  }
  for (const mail of mails) {
    entries.push({
      id: `mail-${mail.id}`,
      at: mail.createdAt.toISOString(),
      type: 'mail',
      mail: toMailWire(mail, showAddress),
    });
  }
  for (const comment of comments) {
    entries.push({
      id: `comment-${comment.id}`,
      at: comment.created_at,
      type: 'comment',
      comment: {
        id: comment.id,
        text: comment.text,
        is_shared: comment.is_shared,
        author: comment.author,
        mentions: comment.mentions,
        edited_at: comment.edited_at,
        deleted_at: comment.deleted_at,
      },
    });
  }
  const shown =
    filter === undefined ? entries : entries.filter((entry) => FILTER_TYPES[filter].includes(entry.type));
  // Newest first; entries of the same moment keep the order they happened in, reversed.
  return shown
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.at.localeCompare(a.entry.at) || b.index - a.index)
    .map(({ entry }) => entry);
}
