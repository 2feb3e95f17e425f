import {
  SAVED_VIEWS_MAX,
  type SavedView,
  type SavedViewInput,
  savedViewFiltersSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import type { z } from 'zod';
import type { RecruitingSavedView, SavedViewFilters } from '../../db/schema/recruiting-bulk';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, levelFor } from '../../plugins/access/access';
import {
  countSavedViews,
  deleteSavedView,
  findSavedViews,
  insertSavedView,
  isViewNameTaken,
  updateSavedView,
} from './saved-views.queries';

// Saved views (issue 17): each user's named filters of the candidates, with sorting and a layout.

export type SavedViewContext = { db: Db; access: Access };

/** A view's input once parsed (defaults filled). */
type ParsedInput = Required<Pick<SavedViewInput, 'name'>> & {
  layout: 'list' | 'board';
  filters: z.infer<typeof savedViewFiltersSchema>;
};

/** Views are of the candidates: whoever sees none has none (403). */
function ownerOf(access: Access) {
  if (levelFor(access, 'Candidate', 'view') === 'not_visible') throw new AppError('forbidden');
  return { companyId: access.user.companyId, userId: access.user.id };
}

function nameTaken(): AppError {
  return new AppError('validation', {
    key: 'hr.saved_views.error.name_taken',
    issues: { name: [{ key: 'hr.saved_views.error.name_taken' }] },
  });
}

/** The filters as stored: only the keys that have a value. */
function toStored(filters: ParsedInput['filters']): SavedViewFilters {
  const stored: SavedViewFilters = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' || typeof value === 'number') stored[key] = value;
  }
  return stored;
}

/**
 * The stored filters as the wire has them. A filter the list no longer takes (or a value it no
 * longer accepts) is dropped rather than failing the whole view.
 */
function readFilters(stored: SavedViewFilters): SavedView['filters'] {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const shape = savedViewFiltersSchema.shape as Record<string, z.ZodType | undefined>;
    const field = shape[key];
    if (!field) continue;
    const parsed = field.safeParse(value);
    if (parsed.success && parsed.data !== undefined) kept[key] = parsed.data;
  }
  return savedViewFiltersSchema.parse(kept);
}

function toWire(row: RecruitingSavedView): SavedView {
  return {
    id: row.id,
    name: row.name,
    layout: row.layout,
    filters: readFilters(row.filters),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The user's own views, by name. */
export async function listSavedViews(ctx: SavedViewContext): Promise<SavedView[]> {
  return (await findSavedViews(ctx.db, ownerOf(ctx.access))).map(toWire);
}

/** Saves a new view (a name of the user's not yet taken, whatever its case; at most SAVED_VIEWS_MAX). */
export async function createSavedView(ctx: SavedViewContext, input: ParsedInput): Promise<SavedView> {
  const owner = ownerOf(ctx.access);
  if ((await countSavedViews(ctx.db, owner)) >= SAVED_VIEWS_MAX) {
    throw new AppError('validation', {
      key: 'hr.saved_views.error.too_many',
      issues: { name: [{ key: 'hr.saved_views.error.too_many', params: { max: SAVED_VIEWS_MAX } }] },
    });
  }
  if (await isViewNameTaken(ctx.db, owner, input.name)) throw nameTaken();
  const row = await insertSavedView(ctx.db, owner, { ...input, filters: toStored(input.filters) });
  if (!row) throw nameTaken();
  return toWire(row);
}

/** Renames a view or replaces its filters and layout; another user's view is not found (404). */
export async function changeSavedView(
  ctx: SavedViewContext,
  id: number,
  input: ParsedInput,
): Promise<SavedView> {
  const owner = ownerOf(ctx.access);
  if (await isViewNameTaken(ctx.db, owner, input.name, id)) throw nameTaken();
  const row = await updateSavedView(ctx.db, owner, id, { ...input, filters: toStored(input.filters) });
  if (row === 'name_taken') throw nameTaken();
  if (!row) throw new AppError('not_found');
  return toWire(row);
}

export async function removeSavedView(ctx: SavedViewContext, id: number): Promise<void> {
  if (!(await deleteSavedView(ctx.db, ownerOf(ctx.access), id))) throw new AppError('not_found');
}
