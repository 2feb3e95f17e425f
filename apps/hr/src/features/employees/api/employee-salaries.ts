import { route } from '@kadry/shared/routes';
import { type Salary, salariesResponseSchema, type salaryBodySchema } from '@kadry/shared/schemas/employees';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { employeeQueryKey } from './get-employee';

export type SalaryBody = z.input<typeof salaryBodySchema>;

function salariesQueryKey(id: number) {
  return [...employeeQueryKey(id), 'salaries'] as const;
}

/** The salary history (`GET employee.salaries`), latest first as the server orders it. */
export async function getEmployeeSalaries(id: number, signal?: AbortSignal): Promise<Salary[]> {
  const response = await api.get(route('employee.salaries', id), { schema: salariesResponseSchema, signal });
  return response.data.data;
}

export function useEmployeeSalaries(id: number) {
  return useQuery({
    queryKey: salariesQueryKey(id),
    queryFn: ({ signal }) => getEmployeeSalaries(id, signal),
  });
}

/** Adds a salary entry (`POST employee.salaries`); the current salary is the latest that has started. */
export async function addEmployeeSalary(id: number, body: SalaryBody): Promise<void> {
  await api.post(route('employee.salaries', id), body);
}

export function useAddEmployeeSalary(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalaryBody) => addEmployeeSalary(id, body),
    // The profile (its current salary) and the history, both under the employee's key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeQueryKey(id) }),
  });
}
