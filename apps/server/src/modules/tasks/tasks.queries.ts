import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { TaskResolution, TaskScope, TaskStatusFilter } from '@kadry/shared/schemas/tasks';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { employees } from '../../db/schema/employees';
import { storedFiles } from '../../db/schema/files';
import { taskComments, taskFiles, tasks } from '../../db/schema/tasks';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { type EmployeeReader, employeeVisibleWhere } from '../employees/employee-visibility';

// All SQL of tasks; every statement filters by company_id (joins too). Visibility is one SQL
// condition (taskVisibleWhere) used for lists and for one task alike.

/** The database or an open transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Who reads, and how far their Employee.Tasks levels reach. */
export type TaskReader = {
  companyId: number;
  userId: number;
  employeeId: number;
  /** Employees of the reader's teams ("my team"). */
  teammateEmployeeIds: readonly number[];
  /** The reader as decision 013 sees them (which employees they see at all). */
  employeeReader: EmployeeReader;
  view: Level;
  update: Level;
  delete: Level;
  /** `see_all_comments` on Employee.Tasks. */
  seeAllComments: boolean;
};

const concerned = alias(employees, 'concerned');
const assignee = alias(employees, 'assignee');
const authorUser = alias(users, 'author_user');
const resolverUser = alias(users, 'resolver_user');

function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/** Whether the reader sees the employee whose id `column` holds at all (decision 013). */
function employeeSeen(reader: TaskReader, column: SQL): SQL {
  const where = employeeVisibleWhere(reader.employeeReader);
  return sql`exists (select 1 from ${employees} where ${employees.companyId} = ${reader.companyId} and ${employees.id} = ${column}${where ? sql` and ${where}` : sql``})`;
}

/** Whether a level reaches the employee whose id `column` holds (own / my team / anyone seen). */
function levelReachesSql(reader: TaskReader, level: Level, column: SQL): SQL {
  const own = sql`${column} = ${reader.employeeId}`;
  switch (level) {
    case 'only_my':
      return own;
    case 'only_my_and_my_team':
      return reader.teammateEmployeeIds.length === 0
        ? own
        : sql`(${own} or (${column} = any(${intArray(reader.teammateEmployeeIds)}) and ${employeeSeen(reader, column)}))`;
    case 'to_all':
      return sql`(${own} or ${employeeSeen(reader, column)})`;
    default:
      return sql`false`;
  }
}

/** The author's employee of the outer task. */
function authorEmployee(reader: TaskReader): SQL {
  return sql`(select u.employee_id from users u where u.company_id = ${reader.companyId} and u.id = ${tasks.authorUserId})`;
}

/**
 * Whether a level reaches the task: the employee it concerns, or for a task about nobody, its author
 * or its assignee.
 */
function taskReachSql(reader: TaskReader, level: Level): SQL {
  if (level === 'not_visible') return sql`false`;
  return sql`(case when ${tasks.employeeId} is not null then ${levelReachesSql(reader, level, sql`${tasks.employeeId}`)} else (${levelReachesSql(reader, level, authorEmployee(reader))} or ${levelReachesSql(reader, level, sql`${tasks.assigneeEmployeeId}`)}) end)`;
}

function isAuthorSql(reader: TaskReader): SQL {
  return sql`coalesce(${tasks.authorUserId} = ${reader.userId}, false)`;
}

function isAssigneeSql(reader: TaskReader): SQL {
  return sql`(${tasks.assigneeEmployeeId} = ${reader.employeeId})`;
}

/** The tasks the reader sees: their own (author, assignee) and those their view level reaches. */
export function taskVisibleWhere(reader: TaskReader): SQL {
  return sql`(${isAuthorSql(reader)} or ${isAssigneeSql(reader)} or ${taskReachSql(reader, reader.view)})`;
}

