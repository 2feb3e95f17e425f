import type {
  ApplicationSearchHit,
  ApplicationSearchQuery,
  SearchPageMeta,
} from '@kadry/shared/schemas/candidates';
import { AppError } from '../../lib/app-error';
import { findApplicationRows } from './applications.queries';
import { type ApplicationContext, filterOf, selectionOf, toSummaries } from './applications.service';
import { findRankedApplicationIds, findSnippets } from './candidate-search.queries';
import { chooseSnippet } from './search-snippets';

// Full-text search over the applications a user may see (docs/decisions/027-candidate-search.md):
// ranked by ts_rank, prefixes, the 'simple' configuration for en/ru/uk, hidden fields never matched.
// Bounded by the page, not by the hits (docs/decisions/030-bounded-candidate-search.md): the newest
// matches are ranked and the total is counted up to a cap.

/**
 * One page of the applications matching a search, best first, each with a snippet of where it
 * matched. Searches what the role may see only: the CV text with field_files, e-mail and phone with
 * field_email / field_phone, always the name and the answers no field permission governs.
 */
export async function searchApplications(
  ctx: ApplicationContext,
  query: ApplicationSearchQuery,
): Promise<{ data: ApplicationSearchHit[]; meta: SearchPageMeta }> {
  const { db, access } = ctx;
  const { page, per_page: perPage, ...filters } = query;
  const filter = filterOf(access, filters);
  const search = filter.search;
  if (!search) throw new AppError('validation', { issues: { search: [{ key: 'errors.required' }] } });
  const selection = { ...selectionOf(access, filter), filter: { ...filter, search } };
  const { ids, total, isCapped } = await findRankedApplicationIds(db, selection, {
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const pageIds = ids.map((hit) => hit.id);
  const [rows, snippets] = await Promise.all([
    pageIds.length > 0
      ? findApplicationRows(
          db,
          { ...selection, filter: { ids: pageIds } },
          { limit: pageIds.length, offset: 0 },
        )
      : [],
    findSnippets(db, access.user.companyId, pageIds, search),
  ]);
  const summaries = new Map((await toSummaries(db, access, rows)).map((summary) => [summary.id, summary]));
  const data = ids.flatMap((hit) => {
    const application = summaries.get(hit.id);
    if (!application) return [];
    return [{ application, rank: hit.rank, ...chooseSnippet(snippets.get(hit.id)) }];
  });
  return {
    data,
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
      total_is_capped: isCapped,
    },
  };
}
