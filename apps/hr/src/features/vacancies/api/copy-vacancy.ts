import { route } from '@kadry/shared/routes';
import { type StaffVacancy, staffVacancyResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Copies a vacancy; answers the new (unpublished) copy. */
export async function copyVacancy(id: number): Promise<StaffVacancy> {
  const response = await api.post(
    route('recruiting.vacancies.copy', id),
    {},
    { schema: staffVacancyResponseSchema },
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