/** Private comments the reader sees on the outer task: all with see_all_comments, else as author/assignee. */
function privateCommentsSeenSql(reader: TaskReader): SQL {
  return reader.seeAllComments ? sql`true` : sql`(${isAuthorSql(reader)} or ${isAssigneeSql(reader)})`;
}

function commentsCountSql(reader: TaskReader): SQL<number> {
  return sql<number>`(select count(*)::int from task_comments tc where tc.company_id = ${reader.companyId} and tc.task_id = ${tasks.id} and (tc.is_shared or coalesce(tc.author_user_id = ${reader.userId}, false) or ${privateCommentsSeenSql(reader)}))`;
}

function selectTasks(db: Tx, reader: TaskReader) {
  const companyId = reader.companyId;
  return db
    .select({
      id: tasks.id,
      name: tasks.name,
      description: tasks.description,
      eventId: tasks.eventId,
      startsAt: tasks.startsAt,
      endsAt: tasks.endsAt,
      allDay: tasks.allDay,
      employeeId: tasks.employeeId,
      employeeFirstName: concerned.firstName,
      employeeMiddleName: concerned.middleName,
      employeeLastName: concerned.lastName,
      applicationId: tasks.applicationId,
      assigneeEmployeeId: tasks.assigneeEmployeeId,
      assigneeFirstName: assignee.firstName,
      assigneeMiddleName: assignee.middleName,
      assigneeLastName: assignee.lastName,
      authorUserId: tasks.authorUserId,
      authorEmployeeId: authorUser.employeeId,
      authorName: authorUser.name,
      templateId: tasks.templateId,
      resolution: tasks.resolution,
      resolvedAt: tasks.resolvedAt,
      resolvedByEmployeeId: resolverUser.employeeId,
      resolvedByName: resolverUser.name,
      createdAt: tasks.createdAt,
      updatedAt: tasks.updatedAt,
      commentsCount: commentsCountSql(reader),
      isAuthor: sql<boolean>`${isAuthorSql(reader)}`,
      isAssignee: sql<boolean>`${isAssigneeSql(reader)}`,
      reachesUpdate: sql<boolean>`${taskReachSql(reader, reader.update)}`,
      reachesDelete: sql<boolean>`${taskReachSql(reader, reader.delete)}`,
    })
    .from(tasks)
    .leftJoin(concerned, and(eq(concerned.companyId, companyId), eq(concerned.id, tasks.employeeId)))
    .innerJoin(assignee, and(eq(assignee.companyId, companyId), eq(assignee.id, tasks.assigneeEmployeeId)))
    .leftJoin(authorUser, and(eq(authorUser.companyId, companyId), eq(authorUser.id, tasks.authorUserId)))
    .leftJoin(
      resolverUser,
      and(eq(resolverUser.companyId, companyId), eq(resolverUser.id, tasks.resolvedByUserId)),
    );
}

export type TaskListRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

/** One task the reader sees, or null (missing and hidden alike). */
export async function findVisibleTask(db: Tx, reader: TaskReader, id: number): Promise<TaskListRow | null> {
  const [row] = await selectTasks(db, reader).where(
    and(eq(tasks.companyId, reader.companyId), eq(tasks.id, id), taskVisibleWhere(reader)),
  );
  return row ?? null;
}

