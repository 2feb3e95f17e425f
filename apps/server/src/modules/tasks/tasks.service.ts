import { levelOf } from '@kadry/shared/permissions/permission-state';
import { route } from '@kadry/shared/routes';
import {
  type CreateTaskCommentInput,
  type CreateTaskInput,
  TASK_COMMENT_FILES_MAX,
  TASK_COMMENT_TYPES,
  TASK_FILES_MAX,
  type Task,
  type TaskComment,
  type TaskFile,
  type TaskResolution,
  type taskListQuerySchema,
  taskTypeKeyOf,
  type UpdateTaskCommentInput,
  type UpdateTaskInput,
} from '@kadry/shared/schemas/tasks';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import type { ICalCalendar } from 'ical-generator';
import type { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, hasNamedAction, levelFor } from '../../plugins/access/access';
import type { FileStore } from '../../storage/file-store';
import { findReachableApplication } from '../applications/applications.service';
import { formatFullName } from '../employees/employee-names';
import { readerOf as employeeReaderOf, levelReaches } from '../employees/employee-visibility';
import { findVisibleEmployee } from '../employees/employees.service';
import { forgetTargetNotifications, notifyUsers } from '../notifications/notifications.service';
import { queueTaskMail, sendTaskMail, type TaskMailer } from './task-mail';
import {
  type CommentRow,
  countFiles,
  deleteTaskComment,
  deleteTaskRow,
  findAssignableEmployee,
  findMailRecipients,
  findTaskComment,
  findTaskFile,
  findUserIdOfEmployee,
  findVisibleTask,
  insertTask,
  insertTaskComment,
  insertTaskFiles,
  listFeedTaskRows,
  listFilesOf,
  listMailableFiles,
  listTaskComments,
  listVisibleTasks,
  removeAllFilesOf,
  removeFilesOf,
  resolveOpenTasksOf,
  type StoredUpload,
  setResolution,
  type TaskFileListRow,
  type TaskListRow,
  type TaskReader,
  type TaskValues,
  type Tx,
  touchTask,
  updateTaskComment,
  updateTaskRow,
} from './tasks.queries';

// Tasks (issue 15; packages/shared/src/schemas/tasks.ts says the rules): visibility by the
// Employee.Tasks levels over the employee a task concerns, author and assignee always; comments
// private to the task's people unless shared. Notifications go out inside the write's transaction.

/** What the task rules need to act for a signed-in user. `db` may be an open transaction. */
export type TasksContext = {
  db: Db;
  access: Access;
  now: () => Date;
  /** Where files live; stored files of removed tasks and comments are deleted from it after commit. */
  fileStore?: Pick<FileStore, 'delete'>;
  /** Mail to the people a task event concerns, with its files (task-mail.ts); none without it. */
  mailer?: TaskMailer;
};

/** An attachment already in the FileStore (the routes store it while reading the body). */
export type TaskUpload = StoredUpload;

/** The HR app's page of a task (notifications link there). */
export function taskLink(id: number): string {
  return `/app/tasks/${id}`;
}

function companyOf(ctx: TasksContext): number {
  return ctx.access.user.companyId;
}

function fieldError(field: string, key: string, params?: Record<string, string | number>): AppError {
  const issue: ValidationIssue = { key, ...(params ? { params } : {}) };
  return new AppError('validation', { key, ...(params ? { params } : {}), issues: { [field]: [issue] } });
}

/** The reader of an Access. */
export function taskReaderOf(access: Access): TaskReader {
  const settings = access.permissions['Employee.Tasks'].visibilitySettings;
  return {
    companyId: access.user.companyId,
    userId: access.user.id,
    employeeId: access.user.employeeId,
    teammateEmployeeIds: access.teammateEmployeeIds,
    employeeReader: employeeReaderOf(access),
    view: levelOf(settings, 'view'),
    update: levelOf(settings, 'update'),
    delete: levelOf(settings, 'delete'),
    seeAllComments: hasNamedAction(access, 'Employee.Tasks', 'see_all_comments'),
  };
}

