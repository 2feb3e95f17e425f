import { route } from '@kadry/shared/routes';
import { type EmployeeSort, employeesResponseSchema } from '@kadry/shared/schemas/employees';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** The directory's query (`GET employee.visibleEmployeesPaginated`); left-out filters are not sent. */
export type EmployeeFilters = {
  page: number;
  per_page: number;
  search?: string;
  team_ids?: number;
  status_ids?: number;
  employment_type_ids?: number;
  position?: string;
  city?: string;
  start_from?: string;
  start_to?: string;
  state?: 'active' | 'dismissed' | 'all';
  sort?: EmployeeSort;
  direction?: 'asc' | 'desc';
};
export type EmployeeList = z.infer<typeof employeesResponseSchema>;

export async function getEmployees(filters: EmployeeFilters, signal?: AbortSignal): Promise<EmployeeList> {
  const response = await api.get(route('employee.visibleEmployeesPaginated'), {
    params: filters,
    schema: employeesResponseSchema,
    signal,
  });
  return response.data;
}

/** Every employees query's key starts with this, so one invalidation refreshes lists and profiles. */
export const EMPLOYEES_QUERY_KEY = ['employees'] as const;

export function useEmployees(filters: EmployeeFilters) {
  return useQuery({
    queryKey: [...EMPLOYEES_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) => getEmployees(filters, signal),
    // The table keeps its rows while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
