import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { applications, candidates } from '../../db/schema/applications';
import {
  applicationBulkActionItems,
  applicationBulkActions,
  type BulkActionKind,
} from '../../db/schema/recruiting-bulk';
import {
  type ActivityData,
  type ActivityKind,
  applicationActivities,
  applicationRejections,
} from '../../db/schema/recruiting-mail';
import { applicationTags } from '../../db/schema/recruiting-tags';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { type ApplicationSelection, buildWhere } from './applications.queries';

// All SQL of bulk actions and their undo (issue 17); every statement filters by company_id.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

/** A condition as a boolean column: true where `scope` holds (undefined: no limit, true). */
function holds(scope: SQL | undefined): SQL<boolean> {
  return scope ? sql<boolean>`coalesce((${scope}), false)` : sql<boolean>`true`;
}

/**
 * The ids of the applications a selection matches (newest first), at most `limit`: a bulk action's
 * "all matching the filter" resolved on the server.
 */
export async function findMatchingIds(db: Db, selection: ApplicationSelection, limit: number) {
  const rows = await db
    .select({ id: applications.id })
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
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What the reach of each level says of the named applications of the company (absent: no such application). */
export type ReachRow = { id: number; vacancyId: number; isVisible: boolean; isChangeable: boolean };

/** For each id: whether the view scope and the update scope reach it, in one statement. */
export async function findReach(
  db: DbOrTx,
  companyId: number,
  ids: readonly number[],
  scopes: { view: SQL | undefined; update: SQL | undefined },
): Promise<ReachRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: applications.id,
      vacancyId: applications.vacancyId,
      isVisible: holds(scopes.view),
      isChangeable: holds(scopes.update),
    })
    .from(applications)
    .innerJoin(
      vacancies,
      and(eq(vacancies.companyId, applications.companyId), eq(vacancies.id, applications.vacancyId)),
    )
    .where(and(eq(applications.companyId, companyId), inArray(applications.id, [...ids])));
}

/** An application as a bulk move finds it, locked for the move. */
export type MoveRow = { id: number; vacancyId: number; stageId: number | null; isRejected: boolean };

/** The applications, locked until the transaction ends (a concurrent move waits for this one). */
export async function lockApplicationsForMove(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<MoveRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: applications.id,
      vacancyId: applications.vacancyId,
      stageId: applications.stageId,
      // Qualified by hand: drizzle leaves a one-table query's columns unqualified, which the
      // subquery would read as its own.
      isRejected: sql<boolean>`exists (select 1 from ${applicationRejections} r
        where r.company_id = applications.company_id and r.application_id = applications.id)`,
    })
    .from(applications)
    .where(and(eq(applications.companyId, companyId), inArray(applications.id, [...ids])))
    .orderBy(applications.id)
    .for('update', { of: applications });
}

/** Sets the stage of many applications at once. */
export async function setStages(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
  stageId: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(applications)
    .set({ stageId })
    .where(and(eq(applications.companyId, companyId), inArray(applications.id, [...ids])));
}

/** History entries of one kind, one statement; their ids by application. */
export async function insertActivities(
  tx: Tx,
  kind: ActivityKind,
  rows: readonly {
    companyId: number;
    applicationId: number;
    actorId: number;
    data: ActivityData;
    createdAt: Date;
  }[],
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await tx
    .insert(applicationActivities)
    .values(rows.map((row) => ({ ...row, kind })))
    .returning({ id: applicationActivities.id, applicationId: applicationActivities.applicationId });
  return new Map(inserted.map((row) => [row.applicationId, row.id]));
}

/**
 * Records a bulk action and each application it changed, with the history entry it wrote (and, for
 * a move, the stage it came from); its id.
 */
export async function insertBulkAction(
  tx: Tx,
  values: {
    kind: BulkActionKind;
    companyId: number;
    actorId: number;
    toStageId?: number;
    tagId?: number;
    undoableUntil: Date | null;
    createdAt: Date;
    items: readonly { applicationId: number; fromStageId: number | null; activityId: number }[];
  },
): Promise<number> {
  const { items, ...action } = values;
  const [row] = await tx
    .insert(applicationBulkActions)
    .values({ ...action, movedCount: items.length })
    .returning({ id: applicationBulkActions.id });
  if (!row) throw new Error('bulk action insert returned nothing');
  if (items.length > 0) {
    await tx
      .insert(applicationBulkActionItems)
      .values(items.map((item) => ({ ...item, companyId: values.companyId, actionId: row.id })));
  }
  return row.id;
}

