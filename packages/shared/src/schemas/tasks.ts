import { z } from 'zod';
import { isValidIsoDate } from '../validation/dates';
import { getFileExtension, sanitizeFileName } from '../validation/input-helpers';
import { objectIdSchema, pageMetaSchema, queryIdSchema } from './common';

// Tasks ("profile events", issue 15; spec §3.2 Task and Task comment, §4 Tasks, §5, §7.2): a to-do with
// a type, a time range, an optional employee or candidate it concerns, an assignee, files and comments.
// Paths: routes.ts `dashboard.myTasks`, `dashboard.myTasks.resolve`, `profile.events.*`.
//
// Wire conventions:
// - `event_id` is the task TYPE as a NUMERIC id (TASK_TYPES below: 1 custom … 11 exit_interview); the
//   task object carries `type` (the name) beside it for readability. Filters use `event_id` too.
// - Dates are wall-clock times 'YYYY-MM-DD HH:MM:SS' (no time zone: the time the people agreed on).
//   The client sends the start with seconds `00` and the end with seconds `59` (spec §4): `date`
//   must end in `:00` and `date_end` in `:59`, and `date_end >= date`. An all-day task is stored from
//   00:00:00 of its first day to 23:59:59 of its last (the server rewrites the times).
// - People are employees: `employee`, `assignee`, `author`, `resolved_by` and a comment's `author` are
//   `{ id: employee id, name }` (an author is the account that wrote it, shown as its employee).
//   `assignee_id` in a body is an employee id whose person has an active account (else 422).
// - Create and update take JSON or multipart (text parts named like the JSON keys; files as parts
//   `attached_files[0]`, `attached_files[1]`…; ids to drop as `detached_file_ids[0]`…, or
//   `removed_files[0]`… on a comment). Updates travel as POST with `_method=PUT` (spec §4) or PUT.
//   Multipart booleans are 'true'/'false' or '1'/'0'; empty text means null for nullable fields.
//   (The server reads multipart text into the JSON shape, then checks it with the same schema.)
//
// Visibility (permission sub-entity `Employee.Tasks`, levels own / my team / all): a task is judged by
// the employee it concerns; a task about no employee concerns its author and its assignee. The author
// and the assignee always see their task. `view` reaching the concerned person shows it; `create`
// reaching them lets one create it; `update` / `delete` reaching them let one change / remove it (the
// author always may). Resolving: the assignee, the author, or `update` reaching. A task out of view
// answers 404 like a missing one.
//
// Comments (like candidate comments, decision 011, adapted to a conversation between two people):
// - a PRIVATE comment (`is_shared: false`, the default) is seen by its writer, by the task's author
//   and assignee, and by roles with the action `see_all_comments` on `Employee.Tasks` (who see the
//   task);
// - a SHARED comment (`is_shared: true`, needs the `share_comments` action on `Employee.Tasks`) is
//   seen by everyone who sees the task.
// Only a comment's writer edits or deletes it. `comments_count` counts the comments the reader sees.

/** Task types (spec §3.2 "Employee action and task types"): `event_id` on the wire is the `id`. */
export const TASK_TYPES = [
  { id: 1, key: 'custom' },
  { id: 2, key: 'call' },
  { id: 3, key: 'skype_call' },
  { id: 4, key: 'job_interview' },
  { id: 5, key: 'review' },
  { id: 6, key: 'one_to_one' },
  { id: 7, key: 'test_task' },
  { id: 8, key: 'test_period' },
  { id: 9, key: 'welcome_meeting' },
  { id: 10, key: 'adaptation_meeting' },
  { id: 11, key: 'exit_interview' },
] as const;
export type TaskTypeKey = (typeof TASK_TYPES)[number]['key'];
export type TaskTypeId = (typeof TASK_TYPES)[number]['id'];
export const TASK_TYPE_KEYS = TASK_TYPES.map((type) => type.key) as [TaskTypeKey, ...TaskTypeKey[]];
export const TASK_TYPE_IDS = TASK_TYPES.map((type) => type.id) as [TaskTypeId, ...TaskTypeId[]];
export const taskTypeKeySchema = z.enum(TASK_TYPE_KEYS);