export type TaskFilters = {
  status: TaskStatusFilter;
  scope: TaskScope;
  eventId?: number | undefined;
  employeeId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

function filterConditions(reader: TaskReader, filters: TaskFilters): SQL[] {
  const conditions: SQL[] = [sql`${tasks.companyId} = ${reader.companyId}`, taskVisibleWhere(reader)];
  if (filters.scope === 'mine') conditions.push(isAssigneeSql(reader));
  if (filters.scope === 'created_by_me') conditions.push(isAuthorSql(reader));
  if (filters.eventId !== undefined) conditions.push(sql`${tasks.eventId} = ${filters.eventId}`);
  if (filters.employeeId !== undefined) conditions.push(sql`${tasks.employeeId} = ${filters.employeeId}`);
  if (filters.dateFrom) conditions.push(sql`${tasks.endsAt} >= ${filters.dateFrom}::date`);
  if (filters.dateTo) conditions.push(sql`${tasks.startsAt} < (${filters.dateTo}::date + 1)`);
  return conditions;
}

function statusCondition(status: TaskStatusFilter): SQL | undefined {
  if (status === 'open') return sql`${tasks.resolution} is null`;
  if (status === 'resolved') return sql`${tasks.resolution} is not null`;
  return undefined;
}

/** A page of the tasks the reader sees under the filters, with the total and the open total. */
export async function listVisibleTasks(
  db: Tx,
  reader: TaskReader,
  filters: TaskFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TaskListRow[]; total: number; openTotal: number }> {
  const base = filterConditions(reader, filters);
  const status = statusCondition(filters.status);
  const where = and(...base, status);
  const rows = await selectTasks(db, reader)
    .where(where)
    .orderBy(
      sql`(${tasks.resolution} is not null)`,
      sql`(case when ${tasks.resolution} is null then ${tasks.startsAt} end) asc nulls last`,
      desc(tasks.resolvedAt),
      asc(tasks.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [counts] = await db
    .select({
      total: status ? sql<number>`(count(*) filter (where ${status}))::int` : sql<number>`count(*)::int`,
      openTotal: sql<number>`(count(*) filter (where ${tasks.resolution} is null))::int`,
    })
    .from(tasks)
    .where(and(...base));
  return { rows, total: counts?.total ?? 0, openTotal: counts?.openTotal ?? 0 };
}

/** Tasks about an employee or assigned to them that the reader sees, meeting a range (the iCal feed). */
export function listFeedTaskRows(
  db: Tx,
  reader: TaskReader,
  employeeId: number,
  range: { from: string; to: string },
) {
  return selectTasks(db, reader)
    .where(
      and(
        eq(tasks.companyId, reader.companyId),
        sql`(${tasks.employeeId} = ${employeeId} or ${tasks.assigneeEmployeeId} = ${employeeId})`,
        sql`${tasks.resolution} is distinct from 'cancelled'`,
        sql`${tasks.endsAt} >= ${range.from}::date`,
        sql`${tasks.startsAt} < (${range.to}::date + 1)`,
        taskVisibleWhere(reader),
      ),
    )
    .orderBy(asc(tasks.startsAt), asc(tasks.id))
    .limit(2_000);
}

// ---------------------------------------------------------------------------------------------------
// Files.

export type TaskFileListRow = {
  id: number;
  taskId: number;
  commentId: number | null;
  name: string;
  size: number;
  mime: string;
};

/** The files of these tasks (their own, `comments` false) or of these comments. */
export async function listFilesOf(
  db: Tx,
  companyId: number,
  of: { taskIds: readonly number[] } | { commentIds: readonly number[] },
): Promise<TaskFileListRow[]> {
  const target =
    'taskIds' in of
      ? of.taskIds.length === 0
        ? undefined
        : and(inArray(taskFiles.taskId, [...of.taskIds]), isNull(taskFiles.commentId))
      : of.commentIds.length === 0
        ? undefined
        : inArray(taskFiles.commentId, [...of.commentIds]);
  if (!target) return [];
  return db
    .select({
      id: taskFiles.fileId,
      taskId: taskFiles.taskId,
      commentId: taskFiles.commentId,
      name: storedFiles.originalName,
      size: storedFiles.size,
      mime: taskFiles.mime,
    })
    .from(taskFiles)
    .innerJoin(storedFiles, and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, taskFiles.fileId)))
    .where(and(eq(taskFiles.companyId, companyId), target))
    .orderBy(asc(taskFiles.createdAt), asc(taskFiles.fileId));
}

/** One file of a task (its own or a comment's), with where it is stored. */
export async function findTaskFile(db: Tx, companyId: number, taskId: number, fileId: number) {
  const [row] = await db
    .select({
      commentId: taskFiles.commentId,
      name: storedFiles.originalName,
      size: storedFiles.size,
      mime: taskFiles.mime,
      storageKey: storedFiles.storageKey,
    })
    .from(taskFiles)
    .innerJoin(storedFiles, and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, taskFiles.fileId)))
    .where(
      and(eq(taskFiles.companyId, companyId), eq(taskFiles.taskId, taskId), eq(taskFiles.fileId, fileId)),
    );
  return row ?? null;
}

