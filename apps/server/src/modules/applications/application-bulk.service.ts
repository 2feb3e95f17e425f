import { BULK_UNDO_SECONDS, type BulkMoveOutcome } from '@kadry/shared/schemas/recruiting-bulk';
import type { MailDraft } from '@kadry/shared/schemas/recruiting-mail';
import type { BulkActionKind } from '../../db/schema/recruiting-bulk';
import type { VacancyStage } from '../../db/schema/vacancies';
import { AppError } from '../../lib/app-error';
import { levelFor } from '../../plugins/access/access';
import { findCompanyTag } from '../tags/tags.service';
import { findPipelines, resolveStage } from '../vacancies/vacancies.service';
import {
  type BulkActionRow,
  deleteRejectionsWithoutMail,
  deleteTagOf,
  findBulkAction,
  findReach,
  findUndoItems,
  insertActivities,
  insertBulkAction,
  lockApplicationsForMove,
  type MoveRow,
  markBulkActionUndone,
  setStages,
  type Tx,
  type UndoItemRow,
} from './application-bulk.queries';
import {
  type ApplicationMailContext,
  checkMailDraft,
  findCompanyNameForMail,
  type QueuedMail,
  queueStageMail,
  sendQueuedNow,
} from './application-mail.service';
import {
  type BulkSelection,
  type ReachOutcome,
  resolveReach,
  resolveSelectionIds,
  resolveTargetRows,
} from './application-targets.service';
import type { ApplicationRow } from './applications.queries';

// Bulk stage moves, and the undo of every undoable bulk action (issue 17, decision 033): one
// transaction per action, a history entry per changed application, and what each action changed
// kept so it can be undone for a short while.

/** What undoable bulk actions need besides the application rules: the clock (the undo window). */
export type BulkMoveContext = ApplicationMailContext & { now: () => Date };

type Outcomes = Map<number, BulkMoveOutcome>;

function summarise(ids: readonly number[], outcomes: Outcomes) {
  const data = ids.map((id) => ({ id, outcome: outcomes.get(id) ?? ('not_found' as const) }));
  const done = data.filter((item) => item.outcome === 'done').length;
  return { data, meta: { done, skipped: data.length - done } };
}

function named(stage: VacancyStage | undefined) {
  return stage ? { id: stage.id, name: stage.name } : null;
}

/**
 * Moves a selection of applications to a stage, in one transaction, each with a history entry and an
 * application.stage_changed event. Per application: `done`, `not_found` (missing or out of reach),
 * `forbidden` (seen, not changeable), `already_rejected`, `other_vacancy` (the stage is not of its
 * vacancy's pipeline), `unchanged` (already there), `no_email` (a mail was asked, no address: not moved).
 * Without mail the move can be undone for BULK_UNDO_SECONDS (`meta.undoable_until`).
 */
export async function moveBulk(
  ctx: BulkMoveContext,
  input: BulkSelection & { stage_id: number; mail?: MailDraft | null | undefined },
) {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const mail = input.mail ?? null;
  // A role that may change no candidate at all is refused outright, not told "not found" for each.
  if (levelFor(access, 'Candidate', 'update') === 'not_visible') throw new AppError('forbidden');
  if (mail) await checkMailDraft(ctx, mail, 'mail.template_id');
  const ids = await resolveSelectionIds(ctx, input);
  // With mail, each application's row (name, address, vacancy) fills the placeholders.
  const rows = new Map<number, ApplicationRow>();
  const outcomes: Outcomes = new Map();
  if (mail) {
    for (const target of await resolveTargetRows(ctx, ids)) {
      outcomes.set(target.id, target.outcome);
      if (target.row) rows.set(target.id, target.row);
    }
  } else {
    for (const [id, outcome] of await resolveReach(ctx, ids)) outcomes.set(id, outcome);
  }
  const changeable = ids.filter((id) => outcomes.get(id) === 'done');
  const reach = await findReach(db, companyId, changeable, { view: undefined, update: undefined });
  const pipelines = await findPipelines(db, companyId, [...new Set(reach.map((row) => row.vacancyId))]);
  const companyName = mail ? await findCompanyNameForMail(db, companyId) : '';
  const now = ctx.now();
  const undoableUntil = mail ? null : new Date(now.getTime() + BULK_UNDO_SECONDS * 1000);

  const { actionId, queued } = await db.transaction(async (tx) => {
    const locked = await lockApplicationsForMove(tx, companyId, changeable);
    const moved: {
      id: number;
      vacancyId: number;
      from: VacancyStage;
      to: VacancyStage;
      stageId: number | null;
    }[] = [];
    for (const row of locked) {
      const pipeline = pipelines.get(row.vacancyId) ?? [];
      const to = pipeline.find((stage) => stage.id === input.stage_id);
      const from = pipeline.length > 0 ? resolveStage(pipeline, row.stageId) : undefined;
      if (row.isRejected) outcomes.set(row.id, 'already_rejected');
      else if (!to || !from) outcomes.set(row.id, 'other_vacancy');
      else if (from.id === to.id) outcomes.set(row.id, 'unchanged');
      else if (mail && !rows.get(row.id)?.candidateEmail) outcomes.set(row.id, 'no_email');
      else moved.push({ id: row.id, vacancyId: row.vacancyId, from, to, stageId: row.stageId });
    }
    // Applications deleted since they were found.
    const lockedIds = new Set(locked.map((row) => row.id));
    for (const id of changeable) if (!lockedIds.has(id)) outcomes.set(id, 'not_found');
    if (moved.length === 0) return { actionId: null, queued: [] as QueuedMail[] };

    await setStages(
      tx,
      companyId,
      moved.map((item) => item.id),
      input.stage_id,
    );
    const activityIds = await insertActivities(
      tx,
      'stage_moved',
      moved.map((item) => ({
        companyId,
        applicationId: item.id,
        actorId: access.user.id,
        data: { from_stage: named(item.from), to_stage: { id: item.to.id, name: item.to.name } },
        createdAt: now,
      })),
    );
    const mails: QueuedMail[] = [];
    for (const item of moved) {
      const row = rows.get(item.id);
      if (mail && row) mails.push(await queueStageMail(tx, ctx, { target: row, draft: mail, companyName }));
    }
    // One event per moved application, in the order moved, in a few multi-row inserts.
    await ctx.events.publishMany(
      tx,
      companyId,
      'application.stage_changed',
      moved.map((item) => ({
        applicationId: item.id,
        vacancyId: item.vacancyId,
        fromStageId: item.stageId,
        toStageId: input.stage_id,
      })),
    );
    const id = await insertBulkAction(tx, {
      kind: 'move',
      companyId,
      actorId: access.user.id,
      toStageId: input.stage_id,
      undoableUntil,
      createdAt: now,
      items: moved.map((item) => ({
        applicationId: item.id,
        fromStageId: item.stageId,
        activityId: activityIds.get(item.id) ?? 0,
      })),
    });
    return { actionId: id, queued: mails };
  });
  ctx.events.dispatchSoon();
  await sendQueuedNow(ctx.jobs, queued);
  const summary = summarise(ids, outcomes);
  return {
    data: summary.data,
    meta: {
      ...summary.meta,
      action_id: actionId,
      undoable_until: actionId !== null && undoableUntil ? undoableUntil.toISOString() : null,
    },
  };
}

