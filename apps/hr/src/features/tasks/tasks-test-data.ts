import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import { type Task, type TaskComment, taskCommentSchema, taskSchema } from '@kadry/shared/schemas/tasks';
import type { z } from 'zod';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';

// Wire answers for the tasks' tests (imported by *.test.ts(x) files only), parsed with the schemas the
// server answers with. The signed-in user of render-app's page data is employee 7, Olena Owner.

/** Sees the dashboard, people and everyone's tasks (to_all), and may create, change and delete them. */
export const taskPermissions: UserPermissions = buildPermissions({
  Dashboard: {
    visibilitySettings: {
      create: 'not_visible',
      update: 'not_visible',
      delete: 'not_visible',
      view: 'only_my',
      all: null,
    },
    actions: [],
    fields_view: [],
  },
  Employee: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
  'Employee.Tasks': {
    visibilitySettings: setAllLevel('to_all'),
    actions: ['share_comments'],
    fields_view: [],
  },
});

export function buildTask(overrides: Partial<z.input<typeof taskSchema>> = {}): Task {
  return taskSchema.parse({
    id: 1,
    name: 'Welcome Anna',
    description: 'Show her around.',
    event_id: 9,
    type: 'welcome_meeting',
    date: '2031-03-12 09:00:00',
    date_end: '2031-03-12 10:00:59',
    all_day: false,
    employee_id: 3,
    employee: { id: 3, name: 'Anna New' },
    application_id: null,
    application: null,
    assignee: { id: 7, name: 'Olena Owner' },
    author: { id: 7, name: 'Olena Owner' },
    template_id: null,
    resolution: null,
    resolved_at: null,
    resolved_by: null,
    files: [],
    comments_count: 0,
    created_at: '2031-03-10T08:00:00.000Z',
    updated_at: '2031-03-10T08:00:00.000Z',
    can: { update: true, delete: true, resolve: true, comment: true, share_comments: false },
    ...overrides,
  });
}

export function buildComment(overrides: Partial<z.input<typeof taskCommentSchema>> = {}): TaskComment {
  return taskCommentSchema.parse({
    id: 21,
    text: 'Went well.',
    rating: 4,
    comment_type: 1,
    is_shared: false,
    author: { id: 7, name: 'Olena Owner' },
    files: [],
    created_at: '2031-03-10T09:00:00.000Z',
    updated_at: '2031-03-10T09:00:00.000Z',
    edited: false,
    can: { update: true, delete: true },
    ...overrides,
  });
}

/** A list answer of `dashboard.myTasks`. */
export function taskList(
  tasks: Task[],
  meta: { open_total?: number; last_page?: number; per_page?: number } = {},
) {
  return {
    data: tasks,
    meta: {
      current_page: 1,
      last_page: meta.last_page ?? 1,
      per_page: meta.per_page ?? 20,
      total: tasks.length,
      open_total: meta.open_total ?? tasks.filter((task) => task.resolution === null).length,
    },
  };
}