export type StoredUpload = {
  key: string;
  name: string;
  size: number;
  sha256: string;
  format: string | null;
  mime: string;
};

/** Records uploads already in the FileStore as files of a task (or of one of its comments). */
export async function insertTaskFiles(
  tx: Tx,
  companyId: number,
  owner: { taskId: number; commentId: number | null },
  uploads: readonly StoredUpload[],
): Promise<void> {
  for (const upload of uploads) {
    const [stored] = await tx
      .insert(storedFiles)
      .values({
        companyId,
        storageKey: upload.key,
        originalName: upload.name,
        detectedFormat: upload.format,
        size: upload.size,
        sha256: upload.sha256,
      })
      .returning({ id: storedFiles.id });
    if (!stored) throw new Error('insertTaskFiles: insert returned no row');
    await tx.insert(taskFiles).values({
      companyId,
      taskId: owner.taskId,
      commentId: owner.commentId,
      fileId: stored.id,
      mime: upload.mime,
    });
  }
}

/** How many files a task (its own) or a comment has. */
export async function countFiles(
  db: Tx,
  companyId: number,
  owner: { taskId: number; commentId: number | null },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(taskFiles)
    .where(
      and(
        eq(taskFiles.companyId, companyId),
        eq(taskFiles.taskId, owner.taskId),
        owner.commentId === null ? isNull(taskFiles.commentId) : eq(taskFiles.commentId, owner.commentId),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Removes stored files (and so their task_files rows) and answers their storage keys, for the
 * caller to delete from the FileStore once the transaction has committed.
 */
async function deleteStoredFiles(tx: Tx, companyId: number, fileIds: readonly number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const removed = await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), inArray(storedFiles.id, [...fileIds])))
    .returning({ key: storedFiles.storageKey });
  return removed.map((row) => row.key);
}

/**
 * Removes these files of a task's own files or of a comment's; answers null when one of the ids is
 * not such a file (nothing removed), else the storage keys.
 */
export async function removeFilesOf(
  tx: Tx,
  companyId: number,
  owner: { taskId: number; commentId: number | null },
  fileIds: readonly number[],
): Promise<string[] | null> {
  if (fileIds.length === 0) return [];
  const found = await tx
    .select({ id: taskFiles.fileId })
    .from(taskFiles)
    .where(
      and(
        eq(taskFiles.companyId, companyId),
        eq(taskFiles.taskId, owner.taskId),
        owner.commentId === null ? isNull(taskFiles.commentId) : eq(taskFiles.commentId, owner.commentId),
        inArray(taskFiles.fileId, [...fileIds]),
      ),
    );
  if (found.length !== fileIds.length) return null;
  return deleteStoredFiles(tx, companyId, fileIds);
}

/** Every file of a task or of one comment (with `commentId`), removed; answers the storage keys. */
export async function removeAllFilesOf(
  tx: Tx,
  companyId: number,
  owner: { taskId: number; commentId?: number },
): Promise<string[]> {
  const rows = await tx
    .select({ id: taskFiles.fileId })
    .from(taskFiles)
    .where(
      and(
        eq(taskFiles.companyId, companyId),
        eq(taskFiles.taskId, owner.taskId),
        owner.commentId === undefined ? undefined : eq(taskFiles.commentId, owner.commentId),
      ),
    );
  return deleteStoredFiles(
    tx,
    companyId,
    rows.map((row) => row.id),
  );
}

// ---------------------------------------------------------------------------------------------------
// Writing tasks.

