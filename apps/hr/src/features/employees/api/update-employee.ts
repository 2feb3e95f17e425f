import { route } from '@kadry/shared/routes';
import {
  type EmployeeDetails,
  employeeResponseSchema,
  type UpdateEmployeeBody,
} from '@kadry/shared/schemas/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { employeeQueryKey } from './get-employee';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/**
 * Changes an employee (`PUT employee.one`, sent as POST with `_method=PUT`): only the keys sent
 * change, null clears, lists replace the stored list. Dismissing is a change too (date and reason).
 */
export async function updateEmployee(id: number, body: UpdateEmployeeBody): Promise<EmployeeDetails> {
  const response = await api.put(route('employee.one', id), body, { schema: employeeResponseSchema });
  return response.data.data;
}

export function useUpdateEmployee(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEmployeeBody) => updateEmployee(id, body),
    onSuccess: async (employee) => {
      queryClient.setQueryData(employeeQueryKey(id), employee);
      await queryClient.invalidateQueries({ queryKey: EMPLOYEES_QUERY_KEY });
    },
  });
}