/** The type's name for an `event_id` (null for an unknown id). */
export function taskTypeKeyOf(eventId: number): TaskTypeKey | null {
  return TASK_TYPES.find((type) => type.id === eventId)?.key ?? null;
}

/** The `event_id` of a type name. */
export function taskTypeIdOf(key: TaskTypeKey): TaskTypeId {
  const found = TASK_TYPES.find((type) => type.key === key);
  if (!found) throw new RangeError(`unknown task type: ${key}`);
  return found.id;
}

/** How a task ended (`POST profile.events.resolution`); a task without one is open. */
export const TASK_RESOLUTIONS = ['done', 'not_done', 'cancelled'] as const;
export type TaskResolution = (typeof TASK_RESOLUTIONS)[number];
export const taskResolutionSchema = z.enum(TASK_RESOLUTIONS);

/** The list's status filter: open (no resolution), resolved (any resolution), or both. */
export const TASK_STATUS_FILTERS = ['open', 'resolved', 'all'] as const;
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];

/**
 * Whose tasks the list shows: `mine` — assigned to the user; `created_by_me` — written by the user;
 * `all` — every task the user may see (own, created, assigned, and those their `Employee.Tasks` view
 * level reaches).
 */
export const TASK_SCOPES = ['mine', 'created_by_me', 'all'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

export const TASK_NAME_MAX_LENGTH = 200;
export const TASK_DESCRIPTION_MAX_LENGTH = 10_000;
export const TASK_COMMENT_MAX_LENGTH = 5_000;
export const TASK_RATING_MIN = 1;
export const TASK_RATING_MAX = 5;

// ---------------------------------------------------------------------------------------------------
// Files (spec §5: names cleaned, types from an allow list, sizes within a limit).

/** Each attachment (task or comment) may have at most this many bytes. */
export const TASK_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** A task carries at most this many files (its own, not its comments'). */
export const TASK_FILES_MAX = 10;
/** A comment carries at most this many files. */
export const TASK_COMMENT_FILES_MAX = 5;
/** A stored file name is at most this many characters (longer ones are cut, keeping the extension). */
export const TASK_FILE_NAME_MAX_LENGTH = 200;

/** The attachment allow list: a file's extension must be one of these (its MIME type is then this). */
export const TASK_FILE_ALLOWED_TYPES = [
  { ext: 'pdf', mime: 'application/pdf' },
  { ext: 'doc', mime: 'application/msword' },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { ext: 'xls', mime: 'application/vnd.ms-excel' },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { ext: 'odt', mime: 'application/vnd.oasis.opendocument.text' },
  { ext: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  { ext: 'txt', mime: 'text/plain' },
  { ext: 'csv', mime: 'text/csv' },
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'jpeg', mime: 'image/jpeg' },
  { ext: 'gif', mime: 'image/gif' },
  { ext: 'webp', mime: 'image/webp' },
  { ext: 'zip', mime: 'application/zip' },
] as const;
export type TaskFileExtension = (typeof TASK_FILE_ALLOWED_TYPES)[number]['ext'];

/** The file input's `accept`: every allowed extension and MIME type. */
export const TASK_FILE_ACCEPT = [
  ...TASK_FILE_ALLOWED_TYPES.map((type) => `.${type.ext}`),
  ...new Set(TASK_FILE_ALLOWED_TYPES.map((type) => type.mime)),
].join(',');

/** The allow-list entry for a file name (by its extension, case-insensitive), or null when refused. */
export function findTaskFileType(name: string): (typeof TASK_FILE_ALLOWED_TYPES)[number] | null {
  const ext = getFileExtension(name);
  return TASK_FILE_ALLOWED_TYPES.find((type) => type.ext === ext) ?? null;
}

/**
 * A file name as stored and shown (spec §5): path parts dropped, `/ : ? " < > | \` replaced with `_`,
 * control characters removed, trimmed, at most TASK_FILE_NAME_MAX_LENGTH characters (the extension
 * kept); `file` when nothing is left.
 */
export function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const cleaned = sanitizeFileName(name.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  if (cleaned === '') return 'file';
  const chars = Array.from(cleaned);
  if (chars.length <= TASK_FILE_NAME_MAX_LENGTH) return cleaned;
  const ext = getFileExtension(cleaned);
  const tail = ext ? `.${ext}` : '';
  return chars.slice(0, TASK_FILE_NAME_MAX_LENGTH - tail.length).join('') + tail;
}

/** Why a file cannot be attached, or null when it can: the client's check before sending. */
export type TaskFileProblem = 'type_not_allowed' | 'too_large' | 'empty';
export function checkTaskFile(file: { name: string; size: number }): TaskFileProblem | null {
  if (!findTaskFileType(file.name)) return 'type_not_allowed';
  if (file.size > TASK_FILE_MAX_BYTES) return 'too_large';
  if (file.size === 0) return 'empty';
  return null;
}

/** An attachment as the wire shows it; `url` is the permission-checked download (`profile.events.file`). */
export const taskFileSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  url: z.string(),
});
export type TaskFile = z.infer<typeof taskFileSchema>;