/** What each kind of undo works on, in its transaction. */
type UndoStep = {
  tx: Tx;
  ctx: BulkMoveContext;
  action: BulkActionRow;
  /** The action's items still within the user's reach (the others have their outcome already). */
  items: readonly UndoItemRow[];
  locked: ReadonlyMap<number, MoveRow>;
  outcomes: Outcomes;
  pipelines: ReadonlyMap<number, VacancyStage[]>;
  now: Date;
};

/** A move undone: each application back to the stage it came from, with history and events. */
async function restoreStages({ tx, ctx, items, locked, outcomes, pipelines, now }: UndoStep) {
  const companyId = ctx.access.user.companyId;
  const restores: {
    id: number;
    vacancyId: number;
    stageId: number | null;
    fromStageId: number | null;
    from: VacancyStage;
    to: VacancyStage;
  }[] = [];
  for (const item of items) {
    const row = locked.get(item.applicationId);
    const pipeline = row ? (pipelines.get(row.vacancyId) ?? []) : [];
    if (!row || pipeline.length === 0) outcomes.set(item.applicationId, 'not_found');
    else if (row.isRejected) outcomes.set(item.applicationId, 'already_rejected');
    else if (item.lastChangeId !== item.activityId) outcomes.set(item.applicationId, 'moved_since');
    else if (item.fromStageId !== null && !pipeline.some((stage) => stage.id === item.fromStageId)) {
      outcomes.set(item.applicationId, 'stage_gone');
    } else {
      restores.push({
        id: row.id,
        vacancyId: row.vacancyId,
        stageId: row.stageId,
        fromStageId: item.fromStageId,
        from: resolveStage(pipeline, row.stageId),
        to: resolveStage(pipeline, item.fromStageId),
      });
    }
  }
  // Back where each was, "no stage yet" included: one statement per former stage.
  const byStage = new Map<number | null, number[]>();
  for (const restore of restores) {
    const stageIds = byStage.get(restore.fromStageId);
    if (stageIds) stageIds.push(restore.id);
    else byStage.set(restore.fromStageId, [restore.id]);
  }
  for (const [stageId, stageIds] of byStage) await setStages(tx, companyId, stageIds, stageId);
  await insertActivities(
    tx,
    'stage_moved',
    restores.map((restore) => ({
      companyId,
      applicationId: restore.id,
      actorId: ctx.access.user.id,
      data: { from_stage: named(restore.from), to_stage: { id: restore.to.id, name: restore.to.name } },
      createdAt: now,
    })),
  );
  await ctx.events.publishMany(
    tx,
    companyId,
    'application.stage_changed',
    restores.map((restore) => ({
      applicationId: restore.id,
      vacancyId: restore.vacancyId,
      fromStageId: restore.stageId,
      toStageId: restore.to.id,
    })),
  );
  for (const restore of restores) outcomes.set(restore.id, 'done');
}

