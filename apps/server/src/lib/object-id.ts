import { AppError } from './app-error';

/** The largest id of an `integer` identity column. */
export const MAX_OBJECT_ID = 2_147_483_647;

/**
 * An object id from a path parameter. Ids are positive 32-bit integers written plainly; anything else
 * names no object, so it answers 404 like a missing one (not 422: the URL is simply nowhere).
 */
export function parseObjectId(raw: string): number {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > MAX_OBJECT_ID) throw new AppError('not_found');
  return id;
}
