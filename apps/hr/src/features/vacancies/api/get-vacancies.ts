import { route } from '@kadry/shared/routes';
import { staffVacancyListResponseSchema } from '@kadry/shared/schemas/recruiting';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type VacancyListFilters = {
  page: number;
  /** 20 unless told; at most 100 (the API's limit). */
  per_page?: number;
  search?: string;
  status?: number;
  team_id?: number;
  is_published?: 'true' | 'false';
};
export type VacancyList = z.infer<typeof staffVacancyListResponseSchema>;

export async function getVacancies(filters: VacancyListFilters, signal?: AbortSignal): Promise<VacancyList> {
  const response = await api.get(route('recruiting.vacancies'), {
    params: filters,
    schema: staffVacancyListResponseSchema,
    signal,
  });
  return response.data;
}

export function useVacancies(filters: VacancyListFilters) {
  return useQuery({
    queryKey: ['vacancies', 'list', filters],
    queryFn: ({ signal }) => getVacancies(filters, signal),
    // The table keeps its rows while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