function personName(first: string | null, middle: string | null, last: string | null): string {
  return formatFullName({ firstName: first ?? '', middleName: middle, lastName: last ?? '' });
}

function fileUrl(taskId: number, fileId: number): string {
  return route('profile.events.file', { id: taskId, fileId });
}

function toFileWire(row: TaskFileListRow): TaskFile {
  return { id: row.id, name: row.name, size: row.size, mime: row.mime, url: fileUrl(row.taskId, row.id) };
}

function toTaskWire(
  access: Access,
  row: TaskListRow,
  files: readonly TaskFileListRow[],
  applicationNames: ReadonlyMap<number, string>,
): Task {
  const type = taskTypeKeyOf(row.eventId) ?? 'custom';
  const applicationName = row.applicationId === null ? undefined : applicationNames.get(row.applicationId);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    event_id: row.eventId,
    type,
    date: row.startsAt,
    date_end: row.endsAt,
    all_day: row.allDay,
    employee_id: row.employeeId,
    employee:
      row.employeeId === null
        ? null
        : {
            id: row.employeeId,
            name: personName(row.employeeFirstName, row.employeeMiddleName, row.employeeLastName),
          },
    application_id: row.applicationId,
    application:
      row.applicationId !== null && applicationName !== undefined
        ? { id: row.applicationId, name: applicationName }
        : null,
    assignee: {
      id: row.assigneeEmployeeId,
      name: personName(row.assigneeFirstName, row.assigneeMiddleName, row.assigneeLastName),
    },
    author:
      row.authorEmployeeId !== null && row.authorName !== null
        ? { id: row.authorEmployeeId, name: row.authorName }
        : null,
    template_id: row.templateId,
    resolution: row.resolution as TaskResolution | null,
    resolved_at: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolved_by:
      row.resolvedByEmployeeId !== null && row.resolvedByName !== null
        ? { id: row.resolvedByEmployeeId, name: row.resolvedByName }
        : null,
    files: files.map(toFileWire),
    comments_count: row.commentsCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can: {
      update: row.isAuthor || row.reachesUpdate,
      delete: row.isAuthor || row.reachesDelete,
      resolve: row.isAssignee || row.isAuthor || row.reachesUpdate,
      comment: true,
      share_comments: hasNamedAction(access, 'Employee.Tasks', 'share_comments'),
    },
  };
}

