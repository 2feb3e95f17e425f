import { routePattern } from '@kadry/shared/routes';
import { fileResponseSchema, idParamsSchema, objectIdParamSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  cleanFileName,
  createTaskBodySchema,
  createTaskCommentBodySchema,
  resolveAllTasksBodySchema,
  resolveAllTasksResponseSchema,
  TASK_FILE_MAX_BYTES,
  TASK_FILES_MAX,
  taskCommentListResponseSchema,
  taskCommentResponseSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskResolutionBodySchema,
  taskResponseSchema,
  updateTaskBodySchema,
  updateTaskCommentBodySchema,
} from '@kadry/shared/schemas/tasks';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/export-table';
import { readLimitedParts } from '../../lib/multipart-body';
import { sendStoredFile, skipFilePart, storeFilePart, trackRequestUploads } from '../../lib/stored-files';
import { getAccess, requireAbility } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import type { FileStore } from '../../storage/file-store';
import { allowedTypeOf, judgeTaskFile } from './task-files';
import {
  addComment,
  createTask,
  deleteComment,
  deleteTask,
  findTaskDownload,
  getTask,
  listComments,
  listTasks,
  resolveAllTasks,
  resolveTask,
  type TasksContext,
  type TaskUpload,
  updateComment,
  updateTask,
} from './tasks.service';

export type TasksRoutesOptions = {
  db: Db;
  now: () => Date;
  fileStore: FileStore;
  /** Uploads' minimum rate (UPLOAD_MIN_BYTES_PER_SEC); 0 = none. */
  uploadMinBytesPerSec?: number;
};

const config = { plan: 'hrm' as const };
const tags = ['dashboard'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);
const uploadErrors = errorResponses(...STAFF_ERRORS, 404, 413, 422);

/**
 * A body's text parts: the fields (and `_method`, and indexed id lists). The longest value is a
 * description of 10,000 characters, up to 4 bytes each in UTF-8.
 */
const TEXT_LIMITS = { parts: 140, valueBytes: 40_960, textBytes: 64_000 };
/** The file parts: `attached_files`, `attached_files[]`, `attached_files[0]`. */
const FILE_PART = /^attached_files(\[\d{0,3}\])?$/;
/** Indexed id lists: `detached_file_ids[0]`, `removed_files[]`, `ids[1]`. */
const LIST_PART = /^(detached_file_ids|removed_files|ids)(\[\d{0,3}\])?$/;
const BOOLEAN_FIELDS = new Set(['all_day', 'is_shared']);
const NUMBER_FIELDS = new Set([
  'event_id',
  'employee_id',
  'application_id',
  'assignee_id',
  'rating',
  'comment_type',
]);
/** Fields where empty text means null. */
const NULLABLE_FIELDS = new Set(['description', 'employee_id', 'application_id', 'assignee_id', 'rating']);

function readNumber(value: string): number | string {
  const text = value.trim();
  return /^-?\d{1,12}$/.test(text) ? Number(text) : value;
}

function readBoolean(value: string): boolean | string {
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1' || text === 'on') return true;
  if (text === 'false' || text === '0' || text === '') return false;
  return value;
}

/** A multipart body's text parts as the JSON body would have them (schemas/tasks.ts says how). */
export function bodyOfTexts(texts: ReadonlyArray<[string, string]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of texts) {
    if (name === '_method') continue;
    const list = LIST_PART.exec(name);
    if (list?.[1]) {
      const key = list[1];
      const items = Array.isArray(body[key]) ? (body[key] as unknown[]) : [];
      if (value.trim() !== '') items.push(readNumber(value));
      body[key] = items;
      continue;
    }
    if (NULLABLE_FIELDS.has(name) && value.trim() === '') body[name] = null;
    else if (BOOLEAN_FIELDS.has(name)) body[name] = readBoolean(value);
    else if (NUMBER_FIELDS.has(name)) body[name] = readNumber(value);
    else body[name] = value;
  }
  return body;
}

function fileIssue(key: string, name: string, params: Record<string, string | number> = {}): AppError {
  const issue = { key, params: { name, ...params } };
  return new AppError('validation', { key, params: issue.params, issues: { attached_files: [issue] } });
}

/**
 * Tasks (profile events) under the `Employee.Tasks` permission (hrm plan; schemas/tasks.ts). A task out
 * of the user's view answers 404 like a missing one. Create and update take JSON or multipart.
 */