// ---------------------------------------------------------------------------------------------------
// Bodies. Refinement messages are i18n keys (`tasks.errors.*`). The schemas are the JSON shapes; a
// multipart body's text parts are read into them by the server first: booleans from
// 'true'/'false'/'1'/'0'/'on', numbers from digits, '' as null for the nullable fields, and indexed
// parts (`detached_file_ids[0]`, `removed_files[1]`…) gathered into arrays.

/** A list of ids (JSON array; multipart `name[0]`, `name[1]`…), duplicates dropped. */
const idListSchema = z
  .array(objectIdSchema)
  .max(100)
  .transform((ids) => [...new Set(ids)]);

/** 'YYYY-MM-DD HH:MM:SS' with a real date and time. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

export function isValidTaskDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  return match !== null && isValidIsoDate(match[1] ?? '');
}

/** The start: a date and time whose seconds are `00` (spec §4). */
export const taskDateSchema = z
  .string()
  .trim()
  .refine(isValidTaskDateTime, { message: 'tasks.errors.date_format' })
  .refine((value) => value.endsWith(':00'), { message: 'tasks.errors.start_seconds' });
/** The end: a date and time whose seconds are `59` (spec §4). */
export const taskDateEndSchema = z
  .string()
  .trim()
  .refine(isValidTaskDateTime, { message: 'tasks.errors.date_format' })
  .refine((value) => value.endsWith(':59'), { message: 'tasks.errors.end_seconds' });

/** The start of a form's range as sent (spec §4): the date plus the from-time and `:00`. */
export function formatTaskStart(date: string, time: string): string {
  return `${date} ${time.slice(0, 5)}:00`;
}
/** The end of a form's range as sent (spec §4): the date plus the to-time and `:59`. */
export function formatTaskEnd(date: string, time: string): string {
  return `${date} ${time.slice(0, 5)}:59`;
}

const eventIdSchema = z.union(TASK_TYPE_IDS.map((id) => z.literal(id)));

// ---------------------------------------------------------------------------------------------------
// The task.

const personSchema = z.object({ id: objectIdSchema, name: z.string() });
export type TaskPerson = z.infer<typeof personSchema>;

/** What the reader may do with the task now (the server decides; the app shows the buttons). */
export const taskAbilitiesSchema = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  resolve: z.boolean(),
  comment: z.boolean(),
  /** May write a shared comment (the `share_comments` action). */
  share_comments: z.boolean(),
});

