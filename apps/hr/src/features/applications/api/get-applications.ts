import { route } from '@kadry/shared/routes';
import {
  type ApplicationSortColumn,
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
