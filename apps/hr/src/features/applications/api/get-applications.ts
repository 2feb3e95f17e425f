import { route } from '@kadry/shared/routes';
import { applicationSearchResponseSchema, type SearchPageMeta } from '@kadry/shared/schemas/candidates';
import {
  type ApplicationSortColumn,
  type ApplicationSummary,
  applicationListResponseSchema,
  type SortOrder,
} from '@kadry/shared/schemas/recruiting';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ApplicationFilters = {
  page: number;
  per_page?: number;
  search?: string;
  vacancy_id?: number;
  stage_id?: number;
  source?: string;
  from?: string;
  to?: string;
  tag_id?: number;
  /** The column sorted by and its direction (issue 17). */
  sort?: ApplicationSortColumn;
  order?: SortOrder;
};
export type ApplicationList = z.infer<typeof applicationListResponseSchema>;

export async function getApplications(
  filters: ApplicationFilters,
  signal?: AbortSignal,
): Promise<ApplicationList> {
  const response = await api.get(route('recruiting.applications'), {
    params: filters,
    schema: applicationListResponseSchema,
    signal,
  });
  return response.data;
}

export function useApplications(filters: ApplicationFilters, enabled = true) {
  return useQuery({
    queryKey: ['applications', 'list', filters],
    queryFn: ({ signal }) => getApplications(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The applications view's rows: `total_is_capped` when a ranked search stopped counting (decision 030). */
export type ListedApplications = { data: ApplicationSummary[]; meta: SearchPageMeta };

/** Searched with no column chosen: the list shows the ranked search's best matches, not the list's order. */
export function isRankedSearch(filters: ApplicationFilters): boolean {
  return Boolean(filters.search?.trim()) && filters.sort === undefined;
}

/**
 * The rows of the candidates list's applications view. Searched with no explicit sort, the bounded
 * ranked search (`GET /applications/search`, decision 030): the same filters and paging, each hit
 * as the row the table shows with its snippet, the total counted up to SEARCH_TOTAL_CAP. Otherwise
 * (no search, or a column chosen) the list itself, with its exact total.
 */
export async function getListedApplications(
  filters: ApplicationFilters,
  signal?: AbortSignal,
): Promise<ListedApplications> {
  if (!isRankedSearch(filters)) {
    const list = await getApplications(filters, signal);
    return { data: list.data, meta: { ...list.meta, total_is_capped: false } };
  }
  // The search takes the list's filters and paging, not its sorting (it ranks).
  const { sort: _sort, order: _order, ...params } = filters;
  const response = await api.get(route('recruiting.applications.search'), {
    params,
    schema: applicationSearchResponseSchema,
    signal,
  });
  return {
    data: response.data.data.map((hit) => ({ ...hit.application, snippet: hit.snippet })),
    meta: response.data.meta,
  };
}

export function useListedApplications(filters: ApplicationFilters, enabled = true) {
  return useQuery({
    queryKey: ['applications', isRankedSearch(filters) ? 'search' : 'list', filters],
    queryFn: ({ signal }) => getListedApplications(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
