import { route } from '@kadry/shared/routes';
import { type StaffVacancy, staffVacancyResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getVacancy(id: number, signal?: AbortSignal): Promise<StaffVacancy> {
  const response = await api.get(route('recruiting.vacancies.one', id), {
    schema: staffVacancyResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useVacancy(id: number | null) {
  return useQuery({
    queryKey: ['vacancies', 'one', id],
    queryFn: ({ signal }) => getVacancy(id as number, signal),
    enabled: id !== null,
  });
}