/** The candidates' names of these applications the reader may see (others are left out). */
async function applicationNamesOf(
  ctx: Pick<TasksContext, 'db' | 'access'>,
  rows: readonly TaskListRow[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const ids = [...new Set(rows.flatMap((row) => (row.applicationId === null ? [] : [row.applicationId])))];
  for (const id of ids) {
    try {
      const application = await findReachableApplication(ctx, id);
      names.set(id, application.candidateName);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
    }
  }
  return names;
}

async function toTaskWires(ctx: Pick<TasksContext, 'db' | 'access'>, rows: readonly TaskListRow[]) {
  const files = await listFilesOf(ctx.db, ctx.access.user.companyId, { taskIds: rows.map((row) => row.id) });
  const names = await applicationNamesOf(ctx, rows);
  return rows.map((row) =>
    toTaskWire(
      ctx.access,
      row,
      files.filter((file) => file.taskId === row.id),
      names,
    ),
  );
}

/** A task the user sees, or 404 (missing and hidden alike). */
async function loadVisibleTask(ctx: TasksContext, db: Tx, id: number): Promise<TaskListRow> {
  const row = await findVisibleTask(db, taskReaderOf(ctx.access), id);
  if (!row) throw new AppError('not_found');
  return row;
}

async function readTask(ctx: TasksContext, id: number): Promise<Task> {
  const row = await loadVisibleTask(ctx, ctx.db, id);
  const [task] = await toTaskWires(ctx, [row]);
  if (!task) throw new AppError('not_found');
  return task;
}

async function deleteStoredKeys(ctx: TasksContext, keys: readonly string[]): Promise<void> {
  const store = ctx.fileStore;
  if (!store || keys.length === 0) return;
  await Promise.allSettled(keys.map((key) => store.delete(key)));
}

// ---------------------------------------------------------------------------------------------------
// Reading.

/** `GET dashboard.myTasks`. */
export async function listTasks(ctx: TasksContext, query: z.output<typeof taskListQuerySchema>) {
  const reader = taskReaderOf(ctx.access);
  const { rows, total, openTotal } = await listVisibleTasks(
    ctx.db,
    reader,
    {
      status: query.status,
      scope: query.scope,
      eventId: query.event_id,
      employeeId: query.employee_id,
      dateFrom: query.date_from,
      dateTo: query.date_to,
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: await toTaskWires(ctx, rows),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
      open_total: openTotal,
    },
  };
}

/** `GET profile.events.one`. */
export function getTask(ctx: TasksContext, id: number): Promise<Task> {
  return readTask(ctx, id);
}

// ---------------------------------------------------------------------------------------------------
// Writing.

/** 'YYYY-MM-DD HH:MM:SS' range as stored: an all-day task covers its days whole. */
function rangeOf(date: string, dateEnd: string, allDay: boolean): { startsAt: string; endsAt: string } {
  if (!allDay) return { startsAt: date, endsAt: dateEnd };
  return { startsAt: `${date.slice(0, 10)} 00:00:00`, endsAt: `${dateEnd.slice(0, 10)} 23:59:59` };
}

/** The employee a task is about: one the user sees and whose tasks their create level reaches. */
async function checkConcernedEmployee(ctx: TasksContext, employeeId: number): Promise<void> {
  let relation: Awaited<ReturnType<typeof findVisibleEmployee>>['relation'];
  try {
    ({ relation } = await findVisibleEmployee({ db: ctx.db, access: ctx.access }, employeeId));
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      throw fieldError('employee_id', 'tasks.errors.employee_unknown');
    }
    throw error;
  }
  if (!levelReaches(levelFor(ctx.access, 'Employee.Tasks', 'create'), relation)) {
    throw new AppError('forbidden');
  }
}

/** The assignee: the user's own employee, or one they see with an active account. Answers its account. */
async function checkAssignee(ctx: TasksContext, employeeId: number): Promise<number> {
  const { user } = ctx.access;
  if (employeeId === user.employeeId) return user.id;
  try {
    await findVisibleEmployee({ db: ctx.db, access: ctx.access }, employeeId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      throw fieldError('assignee_id', 'tasks.errors.assignee_unknown');
    }
    throw error;
  }
  const account = await findAssignableEmployee(ctx.db, user.companyId, employeeId);
  if (!account) throw fieldError('assignee_id', 'tasks.errors.assignee_unknown');
  return account.userId;
}

async function checkApplication(ctx: TasksContext, applicationId: number): Promise<void> {
  try {
    await findReachableApplication({ db: ctx.db, access: ctx.access }, applicationId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      throw fieldError('application_id', 'tasks.errors.application_unknown');
    }
    throw error;
  }
}

function checkFileCount(count: number, max: number): void {
  if (count > max) throw fieldError('attached_files', 'tasks.errors.too_many_files', { max });
}

/**
 * Tells a new assignee (not the user themself) of the task: a notification, and a mail carrying the
 * task's files within their mail limit. Call after the files are recorded; answers the mail jobs.
 */
async function notifyAssignee(
  ctx: TasksContext,
  tx: Db,
  task: { id: number; name: string },
  assigneeUserId: number,
): Promise<number[]> {
  const { user } = ctx.access;
  if (assigneeUserId === user.id) return [];
  await notifyUsers(tx, user.companyId, {
    userIds: [assigneeUserId],
    kind: 'task_assigned',
    target: { type: 'task', id: task.id },
    actorName: user.name,
    title: task.name,
    link: taskLink(task.id),
    dedupeKey: `task_assigned:${task.id}:${assigneeUserId}:${ctx.now().getTime()}`,
  });
  if (!ctx.mailer) return [];
  const [recipients, files] = await Promise.all([
    findMailRecipients(tx, user.companyId, [assigneeUserId]),
    listMailableFiles(tx, user.companyId, { taskId: task.id, commentId: null }),
  ]);
  return queueTaskMail(ctx.mailer, tx, user.companyId, {
    kind: 'assigned',
    actorName: user.name,
    task,
    path: taskLink(task.id),
    files,
    recipients,
  });
}