/** A tagging undone: the tag off the applications it was new on, unless taken off (or re-added) since. */
async function removeAddedTag({ tx, ctx, action, items, locked, outcomes, now }: UndoStep) {
  const companyId = ctx.access.user.companyId;
  const tag = action.tagId === null ? undefined : await findCompanyTag(tx, companyId, action.tagId);
  const removed: number[] = [];
  for (const item of items) {
    if (!tag || !locked.has(item.applicationId)) outcomes.set(item.applicationId, 'not_found');
    else if (item.lastChangeId !== item.activityId) outcomes.set(item.applicationId, 'changed_since');
    else removed.push(item.applicationId);
  }
  if (!tag) return;
  await deleteTagOf(tx, companyId, removed, tag.id);
  await insertActivities(
    tx,
    'tag_removed',
    removed.map((id) => ({
      companyId,
      applicationId: id,
      actorId: ctx.access.user.id,
      data: { tag },
      createdAt: now,
    })),
  );
  for (const id of removed) outcomes.set(id, 'done');
}

/**
 * A rejection without mail undone: each application it rejected reopened (its stage never changed),
 * unless reopened, or rejected again, since. Nothing else is cancelled: it had no mail.
 */
async function reopenRejected({ tx, ctx, items, locked, outcomes, now }: UndoStep) {
  const companyId = ctx.access.user.companyId;
  const candidates: number[] = [];
  for (const item of items) {
    const row = locked.get(item.applicationId);
    if (!row) outcomes.set(item.applicationId, 'not_found');
    else if (!row.isRejected || item.lastChangeId !== item.activityId) {
      outcomes.set(item.applicationId, 'changed_since');
    } else candidates.push(item.applicationId);
  }
  const reopened = await deleteRejectionsWithoutMail(tx, companyId, candidates);
  const isReopened = new Set(reopened);
  // A rejection that has a mail now is not this action's (one with mail is never undoable).
  for (const id of candidates) outcomes.set(id, isReopened.has(id) ? 'done' : 'changed_since');
  await insertActivities(
    tx,
    'reopened',
    reopened.map((id) => ({
      companyId,
      applicationId: id,
      actorId: ctx.access.user.id,
      data: {},
      createdAt: now,
    })),
  );
}

const UNDO_STEPS: Record<BulkActionKind, (step: UndoStep) => Promise<void>> = {
  move: restoreStages,
  tag: removeAddedTag,
  reject: reopenRejected,
};

/**
 * Undoes a bulk action (only its author, 404 for anyone else), in one transaction with history
 * entries: a move puts each application back in the stage it came from; a tagging takes the tag off
 * the applications it was new on; a rejection without mail reopens the applications it rejected.
 * Per application besides `done`: `moved_since`/`changed_since` (changed again since: it stays),
 * `already_rejected` (a moved one rejected since), `stage_gone` (its former stage was deleted), or
 * out of the user's reach now. 409 once undone, after the window, or for an action that sent mail.
 */
export async function undoBulkAction(ctx: BulkMoveContext, actionId: number) {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const action = await findBulkAction(db, companyId, actionId);
  if (!action || action.actorId !== access.user.id) throw new AppError('not_found');
  if (action.undoneAt) throw new AppError('conflict', { key: 'hr.recruiting_bulk.error.undone' });
  if (!action.undoableUntil) throw new AppError('conflict', { key: 'hr.recruiting_bulk.error.not_undoable' });
  const now = ctx.now();
  if (now.getTime() > action.undoableUntil.getTime()) {
    throw new AppError('conflict', { key: 'hr.recruiting_bulk.error.undo_expired' });
  }
  const preview = await findUndoItems(db, companyId, action);
  const ids = preview.map((item) => item.applicationId);
  const reach: Map<number, ReachOutcome> = await resolveReach(ctx, ids);
  const outcomes: Outcomes = new Map(ids.map((id) => [id, reach.get(id) ?? 'not_found']));
  const pipelines =
    action.kind === 'move'
      ? await findPipelines(db, companyId, [
          ...new Set(
            (await findReach(db, companyId, ids, { view: undefined, update: undefined })).map(
              (row) => row.vacancyId,
            ),
          ),
        ])
      : new Map<number, VacancyStage[]>();

  await db.transaction(async (tx) => {
    if (!(await markBulkActionUndone(tx, companyId, actionId, now))) {
      throw new AppError('conflict', { key: 'hr.recruiting_bulk.error.undone' });
    }
    const changeable = ids.filter((id) => outcomes.get(id) === 'done');
    const locked = new Map(
      (await lockApplicationsForMove(tx, companyId, changeable)).map((row) => [row.id, row]),
    );
    // Read after the lock: a change that committed meanwhile is seen.
    const items = (await findUndoItems(tx, companyId, action)).filter(
      (item) => outcomes.get(item.applicationId) === 'done',
    );
    await UNDO_STEPS[action.kind]({ tx, ctx, action, items, locked, outcomes, pipelines, now });
  });
  ctx.events.dispatchSoon();
  return summarise(ids, outcomes);
}