export const taskSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  /** The task type's numeric id (TASK_TYPES); `type` is its name. */
  event_id: z.number().int(),
  type: taskTypeKeySchema,
  /** 'YYYY-MM-DD HH:MM:SS' wall-clock times; `date_end` ends in `:59`. */
  date: z.string(),
  date_end: z.string(),
  all_day: z.boolean(),
  /** The employee the task concerns (null: nobody in particular). */
  employee_id: objectIdSchema.nullable(),
  employee: personSchema.nullable(),
  /** The candidate's application it concerns; `application` is null when the reader may not see it. */
  application_id: objectIdSchema.nullable(),
  application: z.object({ id: objectIdSchema, name: z.string() }).nullable(),
  assignee: personSchema,
  /** Who wrote it; null when the account is gone or the system made it. */
  author: personSchema.nullable(),
  /** The HR action template it was made from (issue 15 action templates), if any. */
  template_id: objectIdSchema.nullable(),
  resolution: taskResolutionSchema.nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: personSchema.nullable(),
  files: z.array(taskFileSchema),
  comments_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  can: taskAbilitiesSchema,
});
export type Task = z.infer<typeof taskSchema>;
export const taskResponseSchema = z.object({ data: taskSchema });
export type TaskResponse = z.infer<typeof taskResponseSchema>;

/**
 * `GET dashboard.myTasks`. Open tasks come soonest first (by `date`), resolved ones latest resolved
 * first; `all` lists open before resolved. The date range keeps tasks whose [date, date_end] meets
 * [date_from, date_to] (calendar days, both optional).
 */
export const taskListQuerySchema = z
  .object({
    status: z.enum(TASK_STATUS_FILTERS).default('open'),
    scope: z.enum(TASK_SCOPES).default('mine'),
    // A bounded integer (the address's numbers are bounded on both sides), then one of the ids.
    event_id: z.coerce
      .number()
      .int()
      .min(Math.min(...TASK_TYPE_IDS))
      .max(Math.max(...TASK_TYPE_IDS))
      .pipe(eventIdSchema)
      .optional(),
    employee_id: queryIdSchema.optional(),
    date_from: z.iso.date().optional(),
    date_to: z.iso.date().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    message: 'tasks.errors.range_end_before_start',
    path: ['date_to'],
  });
export type TaskListQuery = z.input<typeof taskListQuerySchema>;
export const taskListResponseSchema = z.object({
  data: z.array(taskSchema),
  meta: pageMetaSchema.extend({
    /** Open tasks in the same scope and filters (the widget's badge), whatever `status` says. */
    open_total: z.number().int(),
  }),
});
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

const nameSchema = z.string().trim().min(1).max(TASK_NAME_MAX_LENGTH);
const descriptionSchema = z.string().trim().max(TASK_DESCRIPTION_MAX_LENGTH).nullable();

const taskFieldsSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional(),
  event_id: eventIdSchema,
  date: taskDateSchema,
  date_end: taskDateEndSchema,
  all_day: z.boolean().default(false),
  /** The employee the task concerns: one the user sees; null or absent: nobody in particular. */
  employee_id: objectIdSchema.nullable().optional(),
  /** A candidate's application it concerns: one the user may see. */
  application_id: objectIdSchema.nullable().optional(),
  /** The employee it is assigned to (with an account); absent or null: the author. */
  assignee_id: objectIdSchema.nullable().optional(),
});

function endNotBeforeStart(body: { date?: string; date_end?: string }): boolean {
  return !body.date || !body.date_end || body.date_end >= body.date;
}
const endMessage = { message: 'tasks.errors.end_before_start', path: ['date_end'] };

/**
 * `POST dashboard.myTasks` (JSON or multipart; files as `attached_files[i]`, up to TASK_FILES_MAX of
 * TASK_FILE_MAX_BYTES each, types from TASK_FILE_ALLOWED_TYPES; 422 under `attached_files` otherwise).
 */
export const createTaskBodySchema = taskFieldsSchema.refine(endNotBeforeStart, endMessage);
export type CreateTaskBody = z.input<typeof createTaskBodySchema>;
export type CreateTaskInput = z.output<typeof createTaskBodySchema>;

/**
 * `POST profile.events.one` with `_method=PUT` (or PUT): any of the fields (absent = unchanged), new
 * files as `attached_files[i]`, files to drop as `detached_file_ids[i]`. The range is checked
 * against the stored value of the side not sent.
 */