/**
 * Creates a task (`POST dashboard.myTasks`; also the HR action templates' "make it a task", with
 * `template_id`). Usable inside a transaction (`ctx.db` may be one). Checks: the user's
 * Employee.Tasks create level reaches the employee it concerns (for a task about nobody, the user
 * themself), the employee is one they see (422 `employee_id`), the assignee has an active account and
 * is seen (422 `assignee_id`), the candidate is reachable (422 `application_id`). The assignee hears
 * of it (unless they made it). Answers the task as the user sees it.
 */
export async function createTask(
  ctx: TasksContext,
  input: CreateTaskInput & { template_id?: number | null },
  uploads: readonly TaskUpload[] = [],
): Promise<Task> {
  const { user } = ctx.access;
  const companyId = user.companyId;
  const createLevel = levelFor(ctx.access, 'Employee.Tasks', 'create');
  if (createLevel === 'not_visible') throw new AppError('forbidden');
  const employeeId = input.employee_id ?? null;
  if (employeeId !== null) await checkConcernedEmployee(ctx, employeeId);
  const assigneeEmployeeId = input.assignee_id ?? user.employeeId;
  const assigneeUserId = await checkAssignee(ctx, assigneeEmployeeId);
  const applicationId = input.application_id ?? null;
  if (applicationId !== null) await checkApplication(ctx, applicationId);
  checkFileCount(uploads.length, TASK_FILES_MAX);
  const { id, jobIds } = await ctx.db.transaction(async (tx) => {
    const created = await insertTask(tx, companyId, {
      name: input.name,
      description: input.description || null,
      eventId: input.event_id,
      ...rangeOf(input.date, input.date_end, input.all_day),
      allDay: input.all_day,
      employeeId,
      applicationId,
      assigneeEmployeeId,
      authorUserId: user.id,
      templateId: input.template_id ?? null,
    });
    await insertTaskFiles(tx, companyId, { taskId: created, commentId: null }, uploads);
    const mails = await notifyAssignee(ctx, tx, { id: created, name: input.name }, assigneeUserId);
    return { id: created, jobIds: mails };
  });
  await sendTaskMail(ctx.mailer, jobIds);
  return readTask(ctx, id);
}

/**
 * `PUT profile.events.one`: the fields sent change (absent ones stay), `detached_file_ids` go, new
 * files are added. Needs `can.update` (403); a new employee or assignee is checked as on create; a
 * new assignee hears of it.
 */
