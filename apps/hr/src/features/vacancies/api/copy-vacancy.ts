import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ClientVacancy, clientVacancyResponseSchema } from './vacancy-wire';

/** Copies a vacancy; answers the new (unpublished) copy. */
export async function copyVacancy(id: number): Promise<ClientVacancy> {
  const response = await api.post(
    route('recruiting.vacancies.copy', id),
    {},
    { schema: clientVacancyResponseSchema },
  );
  return response.data.data;
}

export function useCopyVacancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyVacancy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vacancies', 'list'] }),
  });
}
