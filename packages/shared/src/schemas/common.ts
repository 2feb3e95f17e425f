import { z } from 'zod';
import { LIST_PER_PAGE, LIST_PER_PAGE_MAX } from '../constants';

/** The largest id of an `integer` identity column (ids are positive 32-bit integers). */
export const MAX_OBJECT_ID = 2_147_483_647;

/** An object id in a body or an answer. */
export const objectIdSchema = z.number().int().min(1).max(MAX_OBJECT_ID);

/**
 * An object id in a path: digits written plainly, within the id range. Anything else names no
 * object, and the server answers 404 for it (not 422: the address is simply nowhere).
 */
export const objectIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_OBJECT_ID));

/** `{id}` path parameters. */
export const idParamsSchema = z.object({ id: objectIdParamSchema });

/** An id given as a query filter (`?team_id=3`): out of range is a 422, never a database error. */
export const queryIdSchema = z.coerce.number().int().min(1).max(MAX_OBJECT_ID);

/** A small integer given as a query filter (statuses, codes): bounded like the column it filters. */
export function queryIntSchema(min: number, max: number) {
  return z.coerce.number().int().min(min).max(max);
}

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Free text in a list's query (a search, a source): at most this many characters. */
export const SEARCH_TEXT_MAX_LENGTH = 200;

/** A free-text filter of a list's query. */
export const searchTextSchema = z.string().trim().max(SEARCH_TEXT_MAX_LENGTH);

export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_PER_PAGE_MAX).default(LIST_PER_PAGE),
});

/** An answer that is a file (a download, an export): bytes, described as binary in the API document. */
export const fileResponseSchema = z.unknown().meta({ type: 'string', format: 'binary' });
