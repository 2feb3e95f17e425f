import { route } from '@kadry/shared/routes';
import {
  type StaffVacancy,
  staffVacancyResponseSchema,
  type VacancyInput,
} from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The body sent: the salaries are left out when the user may not see them, so they are not overwritten. */
export type VacancyBody = Omit<VacancyInput, 'salary' | 'salary_range'> & {
  salary?: VacancyInput['salary'];
  salary_range?: VacancyInput['salary_range'];
  /** A new vacancy's stage names (a pipeline template's, edited); ignored on update. */
  stages?: string[];
};

/** Creates a vacancy (id null) or updates one (PUT, sent as POST with `_method=PUT`). */
export async function saveVacancy(id: number | null, input: VacancyBody): Promise<StaffVacancy> {
  const response =
    id === null
      ? await api.post(route('recruiting.vacancies'), input, { schema: staffVacancyResponseSchema })
      : await api.put(
          route('recruiting.vacancies.one', id),
          { ...input, stages: undefined },
          { schema: staffVacancyResponseSchema },
        );
  return response.data.data;
}

export function useSaveVacancy(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VacancyBody) => saveVacancy(id, input),
    onSuccess: (vacancy) => {
      queryClient.setQueryData(['vacancies', 'one', vacancy.id], vacancy);
      return queryClient.invalidateQueries({ queryKey: ['vacancies', 'list'] });
    },
  });
}
