import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { employeeQueryKey } from './get-employee';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/** Deletes an employee (`DELETE employee.one` → 204); refused while they have access. */
export async function deleteEmployee(id: number): Promise<void> {
  await api.delete(route('employee.one', id));
}

export function useDeleteEmployee(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEmployee(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: employeeQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: EMPLOYEES_QUERY_KEY });
    },
  });
}