export async function updateTask(
  ctx: TasksContext,
  id: number,
  input: UpdateTaskInput,
  uploads: readonly TaskUpload[] = [],
): Promise<Task> {
  const companyId = companyOf(ctx);
  const row = await loadVisibleTask(ctx, ctx.db, id);
  if (!(row.isAuthor || row.reachesUpdate)) throw new AppError('forbidden');
  const values: Partial<TaskValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description || null;
  if (input.event_id !== undefined) values.eventId = input.event_id;
  const allDay = input.all_day ?? row.allDay;
  if (input.date !== undefined || input.date_end !== undefined || input.all_day !== undefined) {
    const date = input.date ?? row.startsAt;
    const dateEnd = input.date_end ?? row.endsAt;
    if (dateEnd < date) throw fieldError('date_end', 'tasks.errors.end_before_start');
    Object.assign(values, rangeOf(date, dateEnd, allDay), { allDay });
  }
  if (input.employee_id !== undefined && input.employee_id !== row.employeeId) {
    if (input.employee_id !== null) await checkConcernedEmployee(ctx, input.employee_id);
    values.employeeId = input.employee_id;
  }
  if (input.application_id !== undefined && input.application_id !== row.applicationId) {
    if (input.application_id !== null) await checkApplication(ctx, input.application_id);
    values.applicationId = input.application_id;
  }
  let newAssigneeUserId: number | null = null;
  if (input.assignee_id !== undefined) {
    const assigneeEmployeeId = input.assignee_id ?? ctx.access.user.employeeId;
    if (assigneeEmployeeId !== row.assigneeEmployeeId) {
      newAssigneeUserId = await checkAssignee(ctx, assigneeEmployeeId);
      values.assigneeEmployeeId = assigneeEmployeeId;
    }
  }
  const detached = input.detached_file_ids ?? [];
  const { removedKeys, jobIds } = await ctx.db.transaction(async (tx) => {
    const keys = await removeFilesOf(tx, companyId, { taskId: id, commentId: null }, detached);
    if (keys === null) throw fieldError('detached_file_ids', 'tasks.errors.file_unknown');
    const remaining = await countFiles(tx, companyId, { taskId: id, commentId: null });
    checkFileCount(remaining + uploads.length, TASK_FILES_MAX);
    await insertTaskFiles(tx, companyId, { taskId: id, commentId: null }, uploads);
    await updateTaskRow(tx, companyId, id, values, ctx.now());
    const mails =
      newAssigneeUserId === null
        ? []
        : await notifyAssignee(ctx, tx, { id, name: values.name ?? row.name }, newAssigneeUserId);
    return { removedKeys: keys, jobIds: mails };
  });
  await deleteStoredKeys(ctx, removedKeys);
  await sendTaskMail(ctx.mailer, jobIds);
  return readTask(ctx, id);
}

/** `DELETE profile.events.one`: needs `can.delete` (403); its comments and files go with it. */
export async function deleteTask(ctx: TasksContext, id: number): Promise<void> {
  const companyId = companyOf(ctx);
  const row = await loadVisibleTask(ctx, ctx.db, id);
  if (!(row.isAuthor || row.reachesDelete)) throw new AppError('forbidden');
  const keys = await ctx.db.transaction(async (tx) => {
    const removed = await removeAllFilesOf(tx, companyId, { taskId: id });
    await deleteTaskRow(tx, companyId, id);
    await forgetTargetNotifications(tx, companyId, { type: 'task', id });
    return removed;
  });
  await deleteStoredKeys(ctx, keys);
}

async function notifyAuthorOfResolution(
  ctx: TasksContext,
  tx: Db,
  task: { id: number; name: string; authorUserId: number | null },
): Promise<void> {
  const { user } = ctx.access;
  if (task.authorUserId === null || task.authorUserId === user.id) return;
  await notifyUsers(tx, user.companyId, {
    userIds: [task.authorUserId],
    kind: 'task_resolved',
    target: { type: 'task', id: task.id },
    actorName: user.name,
    title: task.name,
    link: taskLink(task.id),
    dedupeKey: `task_resolved:${task.id}:${ctx.now().getTime()}`,
  });
}

/**
 * `POST profile.events.resolution`: resolves (or, with null, reopens) a task; the assignee, the author
 * or whoever's update level reaches it (403 otherwise). A `comment` is added as a resolution note; the
 * author hears of a resolution made by someone else.
 */
export async function resolveTask(
  ctx: TasksContext,
  id: number,
  body: { resolution: TaskResolution | null; comment?: string | undefined },
): Promise<Task> {
  const { user } = ctx.access;
  const row = await loadVisibleTask(ctx, ctx.db, id);
  if (!(row.isAssignee || row.isAuthor || row.reachesUpdate)) throw new AppError('forbidden');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await setResolution(tx, user.companyId, id, body.resolution, { userId: user.id, at: now });
    if (body.comment) {
      await insertTaskComment(tx, user.companyId, {
        taskId: id,
        authorUserId: user.id,
        text: body.comment,
        rating: null,
        commentType: TASK_COMMENT_TYPES.resolution,
        isShared: false,
      });
    }
    if (body.resolution !== null) await notifyAuthorOfResolution(ctx, tx, row);
  });
  return readTask(ctx, id);
}