export const tasksRoutes: FastifyPluginAsync<TasksRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { fileStore } = opts;
  /** Files stored while reading a request's body; removed unless the request kept them. */
  const uploads = trackRequestUploads<TaskUpload>(app, fileStore);

  async function contextOf(request: FastifyRequest): Promise<TasksContext> {
    return {
      db: opts.db,
      access: await getAccess(request),
      now: opts.now,
      fileStore,
      // Task mail goes through the app's job queue ('mail.send'), its links to the trusted origin.
      mailer: { jobs: app.jobs, linkOrigin: request.linkOrigin, log: request.log },
    };
  }

  /**
   * A multipart request: its files go to the FileStore as they arrive (type by name from the allow list,
   * size within the limit, content agreeing with the type; 422 under `attached_files` otherwise, with
   * the file's cleaned name), its text parts become the body the schema then checks like a JSON one.
   */
  async function readMultipart(request: FastifyRequest): Promise<void> {
    const files = uploads.start(request);
    const minBytesPerSec = opts.uploadMinBytesPerSec ?? 0;
    const parts = request.parts({
      limits: {
        fileSize: TASK_FILE_MAX_BYTES,
        files: TASK_FILES_MAX + 1,
        fields: TEXT_LIMITS.parts,
        fieldSize: TEXT_LIMITS.valueBytes,
        parts: TEXT_LIMITS.parts + TASK_FILES_MAX + 1,
      },
    });
    const texts: Array<[string, string]> = [];
    for await (const part of readLimitedParts(request.raw, parts, {
      maxTextBytes: TEXT_LIMITS.textBytes,
      minBytesPerSec,
    })) {
      if (part.type === 'field') {
        texts.push([part.fieldname, typeof part.value === 'string' ? part.value : String(part.value)]);
        continue;
      }
      if (!FILE_PART.test(part.fieldname)) {
        await skipFilePart(part);
        continue;
      }
      const name = cleanFileName(part.filename ?? '');
      if (!allowedTypeOf(name)) {
        await skipFilePart(part);
        throw fileIssue('tasks.errors.file_type_not_allowed', name);
      }
      const stored = await storeFilePart(fileStore, part, { maxBytes: TASK_FILE_MAX_BYTES, minBytesPerSec });
      if (stored.outcome === 'too_large') {
        throw fileIssue('tasks.errors.file_too_large', name, {
          size: Math.round(TASK_FILE_MAX_BYTES / 1024 / 1024),
        });
      }
      if (stored.outcome === 'empty') throw fileIssue('tasks.errors.file_empty', name);
      const judged = await judgeTaskFile(name, stored.head);
      if (!judged) {
        await fileStore.delete(stored.key);
        throw fileIssue('tasks.errors.file_type_not_allowed', name);
      }
      files.push({
        key: stored.key,
        name,
        size: stored.size,
        sha256: stored.sha256,
        format: judged.format,
        mime: judged.mime,
      });
    }
    request.body = bodyOfTexts(texts);
  }

  const readUploads = async (request: FastifyRequest) => {
    await getAccess(request);
    if (request.isMultipart()) await readMultipart(request);
  };

  routes.get(
    routePattern('dashboard.myTasks'),
    {
      config,
      schema: {
        tags,
        summary: 'The user’s tasks (profile events)',
        description:
          'Tasks the user sees (author, assignee, or their Employee.Tasks view level reaching the employee a task concerns), filtered by status (open by default), scope (`mine`: assigned to the user, the default; `created_by_me`; `all`), type (`event_id`), employee and a date range. Open ones soonest first, then resolved ones latest first. `meta.open_total` counts the open ones of the same filters.',
        querystring: taskListQuerySchema,
        response: { 200: taskListResponseSchema, ...errors },
      },
    },
    async (request) => listTasks(await contextOf(request), request.query),
  );

  routes.post(
    routePattern('dashboard.myTasks'),
    {
      config,
      schema: {
        tags,
        summary: 'Create a task (JSON, or multipart with files)',
        description:
          'Multipart: the fields as text parts (`name`, `description`, `event_id`, `date`, `date_end`, `all_day`, `employee_id`, `application_id`, `assignee_id`), files as `attached_files[i]` (at most 10 of 20 MB, types from TASK_FILE_ALLOWED_TYPES; names cleaned). `date` ends in `:00`, `date_end` in `:59` and is not before it (422). The Employee.Tasks create level must reach the employee it concerns (403); an unknown or unseen employee, assignee (must have an active account) or candidate is a 422 under its field. The assignee is notified.',
        consumes: ['application/json', 'multipart/form-data'],
        body: createTaskBodySchema,
        response: { 201: taskResponseSchema, ...uploadErrors },
      },
      preValidation: async (request) => {
        // Refuse before reading any file: without a create level nobody creates tasks.
        await requireAbility(request, 'Employee.Tasks', 'create');
        await readUploads(request);
      },
    },
    async (request, reply) => {
      const taken = uploads.take(request);
      const task = await createTask(await contextOf(request), request.body, taken.files);
      taken.keep();
      return reply.code(201).send({ data: task });
    },
  );

  routes.post(
    routePattern('dashboard.myTasks.resolve'),
    {
      config,
      schema: {
        tags,
        summary: 'Resolve all of the user’s open tasks',
        description:
          'Resolves the open tasks assigned to the user in one transaction — all, or only those of `ids` (others’ and resolved ones are skipped) — with `resolution` (default `done`). Answers how many and which.',
        body: resolveAllTasksBodySchema,
        response: { 200: resolveAllTasksResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await resolveAllTasks(await contextOf(request), request.body) }),
  );

  routes.get(
    routePattern('profile.events.one'),
    {
      config,
      schema: {
        tags,
        summary: 'One task',
        params: idParamsSchema,
        response: { 200: taskResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getTask(await contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('profile.events.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Update a task (POST with `_method=PUT`; JSON or multipart)',
        description:
          'The fields sent change, absent ones stay. New files as `attached_files[i]`, files to remove as `detached_file_ids[i]` (422 when not the task’s). Needs `can.update`: the author, or the Employee.Tasks update level reaching the task (403). A new assignee is notified.',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamsSchema,
        body: updateTaskBodySchema,
        response: { 200: taskResponseSchema, ...uploadErrors },
      },
      preValidation: readUploads,
    },
    async (request) => {
      const taken = uploads.take(request);
      const task = await updateTask(await contextOf(request), request.params.id, request.body, taken.files);
      taken.keep();
      return { data: task };
    },
  );

  routes.delete(
    routePattern('profile.events.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a task with its comments and files',
        description: 'Needs `can.delete`: the author, or the Employee.Tasks delete level reaching it (403).',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTask(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    routePattern('profile.events.resolution'),
    {
      config,
      schema: {
        tags,
        summary: 'Resolve or reopen a task',
        description:
          '`resolution`: done, not_done or cancelled; null reopens. The assignee, the author, or the Employee.Tasks update level reaching it (403 otherwise). An optional `comment` is kept as a resolution note. The author is notified of a resolution made by someone else.',
        params: idParamsSchema,
        body: taskResolutionBodySchema,
        response: { 200: taskResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await resolveTask(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.get(
    routePattern('profile.events.comments'),
    {
      config,
      schema: {
        tags,
        summary: 'A task’s comments the user sees',
        description:
          'Shared comments, the user’s own, and private ones when the user is the task’s author or assignee or has `see_all_comments`. Oldest first.',
        params: idParamsSchema,
        response: { 200: taskCommentListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listComments(await contextOf(request), request.params.id) }),
  );

  routes.post(
    routePattern('profile.events.comments'),
    {
      config,
      schema: {
        tags,
        summary: 'Comment on a task (JSON, or multipart with files)',
        description:
          '`text`, `rating` (1–5 or empty), `is_shared` (needs `share_comments`, 403), files as `attached_files[i]` (at most 5). A comment needs text, a rating or a file (422 under `text`). The task’s author and assignee are notified (not the commenter).',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamsSchema,
        body: createTaskCommentBodySchema,
        response: { 201: taskCommentResponseSchema, ...uploadErrors },
      },
      preValidation: readUploads,
    },
    async (request, reply) => {
      const taken = uploads.take(request);
      const comment = await addComment(
        await contextOf(request),
        request.params.id,
        request.body,
        taken.files,
      );
      taken.keep();
      return reply.code(201).send({ data: comment });
    },
  );

  const commentParams = z.object({ id: objectIdParamSchema, commentId: objectIdParamSchema });

  registerPutRoute(
    routes,
    routePattern('profile.events.comment'),
    {
      config,
      schema: {
        tags,
        summary: 'Edit a comment (POST with `_method=PUT`; JSON or multipart)',
        description:
          'By its writer only (403 for others who see it). `comment_type` 1, `text`, `rating`, `removed_files[i]` (422 when not the comment’s), new files as `attached_files[i]`.',
        consumes: ['application/json', 'multipart/form-data'],
        params: commentParams,
        body: updateTaskCommentBodySchema,
        response: { 200: taskCommentResponseSchema, ...uploadErrors },
      },
      preValidation: readUploads,
    },
    async (request) => {
      const taken = uploads.take(request);
      const comment = await updateComment(
        await contextOf(request),
        request.params.id,
        request.params.commentId,
        request.body,
        taken.files,
      );
      taken.keep();
      return { data: comment };
    },
  );

  routes.delete(
    routePattern('profile.events.comment'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a comment with its files',
        description: 'By its writer only (403 for others who see it).',
        params: commentParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteComment(await contextOf(request), request.params.id, request.params.commentId);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('profile.events.file'),
    {
      config,
      schema: {
        tags,
        summary: 'Download a file of a task or of one of its comments (as an attachment)',
        description: 'For whoever sees the task (and the comment); 404 otherwise.',
        params: z.object({ id: objectIdParamSchema, fileId: objectIdParamSchema }),
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await findTaskDownload(await contextOf(request), request.params.id, request.params.fileId);
      return sendStoredFile(reply, fileStore, { ...file, disposition: attachmentDisposition(file.name) });
    },
  );
};
