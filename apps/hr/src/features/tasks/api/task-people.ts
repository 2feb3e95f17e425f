import { route } from '@kadry/shared/routes';
import { myCandidatesResponseSchema, WIDGET_LIMIT_MAX } from '@kadry/shared/schemas/dashboard';
import { employeeRefsResponseSchema } from '@kadry/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TASKS_QUERY_KEY } from './get-tasks';

/** Every employee the user sees (`employee.all`): whom a task may concern or be assigned to. */
export function useTaskEmployeeOptions({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: [...TASKS_QUERY_KEY, 'employee-options'],
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    // A user who may not list employees still creates tasks about nobody, for themselves.
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.get(route('employee.all'), { schema: employeeRefsResponseSchema, signal })).data.data,
  });
}

/** The user's candidates in recruiting (`employee.candidates`): whose application a task may concern. */
export function useTaskCandidateOptions({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: [...TASKS_QUERY_KEY, 'candidate-options'],
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('employee.candidates'), {
          params: { per_page: WIDGET_LIMIT_MAX },
          schema: myCandidatesResponseSchema,
          signal,
        })
      ).data.data.map((item) => ({ id: item.id, name: `${item.candidate.name} · ${item.vacancy.name}` })),
  });
}
