import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { employeeQueryKey } from './get-employee';

/** Adds a file to the employee's documents (`POST employee.files`, multipart `file`). */
export async function uploadEmployeeFile(id: number, file: File): Promise<void> {
  const body = new FormData();
  body.set('file', file);
  await api.post(route('employee.files', id), body);
}

/** Removes one of the employee's files (`DELETE employee.files.one` → 204). */
export async function deleteEmployeeFile(id: number, fileId: number): Promise<void> {
  await api.delete(route('employee.files.one', { id, fileId }));
}

export function useUploadEmployeeFile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadEmployeeFile(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeQueryKey(id) }),
  });
}

export function useDeleteEmployeeFile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => deleteEmployeeFile(id, fileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeQueryKey(id) }),
  });
}