/**
 * `POST dashboard.myTasks.resolve`: resolves the user's own open tasks (assigned to them) — all, or
 * those of `ids` — in one transaction. Others' tasks and resolved ones are skipped, not refused.
 */
export async function resolveAllTasks(
  ctx: TasksContext,
  body: { ids?: number[] | undefined; resolution?: TaskResolution | undefined } | null | undefined,
): Promise<{ resolved: number; ids: number[] }> {
  const { user } = ctx.access;
  if (levelFor(ctx.access, 'Dashboard', 'view') === 'not_visible') throw new AppError('forbidden');
  const now = ctx.now();
  const resolved = await ctx.db.transaction(async (tx) => {
    const rows = await resolveOpenTasksOf(
      tx,
      user.companyId,
      user.employeeId,
      body?.ids,
      body?.resolution ?? 'done',
      { userId: user.id, at: now },
    );
    for (const row of rows) await notifyAuthorOfResolution(ctx, tx, row);
    return rows;
  });
  const ids = resolved.map((row) => row.id).sort((a, b) => a - b);
  return { resolved: ids.length, ids };
}

// ---------------------------------------------------------------------------------------------------
// Comments.

function privateSeen(reader: TaskReader, task: TaskListRow): boolean {
  return reader.seeAllComments || task.isAuthor || task.isAssignee;
}

function toCommentWire(ctx: TasksContext, row: CommentRow, files: readonly TaskFileListRow[]): TaskComment {
  const isWriter = row.authorUserId === ctx.access.user.id;
  return {
    id: row.id,
    text: row.text,
    rating: row.rating,
    comment_type: row.commentType === TASK_COMMENT_TYPES.resolution ? 2 : 1,
    is_shared: row.isShared,
    author:
      row.authorEmployeeId !== null && row.authorName !== null
        ? { id: row.authorEmployeeId, name: row.authorName }
        : null,
    files: files.map(toFileWire),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    edited: row.editedAt !== null,
    can: { update: isWriter, delete: isWriter },
  };
}

/** `GET profile.events.comments`: the comments the user sees (schemas/tasks.ts), oldest first. */
export async function listComments(ctx: TasksContext, id: number): Promise<TaskComment[]> {
  const reader = taskReaderOf(ctx.access);
  const task = await loadVisibleTask(ctx, ctx.db, id);
  const rows = await listTaskComments(ctx.db, reader.companyId, id, {
    userId: reader.userId,
    privateSeen: privateSeen(reader, task),
  });
  const files = await listFilesOf(ctx.db, reader.companyId, { commentIds: rows.map((row) => row.id) });
  return rows.map((row) =>
    toCommentWire(
      ctx,
      row,
      files.filter((file) => file.commentId === row.id),
    ),
  );
}

async function readComment(ctx: TasksContext, taskId: number, commentId: number): Promise<TaskComment> {
  const companyId = companyOf(ctx);
  const row = await findTaskComment(ctx.db, companyId, taskId, commentId);
  if (!row) throw new AppError('not_found');
  const files = await listFilesOf(ctx.db, companyId, { commentIds: [commentId] });
  return toCommentWire(ctx, row, files);
}

function requireShareable(ctx: TasksContext, isShared: boolean | undefined): void {
  if (isShared && !hasNamedAction(ctx.access, 'Employee.Tasks', 'share_comments')) {
    throw new AppError('forbidden');
  }
}

/**
 * The people of a task who hear of a comment: its author and assignee, not the commenter; each gets a
 * notification and a mail with the comment's text and files (within their mail limit). Answers the
 * mail jobs.
 */
