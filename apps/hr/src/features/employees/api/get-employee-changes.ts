import { route } from '@kadry/shared/routes';
import { employeeChangesResponseSchema } from '@kadry/shared/schemas/employees';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { employeeQueryKey } from './get-employee';

export type EmployeeChanges = z.infer<typeof employeeChangesResponseSchema>;

/** One page of the employee's history (`GET employee.changes`): only fields the reader may see. */
export async function getEmployeeChanges(id: number, page: number, signal?: AbortSignal) {
  const response = await api.get(route('employee.changes', id), {
    params: { page },
    schema: employeeChangesResponseSchema,
    signal,
  });
  return response.data;
}

export function useEmployeeChanges(id: number, page: number) {
  return useQuery({
    queryKey: [...employeeQueryKey(id), 'changes', page],
    queryFn: ({ signal }) => getEmployeeChanges(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
