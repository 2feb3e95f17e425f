import { BULK_UNDO_SECONDS } from '@kadry/shared/schemas/recruiting-bulk';
import type { BulkResultResponse } from '@kadry/shared/schemas/recruiting-mail';
import type { AppliedTag } from '@kadry/shared/schemas/recruiting-tags';
import { AppError } from '../../lib/app-error';
import { findCompanyTag } from '../tags/tags.service';
import { insertBulkAction } from './application-bulk.queries';
import { insertActivity } from './application-history.queries';
import { resolveBulkTargets, summariseBulk } from './application-mail.service';
import {
  deleteApplicationTag,
  findTagsOfApplications,
  insertApplicationTag,
} from './application-tags.queries';
import { type ApplicationContext, findReachableApplication } from './applications.service';

type TagContext = Pick<ApplicationContext, 'db' | 'access'>;

/** A tag of the company, or 422 under `tag_id` (a tag of another company is no tag). */
async function requireTag(ctx: TagContext, tagId: number): Promise<AppliedTag> {
  const tag = await findCompanyTag(ctx.db, ctx.access.user.companyId, tagId);
  if (!tag) throw new AppError('validation', { issues: { tag_id: [{ key: 'errors.invalid_value' }] } });
  return tag;
}

async function tagsOf(ctx: TagContext, applicationId: number): Promise<AppliedTag[]> {
  return (
    (await findTagsOfApplications(ctx.db, ctx.access.user.companyId, [applicationId])).get(applicationId) ??
    []
  );
}

/**
 * Puts a company tag on an application (Candidate update level on it); recorded in its history when
 * it did not carry the tag yet. Answers the application's tags.
 */
export async function addApplicationTag(
  ctx: TagContext,
  applicationId: number,
  tagId: number,
): Promise<AppliedTag[]> {
  const row = await findReachableApplication(ctx, applicationId, 'update');
  const tag = await requireTag(ctx, tagId);
  await ctx.db.transaction(async (tx) => {
    const isNew = await insertApplicationTag(tx, {
      companyId: row.companyId,
      applicationId: row.id,
      tagId: tag.id,
      addedBy: ctx.access.user.id,
    });
    if (isNew) {
      await insertActivity(tx, {
        companyId: row.companyId,
        applicationId: row.id,
        kind: 'tag_added',
        actorId: ctx.access.user.id,
        data: { tag },
      });
    }
  });
  return tagsOf(ctx, row.id);
}

/**
 * Takes a tag off an application (Candidate update level on it); recorded in its history when it
 * carried the tag. 404 for a tag the company does not have. Answers the application's tags.
 */
export async function removeApplicationTag(
  ctx: TagContext,
  applicationId: number,
  tagId: number,
): Promise<AppliedTag[]> {
  const row = await findReachableApplication(ctx, applicationId, 'update');
  const tag = await findCompanyTag(ctx.db, row.companyId, tagId);
  if (!tag) throw new AppError('not_found');
  await ctx.db.transaction(async (tx) => {
    if (await deleteApplicationTag(tx, row.companyId, row.id, tag.id)) {
      await insertActivity(tx, {
        companyId: row.companyId,
        applicationId: row.id,
        kind: 'tag_removed',
        actorId: ctx.access.user.id,
        data: { tag },
      });
    }
  });
  return tagsOf(ctx, row.id);
}

/**
 * One tag on many applications, in one transaction, answered per application: `done` (also when it
 * carried the tag already), `not_found` (out of reach or missing), `forbidden` (seen, not changeable).
 * The applications it was new on are recorded, so that for BULK_UNDO_SECONDS the undo takes it off
 * them alone (`meta.action_id`, decision 033).
 */
export async function tagBulk(
  ctx: TagContext & { now: () => Date },
  applicationIds: readonly number[],
  tagId: number,
): Promise<BulkResultResponse> {
  const tag = await requireTag(ctx, tagId);
  const targets = await resolveBulkTargets(ctx, applicationIds);
  const now = ctx.now();
  const undoableUntil = new Date(now.getTime() + BULK_UNDO_SECONDS * 1000);
  const actionId = await ctx.db.transaction(async (tx) => {
    const added: { applicationId: number; fromStageId: null; activityId: number }[] = [];
    for (const target of targets) {
      if (!target.row || target.outcome !== 'done') continue;
      const isNew = await insertApplicationTag(tx, {
        companyId: target.row.companyId,
        applicationId: target.row.id,
        tagId: tag.id,
        addedBy: ctx.access.user.id,
      });
      if (!isNew) continue;
      const activityId = await insertActivity(tx, {
        companyId: target.row.companyId,
        applicationId: target.row.id,
        kind: 'tag_added',
        actorId: ctx.access.user.id,
        data: { tag },
        createdAt: now,
      });
      added.push({ applicationId: target.row.id, fromStageId: null, activityId });
    }
    if (added.length === 0) return null;
    return insertBulkAction(tx, {
      kind: 'tag',
      companyId: ctx.access.user.companyId,
      actorId: ctx.access.user.id,
      tagId: tag.id,
      undoableUntil,
      createdAt: now,
      items: added,
    });
  });
  return summariseBulk(targets, actionId === null ? null : { actionId, until: undoableUntil });
}
