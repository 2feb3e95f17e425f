import type { Tag, TagColor } from '@kadry/shared/schemas/recruiting-tags';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, canSeeObject, levelFor } from '../../plugins/access/access';
import { deleteTag, findTags, findTagsByIds, insertTag, type TagRow, updateTag } from './tags.queries';

/** What the tag rules need to act for a signed-in user. */
export type TagContext = { db: Db; access: Access };

/**
 * Who reads the dictionary: roles that see tags (Vacancy.Tag view) and roles that see candidates
 * (who meet tags on applications and filter by them); 403 for anyone else.
 */
function requireReader(access: Access): void {
  if (
    levelFor(access, 'Vacancy.Tag', 'view') === 'not_visible' &&
    levelFor(access, 'Candidate', 'view') === 'not_visible'
  ) {
    throw new AppError('forbidden');
  }
}

/** Whether the Vacancy.Tag level of `action` reaches a tag: its maker is the owner. */
function reaches(access: Access, action: 'update' | 'delete', tag: Pick<TagRow, 'createdBy'>): boolean {
  return canSeeObject(levelFor(access, 'Vacancy.Tag', action), access, { ownerId: tag.createdBy });
}

function toWire(access: Access, row: TagRow): Tag {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    applications_count: row.applicationsCount,
    can_update: reaches(access, 'update', row),
    can_delete: reaches(access, 'delete', row),
  };
}

/** SQLSTATE of a database error, however the driver wraps it. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A name another tag has (any case) is a 422 under `name`, decided by the unique index. */
function translateNameTaken(error: unknown): unknown {
  if (sqlStateOf(error) === '23505') {
    return new AppError('validation', { issues: { name: [{ key: 'hr.tags.name_taken' }] }, cause: error });
  }
  return error;
}

export async function listTags(ctx: TagContext): Promise<Tag[]> {
  requireReader(ctx.access);
  const rows = await findTags(ctx.db, ctx.access.user.companyId);
  return rows.map((row) => toWire(ctx.access, row));
}

async function readTag(ctx: TagContext, id: number): Promise<Tag> {
  const tag = (await findTags(ctx.db, ctx.access.user.companyId)).find((row) => row.id === id);
  if (!tag) throw new AppError('not_found');
  return toWire(ctx.access, tag);
}

/** A new tag (Vacancy.Tag create); its maker owns it. */
export async function createTag(ctx: TagContext, input: { name: string; color: TagColor }): Promise<Tag> {
  if (levelFor(ctx.access, 'Vacancy.Tag', 'create') === 'not_visible') throw new AppError('forbidden');
  const { user } = ctx.access;
  let id: number;
  try {
    id = await insertTag(ctx.db, {
      companyId: user.companyId,
      name: input.name,
      color: input.color,
      createdBy: user.id,
    });
  } catch (error) {
    throw translateNameTaken(error);
  }
  return readTag(ctx, id);
}

/**
 * A tag the user may act on: 404 when the company has none with this id (or the user reads no tags),
 * 403 when their Vacancy.Tag level for the action does not reach it.
 */
async function findTagFor(ctx: TagContext, id: number, action: 'update' | 'delete') {
  if (
    levelFor(ctx.access, 'Vacancy.Tag', 'view') === 'not_visible' &&
    levelFor(ctx.access, 'Candidate', 'view') === 'not_visible'
  ) {
    throw new AppError('not_found');
  }
  const [tag] = await findTagsByIds(ctx.db, ctx.access.user.companyId, [id]);
  if (!tag) throw new AppError('not_found');
  if (!reaches(ctx.access, action, tag)) throw new AppError('forbidden');
  return tag;
}

/** Renames or recolours a tag (Vacancy.Tag update reaching it); applications show the new name. */
export async function changeTag(
  ctx: TagContext,
  id: number,
  input: { name: string; color: TagColor },
): Promise<Tag> {
  await findTagFor(ctx, id, 'update');
  try {
    await updateTag(ctx.db, ctx.access.user.companyId, id, { name: input.name, color: input.color });
  } catch (error) {
    throw translateNameTaken(error);
  }
  return readTag(ctx, id);
}

/** Deletes a tag (Vacancy.Tag delete reaching it): it comes off every application. */
export async function removeTag(ctx: TagContext, id: number): Promise<void> {
  await findTagFor(ctx, id, 'delete');
  await deleteTag(ctx.db, ctx.access.user.companyId, id);
}

/** For the applications module: a company tag by id, or null. */
export async function findCompanyTag(
  db: Pick<Db, 'select'>,
  companyId: number,
  id: number,
): Promise<{ id: number; name: string; color: TagColor } | null> {
  const [tag] = await findTagsByIds(db, companyId, [id]);
  return tag ? { id: tag.id, name: tag.name, color: tag.color } : null;
}
