import { route } from '@kadry/shared/routes';
import { type EmployeeRef, employeeRefsResponseSchema } from '@kadry/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/** Every visible, not dismissed employee (`GET employee.all`), for the manager picker. */
export async function getEmployeeRefs(signal?: AbortSignal): Promise<EmployeeRef[]> {
  const response = await api.get(route('employee.all'), { schema: employeeRefsResponseSchema, signal });
  return response.data.data;
}

export function useEmployeeRefs({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...EMPLOYEES_QUERY_KEY, 'refs'],
    queryFn: ({ signal }) => getEmployeeRefs(signal),
    enabled: isEnabled,
  });
}