export type TaskValues = {
  name: string;
  description: string | null;
  eventId: number;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  employeeId: number | null;
  applicationId: number | null;
  assigneeEmployeeId: number;
};

export async function insertTask(
  tx: Tx,
  companyId: number,
  values: TaskValues & { authorUserId: number | null; templateId: number | null },
): Promise<number> {
  const [row] = await tx
    .insert(tasks)
    .values({ companyId, ...values })
    .returning({ id: tasks.id });
  if (!row) throw new Error('insertTask: insert returned no row');
  return row.id;
}

export async function updateTaskRow(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<TaskValues>,
  now: Date,
): Promise<void> {
  await tx
    .update(tasks)
    .set({ ...values, updatedAt: now })
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)));
}

export async function deleteTaskRow(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(tasks).where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)));
}

export async function setResolution(
  tx: Tx,
  companyId: number,
  id: number,
  resolution: TaskResolution | null,
  by: { userId: number; at: Date },
): Promise<void> {
  await tx
    .update(tasks)
    .set({
      resolution,
      resolvedAt: resolution ? by.at : null,
      resolvedByUserId: resolution ? by.userId : null,
      updatedAt: by.at,
    })
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)));
}

/** Resolves the open tasks assigned to an employee (all, or those of `ids`); answers their ids and names. */
export async function resolveOpenTasksOf(
  tx: Tx,
  companyId: number,
  assigneeEmployeeId: number,
  ids: readonly number[] | undefined,
  resolution: TaskResolution,
  by: { userId: number; at: Date },
): Promise<{ id: number; name: string; authorUserId: number | null }[]> {
  if (ids !== undefined && ids.length === 0) return [];
  return tx
    .update(tasks)
    .set({ resolution, resolvedAt: by.at, resolvedByUserId: by.userId, updatedAt: by.at })
    .where(
      and(
        eq(tasks.companyId, companyId),
        eq(tasks.assigneeEmployeeId, assigneeEmployeeId),
        isNull(tasks.resolution),
        ids === undefined ? undefined : inArray(tasks.id, [...ids]),
      ),
    )
    .returning({ id: tasks.id, name: tasks.name, authorUserId: tasks.authorUserId });
}

// ---------------------------------------------------------------------------------------------------
// People.

/** An employee with an active account: the only kind a task can be assigned to. */
export async function findAssignableEmployee(db: Tx, companyId: number, employeeId: number) {
  const [row] = await db
    .select({ employeeId: users.employeeId, userId: users.id, name: users.name })
    .from(users)
    .where(
      and(eq(users.companyId, companyId), eq(users.employeeId, employeeId), eq(users.isDisabled, false)),
    );
  return row ?? null;
}

