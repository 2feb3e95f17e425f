import { route } from '@kadry/shared/routes';
import {
  type CreateTaskBody,
  formatTaskEnd,
  formatTaskStart,
  type Task,
  type TaskTypeId,
  taskResponseSchema,
} from '@kadry/shared/schemas/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TASKS_QUERY_KEY, tasksKeys } from './get-tasks';

/** The task form as the user fills it: calendar dates and HH:MM times, people by id. */
export type TaskFormValues = {
  name: string;
  event_id: TaskTypeId;
  description: string;
  date: string;
  time_from: string;
  date_end: string;
  time_to: string;
  all_day: boolean;
  employee_id: number | null;
  application_id: number | null;
  /** null: the author (the server's default). */
  assignee_id: number | null;
};

/** The range as sent (spec §4): start with seconds 00, end with seconds 59; all day is 00:00–23:59. */
export function taskRange(
  values: Pick<TaskFormValues, 'date' | 'time_from' | 'date_end' | 'time_to' | 'all_day'>,
) {
  return {
    date: formatTaskStart(values.date, values.all_day ? '00:00' : values.time_from),
    date_end: formatTaskEnd(values.date_end, values.all_day ? '23:59' : values.time_to),
  };
}

/** The body of a create or update as the shared schema reads it (the JSON shape of the multipart parts). */
export function taskBody(values: TaskFormValues): CreateTaskBody {
  const range = taskRange(values);
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    event_id: values.event_id,
    date: range.date,
    date_end: range.date_end,
    all_day: values.all_day,
    employee_id: values.employee_id,
    application_id: values.application_id,
    assignee_id: values.assignee_id,
  };
}

/** A body value as multipart text: booleans as 'true'/'false', null as '' (schemas/tasks.ts). */
function asPart(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * The multipart body of spec §7.2: name, description, event_id, date, date_end, all_day (and whom it
 * concerns, the assignee), new files as `attached_files[i]` and, on an update, the stored files to
 * drop as `detached_file_ids[i]`.
 */
export function buildTaskFormData(
  values: TaskFormValues,
  files: readonly File[],
  detachedFileIds: readonly number[] = [],
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(taskBody(values))) body.append(name, asPart(value));
  files.forEach((file, index) => {
    body.append(`attached_files[${index}]`, file, file.name);
  });
  detachedFileIds.forEach((id, index) => {
    body.append(`detached_file_ids[${index}]`, String(id));
  });
  return body;
}

export type SaveTaskInput = { values: TaskFormValues; files: readonly File[]; detachedFileIds?: number[] };

/** `POST dashboard.myTasks` (multipart): a new task. */
export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, files }: SaveTaskInput): Promise<Task> =>
      (
        await api.post(route('dashboard.myTasks'), buildTaskFormData(values, files), {
          schema: taskResponseSchema,
        })
      ).data.data,
    onSuccess: (task) => {
      client.setQueryData(tasksKeys.one(task.id), task);
      return client.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
    },
  });
}

/** `POST profile.events.one` with `_method=PUT` (spec §4): the task changed. */
export function useUpdateTask(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, files, detachedFileIds = [] }: SaveTaskInput): Promise<Task> =>
      (
        await api.put(route('profile.events.one', id), buildTaskFormData(values, files, detachedFileIds), {
          schema: taskResponseSchema,
        })
      ).data.data,
    onSuccess: (task) => {
      client.setQueryData(tasksKeys.one(task.id), task);
      return client.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
    },
  });
}

/** `DELETE profile.events.one`. */
export function useDeleteTask(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(route('profile.events.one', id));
    },
    onSuccess: () => {
      client.removeQueries({ queryKey: tasksKeys.one(id) });
      return client.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
    },
  });
}
