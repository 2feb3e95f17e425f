import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { applicationComments } from '../../db/schema/applications';
import { commentMentions } from '../../db/schema/recruiting-tags';
import { roles } from '../../db/schema/roles';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

// All SQL of comments on applications and their mentions; every statement filters by company_id.

export type CommentRow = {
  id: number;
  text: string;
  isShared: boolean;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  authorId: number;
  authorName: string;
  mentions: { id: number; name: string }[];
};

/** Whose comments a reader sees besides the shared ones: their own, or everyone's (see_all_comments). */
export type CommentReader = { userId: number; seesAllComments: boolean };

/** The users each comment mentions, by name. */
async function findMentions(
  db: Pick<Db, 'select'>,
  companyId: number,
  commentIds: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byComment = new Map<number, { id: number; name: string }[]>();
  if (commentIds.length === 0) return byComment;
  const rows = await db
    .select({ commentId: commentMentions.commentId, id: users.id, name: users.name })
    .from(commentMentions)
    .innerJoin(
      users,
      and(eq(users.companyId, commentMentions.companyId), eq(users.id, commentMentions.userId)),
    )
    .where(and(eq(commentMentions.companyId, companyId), inArray(commentMentions.commentId, [...commentIds])))
    .orderBy(asc(users.name), asc(users.id));
  for (const { commentId, ...user } of rows) {
    const list = byComment.get(commentId) ?? [];
    list.push(user);
    byComment.set(commentId, list);
  }
  return byComment;
}

/**
 * An application's comments the reader may see, oldest first (decision 011), with their mentions.
 * Deleted comments only with `withDeleted` (the history keeps them as entries).
 */
export async function findComments(
  db: Pick<Db, 'select'>,
  companyId: number,
  applicationId: number,
  reader: CommentReader,
  opts: { withDeleted: boolean; id?: number },
): Promise<CommentRow[]> {
  const rows = await db
    .select({
      id: applicationComments.id,
      text: applicationComments.text,
      isShared: applicationComments.isShared,
      createdAt: applicationComments.createdAt,
      editedAt: applicationComments.editedAt,
      deletedAt: applicationComments.deletedAt,
      authorId: users.id,
      authorName: users.name,
    })
    .from(applicationComments)
    .innerJoin(
      users,
      and(eq(users.companyId, applicationComments.companyId), eq(users.id, applicationComments.authorId)),
    )
    .where(
      and(
        eq(applicationComments.companyId, companyId),
        eq(applicationComments.applicationId, applicationId),
        opts.id === undefined ? undefined : eq(applicationComments.id, opts.id),
        opts.withDeleted ? undefined : isNull(applicationComments.deletedAt),
        reader.seesAllComments
          ? undefined
          : or(eq(applicationComments.isShared, true), eq(applicationComments.authorId, reader.userId)),
      ),
    )
    .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id));
  const mentions = await findMentions(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, mentions: mentions.get(row.id) ?? [] }));
}

/** One comment of an application as stored, whoever may read it (the service checks the author). */
export async function findCommentForChange(
  db: Pick<Db, 'select'>,
  companyId: number,
  applicationId: number,
  commentId: number,
): Promise<{ id: number; authorId: number; isShared: boolean; deletedAt: Date | null } | null> {
  const [row] = await db
    .select({
      id: applicationComments.id,
      authorId: applicationComments.authorId,
      isShared: applicationComments.isShared,
      deletedAt: applicationComments.deletedAt,
    })
    .from(applicationComments)
    .where(
      and(
        eq(applicationComments.companyId, companyId),
        eq(applicationComments.applicationId, applicationId),
        eq(applicationComments.id, commentId),
      ),
    );
  return row ?? null;
}

export async function insertComment(
  db: Pick<Db, 'insert'>,
  values: { companyId: number; applicationId: number; authorId: number; text: string; isShared: boolean },
): Promise<number> {
  const [comment] = await db
    .insert(applicationComments)
    .values(values)
    .returning({ id: applicationComments.id });
  if (!comment) throw new Error('comment insert returned nothing');
  return comment.id;
}

