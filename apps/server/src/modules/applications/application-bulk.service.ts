import { BULK_UNDO_SECONDS, type BulkMoveOutcome } from '@kadry/shared/schemas/recruiting-bulk';
import type { MailDraft } from '@kadry/shared/schemas/recruiting-mail';
import type { VacancyStage } from '../../db/schema/vacancies';
import { AppError } from '../../lib/app-error';
import { levelFor } from '../../plugins/access/access';
import { findPipelines, resolveStage } from '../vacancies/vacancies.service';
import {
  findBulkAction,
  findReach,
  findUndoItems,
  insertBulkMove,
  insertStageMoves,
  lockApplicationsForMove,
  markBulkActionUndone,
  setStages,
} from './application-bulk.queries';
import {
  type ApplicationMailContext,
  checkTemplate,
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

// Bulk stage moves and their undo (issue 17): one transaction per action, a history entry per moved
// application, and the previous stages kept so the move can be undone for a short while.

/** What bulk moves need besides the application rules: the clock (the undo window). */
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
  if (mail) await checkTemplate(db, companyId, mail, 'mail.template_id');
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
    const activityIds = await insertStageMoves(
      tx,
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
    const id = await insertBulkMove(tx, {
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

/**
 * Undoes a bulk move (only its author, 404 for anyone else): each application it moved goes back to
 * the stage it came from, unless it was moved again or rejected since (`moved_since`,
 * `already_rejected`: it stays), its former stage was deleted (`stage_gone`), or the user may no
 * longer change it. One transaction, with history entries. 409 once undone, after the window, or for
 * a move that sent mail.
 */
export async function undoBulkMove(ctx: BulkMoveContext, actionId: number) {
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
  const preview = await findUndoItems(db, companyId, actionId);
  const ids = preview.map((item) => item.applicationId);
  const reach: Map<number, ReachOutcome> = await resolveReach(ctx, ids);
  const found = await findReach(db, companyId, ids, { view: undefined, update: undefined });
  const pipelines = await findPipelines(db, companyId, [...new Set(found.map((row) => row.vacancyId))]);
  const outcomes: Outcomes = new Map(ids.map((id) => [id, reach.get(id) ?? 'not_found']));

  await db.transaction(async (tx) => {
    if (!(await markBulkActionUndone(tx, companyId, actionId, now))) {
      throw new AppError('conflict', { key: 'hr.recruiting_bulk.error.undone' });
    }
    const changeable = ids.filter((id) => outcomes.get(id) === 'done');
    const locked = new Map(
      (await lockApplicationsForMove(tx, companyId, changeable)).map((row) => [row.id, row]),
    );
    // Read after the lock: a move that committed meanwhile is seen.
    const items = await findUndoItems(tx, companyId, actionId);
    const restores: {
      id: number;
      vacancyId: number;
      stageId: number | null;
      from: VacancyStage;
      to: VacancyStage;
    }[] = [];
    for (const item of items) {
      if (outcomes.get(item.applicationId) !== 'done') continue;
      const row = locked.get(item.applicationId);
      const pipeline = row ? (pipelines.get(row.vacancyId) ?? []) : [];
      if (!row || pipeline.length === 0) outcomes.set(item.applicationId, 'not_found');
      else if (row.isRejected) outcomes.set(item.applicationId, 'already_rejected');
      else if (item.lastMoveId !== item.activityId) outcomes.set(item.applicationId, 'moved_since');
      else if (item.fromStageId !== null && !pipeline.some((stage) => stage.id === item.fromStageId)) {
        outcomes.set(item.applicationId, 'stage_gone');
      } else {
        restores.push({
          id: row.id,
          vacancyId: row.vacancyId,
          stageId: row.stageId,
          from: resolveStage(pipeline, row.stageId),
          to: resolveStage(pipeline, item.fromStageId),
        });
        // Back where it was, "no stage yet" included.
        outcomes.set(item.applicationId, 'done');
      }
    }
    const restored = new Set(restores.map((restore) => restore.id));
    const byStage = new Map<number | null, number[]>();
    for (const item of items) {
      if (!restored.has(item.applicationId)) continue;
      const stageIds = byStage.get(item.fromStageId);
      if (stageIds) stageIds.push(item.applicationId);
      else byStage.set(item.fromStageId, [item.applicationId]);
    }
    for (const [stageId, stageIds] of byStage) await setStages(tx, companyId, stageIds, stageId);
    await insertStageMoves(
      tx,
      restores.map((restore) => ({
        companyId,
        applicationId: restore.id,
        actorId: access.user.id,
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
  });
  ctx.events.dispatchSoon();
  return summarise(ids, outcomes);
}