export type BulkActionRow = {
  id: number;
  kind: BulkActionKind;
  tagId: number | null;
  actorId: number | null;
  undoableUntil: Date | null;
  undoneAt: Date | null;
};

export async function findBulkAction(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<BulkActionRow | null> {
  const [row] = await db
    .select({
      id: applicationBulkActions.id,
      kind: applicationBulkActions.kind,
      tagId: applicationBulkActions.tagId,
      actorId: applicationBulkActions.actorId,
      undoableUntil: applicationBulkActions.undoableUntil,
      undoneAt: applicationBulkActions.undoneAt,
    })
    .from(applicationBulkActions)
    .where(and(eq(applicationBulkActions.companyId, companyId), eq(applicationBulkActions.id, id)));
  return row ?? null;
}

/** Marks a bulk action undone unless it already was (false then: another undo got there first). */
export async function markBulkActionUndone(
  tx: Tx,
  companyId: number,
  id: number,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(applicationBulkActions)
    .set({ undoneAt: at })
    .where(
      and(
        eq(applicationBulkActions.companyId, companyId),
        eq(applicationBulkActions.id, id),
        isNull(applicationBulkActions.undoneAt),
      ),
    )
    .returning({ id: applicationBulkActions.id });
  return rows.length > 0;
}

/**
 * An application a bulk action changed, as its undo finds it: where a move took it from, the history
 * entry the action wrote, and the latest entry since of what the action changed (`lastChangeId`: a
 * later one means it was changed again, and the undo leaves it).
 */
export type UndoItemRow = {
  applicationId: number;
  fromStageId: number | null;
  activityId: number;
  lastChangeId: number | null;
};

/** The history entries that change what each kind of bulk action did (the tag's own, for a tagging). */
function changesOf(action: Pick<BulkActionRow, 'kind' | 'tagId'>): SQL {
  if (action.kind === 'move') return sql`m.kind = 'stage_moved'`;
  if (action.kind === 'reject') return sql`m.kind in ('rejected', 'reopened')`;
  return sql`m.kind in ('tag_added', 'tag_removed') and (m.data->'tag'->>'id')::int = ${action.tagId ?? 0}`;
}

export async function findUndoItems(
  db: DbOrTx,
  companyId: number,
  action: Pick<BulkActionRow, 'id' | 'kind' | 'tagId'>,
): Promise<UndoItemRow[]> {
  return db
    .select({
      applicationId: applicationBulkActionItems.applicationId,
      fromStageId: applicationBulkActionItems.fromStageId,
      activityId: applicationBulkActionItems.activityId,
      // Qualified by hand, as in lockApplicationsForMove.
      lastChangeId: sql<number | null>`(select max(m.id) from application_activities m
        where m.company_id = application_bulk_action_items.company_id
          and m.application_id = application_bulk_action_items.application_id and ${changesOf(action)})`,
    })
    .from(applicationBulkActionItems)
    .where(
      and(
        eq(applicationBulkActionItems.companyId, companyId),
        eq(applicationBulkActionItems.actionId, action.id),
      ),
    )
    .orderBy(applicationBulkActionItems.applicationId);
}

/** Takes one tag off many applications at once. */
export async function deleteTagOf(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
  tagId: number,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(applicationTags)
    .where(
      and(
        eq(applicationTags.companyId, companyId),
        eq(applicationTags.tagId, tagId),
        inArray(applicationTags.applicationId, [...ids]),
      ),
    );
}

/**
 * Takes away the rejections of many applications that have no rejection mail (the only ones a bulk
 * undo reopens: nothing else is called off); the ids it reopened.
 */
export async function deleteRejectionsWithoutMail(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .delete(applicationRejections)
    .where(
      and(
        eq(applicationRejections.companyId, companyId),
        inArray(applicationRejections.applicationId, [...ids]),
        isNull(applicationRejections.mailId),
      ),
    )
    .returning({ id: applicationRejections.applicationId });
  return rows.map((row) => row.id);
}