export async function updateComment(
  db: Pick<Db, 'update'>,
  companyId: number,
  commentId: number,
  values: { text: string; isShared: boolean; editedAt: Date },
): Promise<void> {
  await db
    .update(applicationComments)
    .set(values)
    .where(and(eq(applicationComments.companyId, companyId), eq(applicationComments.id, commentId)));
}

/** Deletes a comment's text and mentions; the row stays, marked deleted, for the history. */
export async function markCommentDeleted(
  db: Pick<Db, 'update' | 'delete'>,
  companyId: number,
  commentId: number,
  at: Date,
): Promise<void> {
  await db
    .update(applicationComments)
    .set({ text: '', deletedAt: at })
    .where(and(eq(applicationComments.companyId, companyId), eq(applicationComments.id, commentId)));
  await db
    .delete(commentMentions)
    .where(and(eq(commentMentions.companyId, companyId), eq(commentMentions.commentId, commentId)));
}

/** Records mentions; answers the users not mentioned in this comment before (to be notified). */
export async function insertMentions(
  db: Pick<Db, 'insert'>,
  companyId: number,
  commentId: number,
  userIds: readonly number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(commentMentions)
    .values(userIds.map((userId) => ({ companyId, commentId, userId })))
    .onConflictDoNothing()
    .returning({ userId: commentMentions.userId });
  return rows.map((row) => row.userId);
}

/** Drops the mentions an edit took out of the text. */
export async function deleteMentionsExcept(
  db: Pick<Db, 'select' | 'delete'>,
  companyId: number,
  commentId: number,
  keep: readonly number[],
): Promise<void> {
  const rows = await db
    .select({ userId: commentMentions.userId })
    .from(commentMentions)
    .where(and(eq(commentMentions.companyId, companyId), eq(commentMentions.commentId, commentId)));
  const gone = rows.map((row) => row.userId).filter((id) => !keep.includes(id));
  if (gone.length === 0) return;
  await db
    .delete(commentMentions)
    .where(
      and(
        eq(commentMentions.companyId, companyId),
        eq(commentMentions.commentId, commentId),
        inArray(commentMentions.userId, gone),
      ),
    );
}

export type StaffMember = {
  id: number;
  companyId: number;
  name: string;
  email: string;
  locale: 'en' | 'ru' | 'uk';
  timezone: string;
  publicId: string;
  employeeId: number;
  roleId: number;
  roleKey: string | null;
};

/** The company's enabled staff accounts with their roles: who could be mentioned. */
export function findEnabledStaff(db: Pick<Db, 'select'>, companyId: number): Promise<StaffMember[]> {
  return db
    .select({
      id: users.id,
      companyId: users.companyId,
      name: users.name,
      email: users.email,
      locale: users.locale,
      timezone: users.timezone,
      publicId: users.publicId,
      employeeId: users.employeeId,
      roleId: users.roleId,
      roleKey: roles.key,
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), eq(users.isDisabled, false)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The company's memberships, team tree and accounts, for the team reach of each of its accounts. */
export async function findTeamStructure(db: Pick<Db, 'select'>, companyId: number) {
  const [memberships, tree, accounts] = await Promise.all([
    db
      .select({
        teamId: teamMembers.teamId,
        employeeId: teamMembers.employeeId,
        isManager: teamMembers.isManager,
      })
      .from(teamMembers)
      .where(eq(teamMembers.companyId, companyId)),
    db.select({ id: teams.id, parentId: teams.parentId }).from(teams).where(eq(teams.companyId, companyId)),
    db
      .select({ id: users.id, employeeId: users.employeeId })
      .from(users)
      .where(eq(users.companyId, companyId)),
  ]);
  return {
    memberships,
    parentOf: new Map(tree.map((team) => [team.id, team.parentId])),
    userOfEmployee: new Map(accounts.map((account) => [account.employeeId, account.id])),
  };
}
