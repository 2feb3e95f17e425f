import { BULK_MATCHING_MAX } from '@kadry/shared/schemas/recruiting-bulk';
import { AppError } from '../../lib/app-error';
import { levelFor } from '../../plugins/access/access';
import { vacancyScopeColumns } from '../vacancies/vacancies.service';
import { findMatchingIds, findReach } from './application-bulk.queries';
import { type ApplicationRow, applicationReach, findApplicationRows } from './applications.queries';
import { type ApplicationContext, filterOf, selectionOf } from './applications.service';

// Which applications a bulk action acts on, and what the user may do to each (issue 17). The same
// rule as one application's (findReachableApplication), for thousands in a few statements.

/** Reachability of one application of a bulk action: changeable (`done` so far), or why not. */
export type ReachOutcome = 'done' | 'not_found' | 'forbidden';

/** What a bulk action names: ids, or "every application I see that matches this filter". */
export type BulkSelection = {
  application_ids?: readonly number[] | undefined;
  filter?: Parameters<typeof filterOf>[1] | undefined;
};

/**
 * The ids of a selection: the ones given, or those the filter matches among the applications the user
 * sees (newest first). More than BULK_MATCHING_MAX matching is a 422 (narrow the filter).
 */
export async function resolveSelectionIds(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  selection: BulkSelection,
): Promise<number[]> {
  if (selection.application_ids) return [...selection.application_ids];
  const { access } = ctx;
  const filter = selection.filter ?? {};
  const ids = await findMatchingIds(
    ctx.db,
    selectionOf(access, filterOf(access, filter)),
    BULK_MATCHING_MAX + 1,
  );
  if (ids.length > BULK_MATCHING_MAX) {
    throw new AppError('validation', { issues: { filter: [{ key: 'hr.recruiting_bulk.error.too_many' }] } });
  }
  return ids;
}

/**
 * What the user may do to each application, in the order given: `done` where the Candidate update
 * level reaches it, `forbidden` where only the view level does, `not_found` where neither does or
 * there is no such application (hidden and missing look the same).
 */
export async function resolveReach(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  ids: readonly number[],
): Promise<Map<number, ReachOutcome>> {
  const { access } = ctx;
  const view = levelFor(access, 'Candidate', 'view');
  const outcomes = new Map<number, ReachOutcome>(ids.map((id) => [id, 'not_found']));
  if (view === 'not_visible' || ids.length === 0) return outcomes;
  const update = levelFor(access, 'Candidate', 'update');
  const rows = await findReach(ctx.db, access.user.companyId, ids, {
    view: applicationReach(view, access, vacancyScopeColumns).scope,
    update: applicationReach(update, access, vacancyScopeColumns).scope,
  });
  for (const row of rows) {
    if (row.isVisible) outcomes.set(row.id, row.isChangeable ? 'done' : 'forbidden');
  }
  return outcomes;
}

/** One application of a bulk action with what was found of it. */
export type BulkTargetRow = { id: number; row: ApplicationRow | null; outcome: ReachOutcome };

/** resolveReach with each changeable application's row (for mail: name, address, vacancy). */
export async function resolveTargetRows(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  ids: readonly number[],
): Promise<BulkTargetRow[]> {
  const reach = await resolveReach(ctx, ids);
  const changeable = ids.filter((id) => reach.get(id) === 'done');
  const rows =
    changeable.length === 0
      ? []
      : await findApplicationRows(ctx.db, selectionOf(ctx.access, { ids: changeable }), {
          limit: changeable.length,
          offset: 0,
        });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id) ?? null;
    const outcome = reach.get(id) ?? 'not_found';
    return { id, row, outcome: outcome === 'done' && !row ? 'not_found' : outcome };
  });
}
