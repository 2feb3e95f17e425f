import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Deletes a vacancy (204). The server refuses with 409 while the vacancy has applications. */
export async function deleteVacancy(id: number): Promise<void> {
  await api.delete(route('recruiting.vacancies.one', id));
}

export function useDeleteVacancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVacancy,
    // Only the lists: the deleted vacancy's own query is still watched by the page being left, and
    // refetching it would only answer 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vacancies', 'list'] }),
  });
}