/** The active account of an employee, if any. */
export async function findUserIdOfEmployee(db: Tx, companyId: number, employeeId: number) {
  const row = await findAssignableEmployee(db, companyId, employeeId);
  return row?.userId ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Comments.

export type CommentRow = {
  id: number;
  taskId: number;
  authorUserId: number | null;
  authorEmployeeId: number | null;
  authorName: string | null;
  text: string;
  rating: number | null;
  commentType: number;
  isShared: boolean;
  editedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function selectComments(db: Tx, companyId: number) {
  return db
    .select({
      id: taskComments.id,
      taskId: taskComments.taskId,
      authorUserId: taskComments.authorUserId,
      authorEmployeeId: authorUser.employeeId,
      authorName: authorUser.name,
      text: taskComments.text,
      rating: taskComments.rating,
      commentType: taskComments.commentType,
      isShared: taskComments.isShared,
      editedAt: taskComments.editedAt,
      createdAt: taskComments.createdAt,
      updatedAt: taskComments.updatedAt,
    })
    .from(taskComments)
    .leftJoin(
      authorUser,
      and(eq(authorUser.companyId, companyId), eq(authorUser.id, taskComments.authorUserId)),
    );
}

/**
 * The comments of a task the reader sees: shared ones, their own, and private ones when
 * `privateSeen` (the task's author or assignee, or see_all_comments). Oldest first.
 */
export function listTaskComments(
  db: Tx,
  companyId: number,
  taskId: number,
  reader: { userId: number; privateSeen: boolean },
): Promise<CommentRow[]> {
  return selectComments(db, companyId)
    .where(
      and(
        eq(taskComments.companyId, companyId),
        eq(taskComments.taskId, taskId),
        reader.privateSeen
          ? undefined
          : sql`(${taskComments.isShared} or coalesce(${taskComments.authorUserId} = ${reader.userId}, false))`,
      ),
    )
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
}

export async function findTaskComment(
  db: Tx,
  companyId: number,
  taskId: number,
  commentId: number,
): Promise<CommentRow | null> {
  const [row] = await selectComments(db, companyId).where(
    and(
      eq(taskComments.companyId, companyId),
      eq(taskComments.taskId, taskId),
      eq(taskComments.id, commentId),
    ),
  );
  return row ?? null;
}

export async function insertTaskComment(
  tx: Tx,
  companyId: number,
  values: {
    taskId: number;
    authorUserId: number;
    text: string;
    rating: number | null;
    commentType: 1 | 2;
    isShared: boolean;
  },
): Promise<number> {
  const [row] = await tx
    .insert(taskComments)
    .values({ companyId, ...values })
    .returning({ id: taskComments.id });
  if (!row) throw new Error('insertTaskComment: insert returned no row');
  return row.id;
}

export async function updateTaskComment(
  tx: Tx,
  companyId: number,
  commentId: number,
  values: { text?: string; rating?: number | null; isShared?: boolean },
  now: Date,
): Promise<void> {
  await tx
    .update(taskComments)
    .set({ ...values, editedAt: now, updatedAt: now })
    .where(and(eq(taskComments.companyId, companyId), eq(taskComments.id, commentId)));
}

export async function deleteTaskComment(tx: Tx, companyId: number, commentId: number): Promise<void> {
  await tx
    .delete(taskComments)
    .where(and(eq(taskComments.companyId, companyId), eq(taskComments.id, commentId)));
}

/** Touches a task (a comment changes what it shows). */
export async function touchTask(tx: Tx, companyId: number, id: number, now: Date): Promise<void> {
  await tx
    .update(tasks)
    .set({ updatedAt: now })
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)));
}

// ---------------------------------------------------------------------------------------------------
// Mail (task-mail.ts).

/** Whom a task mail goes to: an active account. */
export type MailRecipient = { id: number; email: string; name: string; locale: 'en' | 'ru' | 'uk' };

/** The active accounts among these users, in the order given. */
export async function findMailRecipients(
  db: Tx,
  companyId: number,
  userIds: readonly number[],
): Promise<MailRecipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds]), eq(users.isDisabled, false)));
  return userIds.flatMap((id) => rows.filter((row) => row.id === id));
}

/** A file to mail: where it is stored, its name, size and type. */
export type MailableFile = { storageKey: string; name: string; size: number; mime: string };

/** The files of a task (its own, `commentId` null) or of one comment, in the order they were added. */
export async function listMailableFiles(
  db: Tx,
  companyId: number,
  owner: { taskId: number; commentId: number | null },
): Promise<MailableFile[]> {
  return db
    .select({
      storageKey: storedFiles.storageKey,
      name: storedFiles.originalName,
      size: storedFiles.size,
      mime: taskFiles.mime,
    })
    .from(taskFiles)
    .innerJoin(storedFiles, and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, taskFiles.fileId)))
    .where(
      and(
        eq(taskFiles.companyId, companyId),
        eq(taskFiles.taskId, owner.taskId),
        owner.commentId === null ? isNull(taskFiles.commentId) : eq(taskFiles.commentId, owner.commentId),
      ),
    )
    .orderBy(asc(taskFiles.createdAt), asc(taskFiles.fileId));
}
