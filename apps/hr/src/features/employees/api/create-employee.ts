import { route } from '@kadry/shared/routes';
import {
  type CreateEmployeeBody,
  type EmployeeDetails,
  employeeResponseSchema,
} from '@kadry/shared/schemas/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/** Adds an employee (`POST employee.create` → 201). */
export async function createEmployee(body: CreateEmployeeBody): Promise<EmployeeDetails> {
  const response = await api.post(route('employee.create'), body, { schema: employeeResponseSchema });
  return response.data.data;
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMPLOYEES_QUERY_KEY }),
  });
}