async function notifyOfComment(
  ctx: TasksContext,
  tx: Db,
  task: TaskListRow,
  comment: { id: number; text: string },
): Promise<number[]> {
  const commentId = comment.id;
  const { user } = ctx.access;
  const assigneeUserId = await findUserIdOfEmployee(tx, user.companyId, task.assigneeEmployeeId);
  const userIds = [task.authorUserId, assigneeUserId].filter(
    (id): id is number => id !== null && id !== user.id,
  );
  if (userIds.length === 0) return [];
  await notifyUsers(tx, user.companyId, {
    userIds,
    kind: 'task_commented',
    target: { type: 'task', id: task.id },
    actorName: user.name,
    title: task.name,
    link: taskLink(task.id),
    dedupeKey: `task_commented:${commentId}`,
  });
  if (!ctx.mailer) return [];
  const [recipients, files] = await Promise.all([
    findMailRecipients(tx, user.companyId, [...new Set(userIds)]),
    listMailableFiles(tx, user.companyId, { taskId: task.id, commentId }),
  ]);
  return queueTaskMail(ctx.mailer, tx, user.companyId, {
    kind: 'commented',
    actorName: user.name,
    task: { id: task.id, name: task.name },
    path: taskLink(task.id),
    body: comment.text,
    files,
    recipients,
  });
}

/**
 * `POST profile.events.comments`: anyone who sees the task comments on it. A shared comment needs
 * `share_comments` (403); an empty one (no text, rating or file) is a 422 under `text`.
 */
export async function addComment(
  ctx: TasksContext,
  id: number,
  input: CreateTaskCommentInput,
  uploads: readonly TaskUpload[] = [],
): Promise<TaskComment> {
  const { user } = ctx.access;
  const task = await loadVisibleTask(ctx, ctx.db, id);
  requireShareable(ctx, input.is_shared);
  const rating = input.rating ?? null;
  if (input.text === '' && rating === null && uploads.length === 0) {
    throw fieldError('text', 'tasks.errors.comment_empty');
  }
  checkFileCount(uploads.length, TASK_COMMENT_FILES_MAX);
  const { commentId, jobIds } = await ctx.db.transaction(async (tx) => {
    const created = await insertTaskComment(tx, user.companyId, {
      taskId: id,
      authorUserId: user.id,
      text: input.text,
      rating,
      commentType: TASK_COMMENT_TYPES.comment,
      isShared: input.is_shared,
    });
    await insertTaskFiles(tx, user.companyId, { taskId: id, commentId: created }, uploads);
    await touchTask(tx, user.companyId, id, ctx.now());
    const mails = await notifyOfComment(ctx, tx, task, { id: created, text: input.text });
    return { commentId: created, jobIds: mails };
  });
  await sendTaskMail(ctx.mailer, jobIds);
  return readComment(ctx, id, commentId);
}

/** A comment of a visible task that the user sees, or 404; and 403 unless they wrote it. */
async function loadOwnComment(ctx: TasksContext, id: number, commentId: number): Promise<CommentRow> {
  const reader = taskReaderOf(ctx.access);
  const task = await loadVisibleTask(ctx, ctx.db, id);
  const comment = await findTaskComment(ctx.db, reader.companyId, id, commentId);
  const isWriter = comment !== null && comment.authorUserId === reader.userId;
  if (!comment || !(comment.isShared || isWriter || privateSeen(reader, task))) {
    throw new AppError('not_found');
  }
  if (!isWriter) throw new AppError('forbidden');
  return comment;
}

/**
 * `PUT profile.events.comment` (`comment_type` 1), by its writer only (403 for others who see it):
 * new text, rating or sharing, `removed_files` dropped (422 when not the comment's), new files added.
 */
export async function updateComment(
  ctx: TasksContext,
  id: number,
  commentId: number,
  input: UpdateTaskCommentInput,
  uploads: readonly TaskUpload[] = [],
): Promise<TaskComment> {
  const companyId = companyOf(ctx);
  const comment = await loadOwnComment(ctx, id, commentId);
  requireShareable(ctx, input.is_shared);
  const text = input.text ?? comment.text;
  const rating = input.rating === undefined ? comment.rating : input.rating;
  const removedKeys = await ctx.db.transaction(async (tx) => {
    const keys = await removeFilesOf(tx, companyId, { taskId: id, commentId }, input.removed_files ?? []);
    if (keys === null) throw fieldError('removed_files', 'tasks.errors.file_unknown');
    const remaining = await countFiles(tx, companyId, { taskId: id, commentId });
    checkFileCount(remaining + uploads.length, TASK_COMMENT_FILES_MAX);
    if (text === '' && rating === null && remaining + uploads.length === 0) {
      throw fieldError('text', 'tasks.errors.comment_empty');
    }
    await insertTaskFiles(tx, companyId, { taskId: id, commentId }, uploads);
    await updateTaskComment(
      tx,
      companyId,
      commentId,
      { text, rating, ...(input.is_shared === undefined ? {} : { isShared: input.is_shared }) },
      ctx.now(),
    );
    return keys;
  });
  await deleteStoredKeys(ctx, removedKeys);
  return readComment(ctx, id, commentId);
}

