import { route } from '@kadry/shared/routes';
import { type StaffVacancy, staffVacancyResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Publishes a vacancy to the careers site or withdraws it. */
export async function changeVacancyPublication(id: number, publish: boolean): Promise<StaffVacancy> {
  const name = publish ? 'recruiting.vacancies.publish' : 'recruiting.vacancies.withdraw';
  const response = await api.post(route(name, id), {}, { schema: staffVacancyResponseSchema });
  return response.data.data;
}

export function useChangeVacancyPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) => changeVacancyPublication(id, publish),
    onSuccess: (vacancy) => {
      queryClient.setQueryData(['vacancies', 'one', vacancy.id], vacancy);
      return queryClient.invalidateQueries({ queryKey: ['vacancies', 'list'] });
    },
  });
}
