import { route } from '@kadry/shared/routes';
import {
  resolveAllTasksResponseSchema,
  type Task,
  type TaskResolution,
  taskResponseSchema,
} from '@kadry/shared/schemas/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TASKS_QUERY_KEY, tasksKeys } from './get-tasks';

/**
 * `POST profile.events.resolution` (spec §4): resolves the task with a resolution (and an optional note,
 * which becomes a comment), or reopens it (null). The comments are refreshed with the task.
 */
export function useResolveTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      resolution,
      note,
    }: {
      id: number;
      resolution: TaskResolution | null;
      /** A resolution note, added as a comment of type 2. */
      note?: string | undefined;
    }): Promise<Task> =>
      (
        await api.post(
          route('profile.events.resolution', id),
          { resolution, ...(note?.trim() ? { comment: note.trim() } : {}) },
          { schema: taskResponseSchema },
        )
      ).data.data,
    onSuccess: (task) => {
      client.setQueryData(tasksKeys.one(task.id), task);
      return client.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
    },
  });
}

/** `POST dashboard.myTasks.resolve`: every open task assigned to the user completed in one call. */
export function useResolveAllTasks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.post(
          route('dashboard.myTasks.resolve'),
          { resolution: 'done' },
          { schema: resolveAllTasksResponseSchema },
        )
      ).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: TASKS_QUERY_KEY }),
  });
}
