import { route } from '@kadry/shared/routes';
import { type EmployeeDetails, employeeResponseSchema } from '@kadry/shared/schemas/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { employeeQueryKey } from './get-employee';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/** Replaces the photo (`PUT employee.photo`, multipart `photo`: PNG, JPEG or WebP); answers the profile. */
export async function uploadEmployeePhoto(id: number, file: File): Promise<EmployeeDetails> {
  const body = new FormData();
  body.set('photo', file);
  const response = await api.put(route('employee.photo', id), body, { schema: employeeResponseSchema });
  return response.data.data;
}

export function useUploadEmployeePhoto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadEmployeePhoto(id, file),
    onSuccess: async (employee) => {
      queryClient.setQueryData(employeeQueryKey(id), employee);
      // The directory shows photos too.
      await queryClient.invalidateQueries({ queryKey: [...EMPLOYEES_QUERY_KEY, 'list'] });
    },
  });
}