/** `DELETE profile.events.comment`, by its writer only; its files go with it. */
export async function deleteComment(ctx: TasksContext, id: number, commentId: number): Promise<void> {
  const companyId = companyOf(ctx);
  await loadOwnComment(ctx, id, commentId);
  const keys = await ctx.db.transaction(async (tx) => {
    const removed = await removeAllFilesOf(tx, companyId, { taskId: id, commentId });
    await deleteTaskComment(tx, companyId, commentId);
    return removed;
  });
  await deleteStoredKeys(ctx, keys);
}

// ---------------------------------------------------------------------------------------------------
// Files.

/**
 * `GET profile.events.file`: a file of a task the user sees, or of a comment of it they see; 404
 * otherwise. Served under its cleaned name with the MIME type of its allowed extension.
 */
export async function findTaskDownload(ctx: TasksContext, id: number, fileId: number) {
  const reader = taskReaderOf(ctx.access);
  const task = await loadVisibleTask(ctx, ctx.db, id);
  const file = await findTaskFile(ctx.db, reader.companyId, id, fileId);
  if (!file) throw new AppError('not_found');
  if (file.commentId !== null) {
    const comment = await findTaskComment(ctx.db, reader.companyId, id, file.commentId);
    const seen =
      comment !== null &&
      (comment.isShared || comment.authorUserId === reader.userId || privateSeen(reader, task));
    if (!seen) throw new AppError('not_found');
  }
  return { storageKey: file.storageKey, name: file.name, size: file.size, contentType: file.mime };
}

// ---------------------------------------------------------------------------------------------------
// The iCal feed (absences/feeds): one person's tasks.

/** A wall-clock 'YYYY-MM-DD HH:MM:SS' as a Date of the same digits in UTC (written floating). */
function wallClockDate(value: string, addSeconds = 0): Date {
  const [date = '1970-01-01', time = '00:00:00'] = value.split(' ');
  return new Date(Date.parse(`${date}T${time.slice(0, 8)}Z`) + addSeconds * 1000);
}

/**
 * Adds to a person-scope iCal feed the tasks about that employee or assigned to them that the feed's
 * creator (`access`) may see, meeting the days of `range` (cancelled ones left out): all-day tasks as
 * all-day events, the others as timed events in floating time (the wall-clock time people agreed on).
 */
export async function addTasksToFeed(
  db: Db,
  access: Access,
  calendar: ICalCalendar,
  employeeId: number,
  range: { from: string; to: string },
  now: Date,
): Promise<void> {
  const rows = await listFeedTaskRows(db, taskReaderOf(access), employeeId, range);
  for (const row of rows) {
    calendar.createEvent({
      id: `task-${row.id}@kadry`,
      start: row.allDay
        ? wallClockDate(`${row.startsAt.slice(0, 10)} 00:00:00`)
        : wallClockDate(row.startsAt),
      // DTEND is exclusive: the day after an all-day task, the second after a timed one's `:59`.
      end: row.allDay
        ? wallClockDate(`${row.endsAt.slice(0, 10)} 00:00:00`, 86_400)
        : wallClockDate(row.endsAt, 1),
      allDay: row.allDay,
      floating: !row.allDay,
      stamp: now,
      summary: row.name,
      ...(row.description ? { description: row.description } : {}),
    });
  }
}
