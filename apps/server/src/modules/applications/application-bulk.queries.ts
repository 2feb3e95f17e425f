import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { applications, candidates } from '../../db/schema/applications';
import { applicationBulkActionItems, applicationBulkActions } from '../../db/schema/recruiting-bulk';
import {
  type ActivityData,
  applicationActivities,
  applicationRejections,
} from '../../db/schema/recruiting-mail';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { type ApplicationSelection, buildWhere } from './applications.queries';

// All SQL of bulk actions and their undo (issue 17); every statement filters by company_id.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
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

/** Stage-move history entries, one statement; their ids by application. */
export async function insertStageMoves(
  tx: Tx,
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
    .values(rows.map((row) => ({ ...row, kind: 'stage_moved' as const })))
    .returning({ id: applicationActivities.id, applicationId: applicationActivities.applicationId });
  return new Map(inserted.map((row) => [row.applicationId, row.id]));
}

/** Records a bulk move and what it moved from where; its id. */
export async function insertBulkMove(
  tx: Tx,
  values: {
    companyId: number;
    actorId: number;
    toStageId: number;
    undoableUntil: Date | null;
    createdAt: Date;
    items: readonly { applicationId: number; fromStageId: number | null; activityId: number }[];
  },
): Promise<number> {
  const { items, ...action } = values;
  const [row] = await tx
    .insert(applicationBulkActions)
    .values({ ...action, kind: 'move', movedCount: items.length })
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
 * A moved application as its undo finds it: where the move took it from, its history entry, and
 * the latest stage-move entry since (a later one means it was moved again).
 */
export type UndoItemRow = {
  applicationId: number;
  fromStageId: number | null;
  activityId: number;
  lastMoveId: number | null;
};

export async function findUndoItems(db: DbOrTx, companyId: number, actionId: number): Promise<UndoItemRow[]> {
  return db
    .select({
      applicationId: applicationBulkActionItems.applicationId,
      fromStageId: applicationBulkActionItems.fromStageId,
      activityId: applicationBulkActionItems.activityId,
      // Qualified by hand, as in lockApplicationsForMove.
      lastMoveId: sql<number | null>`(select max(m.id) from application_activities m
        where m.company_id = application_bulk_action_items.company_id
          and m.application_id = application_bulk_action_items.application_id and m.kind = 'stage_moved')`,
    })
    .from(applicationBulkActionItems)
    .where(
      and(
        eq(applicationBulkActionItems.companyId, companyId),
        eq(applicationBulkActionItems.actionId, actionId),
      ),
    )
    .orderBy(applicationBulkActionItems.applicationId);
}
