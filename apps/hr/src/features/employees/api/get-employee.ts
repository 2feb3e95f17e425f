import { route } from '@kadry/shared/routes';
import { type EmployeeDetails, employeeResponseSchema } from '@kadry/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/** One employee's profile (`GET employee.one`): hidden fields are absent, hidden sections null. */
export async function getEmployee(id: number, signal?: AbortSignal): Promise<EmployeeDetails> {
  const response = await api.get(route('employee.one', id), { schema: employeeResponseSchema, signal });
  return response.data.data;
}

export function employeeQueryKey(id: number) {
  return [...EMPLOYEES_QUERY_KEY, 'one', id] as const;
}

export function useEmployee(id: number) {
  return useQuery({ queryKey: employeeQueryKey(id), queryFn: ({ signal }) => getEmployee(id, signal) });
}