export const updateTaskBodySchema = taskFieldsSchema
  .partial()
  .extend({ detached_file_ids: idListSchema.optional() })
  .refine(endNotBeforeStart, endMessage);
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;
export type UpdateTaskInput = z.output<typeof updateTaskBodySchema>;

/**
 * `POST profile.events.resolution`: `resolution` resolves the task (again: replaces the previous
 * one); null reopens it. An optional `comment` is added as a comment of type 2 (a resolution note).
 */
export const taskResolutionBodySchema = z.object({
  resolution: taskResolutionSchema.nullable(),
  comment: z.string().trim().max(TASK_COMMENT_MAX_LENGTH).optional(),
});
export type TaskResolutionBody = z.input<typeof taskResolutionBodySchema>;

/**
 * `POST dashboard.myTasks.resolve`: resolves the user's own open tasks (those assigned to the user)
 * in one call — all of them, or only those of `ids` (others' or resolved ids are skipped) — with
 * `resolution` (default `done`).
 */
export const resolveAllTasksBodySchema = z
  .object({
    ids: idListSchema.optional(),
    resolution: taskResolutionSchema.default('done'),
  })
  .nullish();
export type ResolveAllTasksBody = z.input<typeof resolveAllTasksBodySchema>;
export const resolveAllTasksResponseSchema = z.object({
  data: z.object({ resolved: z.number().int(), ids: z.array(objectIdSchema) }),
});
export type ResolveAllTasksResponse = z.infer<typeof resolveAllTasksResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Comments.

/** A comment's kind: 1 a comment someone wrote (edits always send 1, spec §4); 2 a resolution note. */
export const TASK_COMMENT_TYPES = { comment: 1, resolution: 2 } as const;

export const taskCommentSchema = z.object({
  id: objectIdSchema,
  text: z.string(),
  rating: z.number().int().min(TASK_RATING_MIN).max(TASK_RATING_MAX).nullable(),
  comment_type: z.union([z.literal(1), z.literal(2)]),
  is_shared: z.boolean(),
  /** Who wrote it; null when the account is gone. */
  author: personSchema.nullable(),
  files: z.array(taskFileSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** Changed after it was written. */
  edited: z.boolean(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;
export const taskCommentResponseSchema = z.object({ data: taskCommentSchema });
/** `GET profile.events.comments`: the comments the reader sees, oldest first. */
export const taskCommentListResponseSchema = z.object({ data: z.array(taskCommentSchema) });
export type TaskCommentListResponse = z.infer<typeof taskCommentListResponseSchema>;

const ratingSchema = z.number().int().min(TASK_RATING_MIN).max(TASK_RATING_MAX).nullable();
const commentTextSchema = z.string().trim().max(TASK_COMMENT_MAX_LENGTH);

/**
 * `POST profile.events.comments` (JSON or multipart; files as `attached_files[i]`, up to
 * TASK_COMMENT_FILES_MAX). A comment needs text, a rating or a file (422 under `text` otherwise).
 * `is_shared` needs `share_comments` (403).
 */
export const createTaskCommentBodySchema = z.object({
  text: commentTextSchema.default(''),
  rating: ratingSchema.optional(),
  is_shared: z.boolean().default(false),
});
export type CreateTaskCommentBody = z.input<typeof createTaskCommentBodySchema>;
export type CreateTaskCommentInput = z.output<typeof createTaskCommentBodySchema>;

/**
 * `POST profile.events.comment` with `_method=PUT` (or PUT), by its writer only: `comment_type` 1,
 * the new `text` and `rating` (absent = unchanged), files to drop as `removed_files[i]`, new ones as
 * `attached_files[i]`.
 */
export const updateTaskCommentBodySchema = z.object({
  comment_type: z.literal(1).default(1),
  text: commentTextSchema.optional(),
  rating: ratingSchema.optional(),
  is_shared: z.boolean().optional(),
  removed_files: idListSchema.optional(),
});
export type UpdateTaskCommentBody = z.input<typeof updateTaskCommentBodySchema>;
export type UpdateTaskCommentInput = z.output<typeof updateTaskCommentBodySchema>;
