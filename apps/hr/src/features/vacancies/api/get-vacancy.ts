import { route } from '@kadry/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ClientVacancy, clientVacancyResponseSchema } from './vacancy-wire';

export async function getVacancy(id: number, signal?: AbortSignal): Promise<ClientVacancy> {
  const response = await api.get(route('recruiting.vacancies.one', id), {
    schema: clientVacancyResponseSchema,
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
