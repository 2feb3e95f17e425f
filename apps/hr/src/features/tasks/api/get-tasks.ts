import { route } from '@kadry/shared/routes';
import {
  type TaskScope,
  type TaskStatusFilter,
  type TaskTypeId,
  taskListResponseSchema,
  taskResponseSchema,
} from '@kadry/shared/schemas/tasks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The list's query (`taskListQuerySchema` of schemas/tasks.ts) as the app sends it. */
export type TaskListParams = {
  status: TaskStatusFilter;
  scope: TaskScope;
  event_id?: TaskTypeId | undefined;
  employee_id?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  page: number;
  per_page: number;
};

/** Every task query starts with this key, so one invalidation refreshes lists, widgets and modals. */
export const TASKS_QUERY_KEY = ['tasks'] as const;
export const tasksKeys = {
  all: TASKS_QUERY_KEY,
  list: (query: TaskListParams) => [...TASKS_QUERY_KEY, 'list', query] as const,
  one: (id: number) => [...TASKS_QUERY_KEY, 'one', id] as const,
  comments: (id: number) => [...TASKS_QUERY_KEY, 'comments', id] as const,
};

/** `GET dashboard.myTasks` (spec §7.2): filters, page and `per_page`; the previous page shows while the next loads. */
export function useTasks(query: TaskListParams, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: tasksKeys.list(query),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.myTasks'), {
          params: { ...query },
          schema: taskListResponseSchema,
          signal,
        })
      ).data,
  });
}

/** `GET profile.events.one`: one task with what the reader may do with it. */
export function useTask(id: number | null) {
  return useQuery({
    queryKey: tasksKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await api.get(route('profile.events.one', id ?? 0), { schema: taskResponseSchema, signal })).data.data,
  });
}
