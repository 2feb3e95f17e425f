import { createTranslator } from '@kadry/shared/i18n/translate';
import { levelOf } from '@kadry/shared/permissions/permission-state';
import type { Comment } from '@kadry/shared/schemas/recruiting';
import { findMentionIds, type Mentionable, splitMentions } from '@kadry/shared/schemas/recruiting-tags';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { MailQueue } from '../../lib/mail-queue';
import { type Access, canSeeObject, hasNamedAction } from '../../plugins/access/access';
import { findRolePermissions, isBuiltInRole } from '../../plugins/access/roles';
import { computeTeamReach } from '../../plugins/access/team-reach';
import { notifyUsers } from '../notifications/notifications.service';
import { findVacancyRecruiterIds } from '../vacancies/vacancies.service';
import type { ApplicationRow } from './applications.queries';
import { type ApplicationContext, findReachableApplication } from './applications.service';
import {
  type CommentReader,
  type CommentRow,
  deleteMentionsExcept,
  findCommentForChange,
  findComments,
  findEnabledStaff,
  findTeamStructure,
  insertComment,
  insertMentions,
  markCommentDeleted,
  type StaffMember,
  updateComment,
} from './comments.queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What writing comments needs besides the application rules: mail to mentioned colleagues. */
export type CommentContext = Pick<ApplicationContext, 'db' | 'access'> & {
  mail: MailQueue;
  /** The trusted origin for links in mail (null: the mail names the page). */
  linkOrigin: string | null;
  log: { warn(details: object, message: string): void };
};

/** Whose private comments the user reads besides their own (decision 011). */
function commentReaderOf(access: Access): CommentReader {
  return {
    userId: access.user.id,
    seesAllComments: hasNamedAction(access, 'Candidate', 'see_all_comments'),
  };
}

function toWire(comment: CommentRow): Comment {
  return {
    id: comment.id,
    text: comment.text,
    is_shared: comment.isShared,
    author: { id: comment.authorId, name: comment.authorName },
    created_at: comment.createdAt.toISOString(),
    mentions: comment.mentions,
    edited_at: comment.editedAt?.toISOString() ?? null,
  };
}

/**
 * An application's comments the user may read: the shared ones, their own, and — with the Candidate
 * action see_all_comments — everyone's private ones (docs/decisions/011-comment-visibility.md).
 */
export async function listComments(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  id: number,
): Promise<Comment[]> {
  const row = await findReachableApplication(ctx, id);
  const comments = await findComments(ctx.db, row.companyId, row.id, commentReaderOf(ctx.access), {
    withDeleted: false,
  });
  return comments.map(toWire);
}

/** For the history: the readable comments of a reachable application, deleted ones included. */
export async function findCommentsForHistory(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  row: ApplicationRow,
): Promise<(Comment & { deleted_at: string | null })[]> {
  const comments = await findComments(ctx.db, row.companyId, row.id, commentReaderOf(ctx.access), {
    withDeleted: true,
  });
  return comments.map((comment) => ({
    ...toWire(comment),
    deleted_at: comment.deletedAt?.toISOString() ?? null,
  }));
}

type Reacher = StaffMember & { readsPrivate: boolean };

/**
 * The staff whose Candidate view level reaches the application (as their own request's Access would
 * decide), each with whether they read private comments (see_all_comments). Candidate is in the `ats`
 * plan the comment routes need, so the plan leaves these permissions as the roles give them.
 */
async function findStaffReaching(db: Db, row: ApplicationRow): Promise<Reacher[]> {
  const [recruiterIds, staff, structure] = await Promise.all([
    findVacancyRecruiterIds(db, row.companyId, row.vacancyId),
    findEnabledStaff(db, row.companyId),
    findTeamStructure(db, row.companyId),
  ]);
  const byRole = new Map<number, { level: ReturnType<typeof levelOf>; readsPrivate: boolean }>();
  const reachers: Reacher[] = [];
  for (const member of staff) {
    let rights = byRole.get(member.roleId);
    if (!rights) {
      const key = isBuiltInRole(member.roleKey) ? member.roleKey : null;
      const permissions = await findRolePermissions(db, {
        id: member.roleId,
        key,
        companyId: row.companyId,
      });
      rights = {
        level: levelOf(permissions.Candidate.visibilitySettings, 'view'),
        readsPrivate: permissions.Candidate.actions.includes('see_all_comments'),
      };
      byRole.set(member.roleId, rights);
    }
    const reach = computeTeamReach(member.employeeId, structure);
    const subject = { user: { ...member, impersonator: null }, ...reach };
    if (canSeeObject(rights.level, subject, { ownerIds: recruiterIds, teamId: row.vacancyTeamId })) {
      reachers.push({ ...member, readsPrivate: rights.readsPrivate });
    }
  }
  return reachers;
}

/** Colleagues the user may mention on an application they may comment on (Candidate update). */
export async function listMentionable(ctx: Pick<ApplicationContext, 'db' | 'access'>, id: number) {
  const row = await findReachableApplication(ctx, id, 'update');
  const reachers = await findStaffReaching(ctx.db, row);
  return reachers
    .filter((member) => member.id !== ctx.access.user.id)
    .map((member): Mentionable => ({ id: member.id, name: member.name, reads_private: member.readsPrivate }));
}

/**
 * The colleagues a text mentions, each of whom must be able to read the comment: reach the
 * application, and for a private comment read private comments too. Anyone else (another company's
 * account, a colleague outside reach) refuses the comment with 422 under `text`: nobody is told of a
 * comment they could not open. The author mentioning themselves is allowed and tells nobody.
 */
async function resolveMentions(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  row: ApplicationRow,
  text: string,
  isShared: boolean,
): Promise<Reacher[]> {
  const ids = findMentionIds(text).filter((id) => id !== ctx.access.user.id);
  if (ids.length === 0) return [];
  const reachers = new Map((await findStaffReaching(ctx.db, row)).map((member) => [member.id, member]));
  const mentioned = ids.map((id) => reachers.get(id));
  if (mentioned.some((member) => !member || (!isShared && !member.readsPrivate))) {
    throw new AppError('validation', { issues: { text: [{ key: 'hr.comments.mention_unreachable' }] } });
  }
  return mentioned.filter((member): member is Reacher => member !== undefined);
}

/** The text as a person reads it: mentions by name. */
function readableText(text: string, names: ReadonlyMap<number, string>): string {
  return splitMentions(text)
    .map((part) => ('text' in part ? part.text : `@${names.get(part.mention) ?? '?'}`))
    .join('');
}

/**
 * Tells newly mentioned colleagues: a notification each (comment_mentioned) and a mail through the
 * mail queue, in the comment's transaction. Answers the mail jobs to try at once after the commit.
 */
async function notifyMentioned(
  tx: Tx,
  ctx: CommentContext,
  row: ApplicationRow,
  comment: { id: number; text: string },
  mentioned: readonly Reacher[],
  newlyMentioned: readonly number[],
): Promise<number[]> {
  const recipients = mentioned.filter((member) => newlyMentioned.includes(member.id));
  if (recipients.length === 0) return [];
  const { user } = ctx.access;
  const title = `${row.candidateName} — ${row.vacancyName}`;
  const path = `/app/applications/${row.id}`;
  await notifyUsers(tx, row.companyId, {
    userIds: recipients.map((member) => member.id),
    kind: 'comment_mentioned',
    target: { type: 'application', id: row.id },
    actorName: user.name,
    title,
    link: path,
    dedupeKey: `comment:${comment.id}`,
  });
  const names = new Map(mentioned.map((member) => [member.id, member.name]));
  names.set(user.id, user.name);
  const text = readableText(comment.text, names);
  const link = ctx.linkOrigin ? `${ctx.linkOrigin}${path}` : `Kadry: ${path}`;
  const jobIds: number[] = [];
  for (const member of recipients) {
    const t = createTranslator(member.locale);
    jobIds.push(
      await ctx.mail.enqueue(tx, row.companyId, {
        to: member.email,
        subject: t('recruiting.mention_mail.subject', { actor: user.name, title }),
        text: `${t('recruiting.mention_mail.text', { actor: user.name, title })}\n\n${text}\n\n${t(
          'recruiting.mention_mail.open',
          { link },
        )}\n`,
      }),
    );
  }
  return jobIds;
}

async function sendSoon(ctx: CommentContext, jobIds: readonly number[]): Promise<void> {
  if (jobIds.length === 0) return;
  // A mail that fails now is retried by the job queue; the comment and its notifications stand.
  await ctx.mail.sendNow(jobIds).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'mention e-mail failed');
  });
}

async function readComment(ctx: Pick<ApplicationContext, 'db' | 'access'>, row: ApplicationRow, id: number) {
  const [comment] = await findComments(
    ctx.db,
    row.companyId,
    row.id,
    { userId: ctx.access.user.id, seesAllComments: true },
    { withDeleted: false, id },
  );
  if (!comment) throw new AppError('not_found');
  return toWire(comment);
}

/** Sharing needs the Candidate action share_comments: without it, 403 rather than a quiet private comment. */
function checkSharing(access: Access, isShared: boolean): void {
  if (isShared && !hasNamedAction(access, 'Candidate', 'share_comments')) throw new AppError('forbidden');
}

/**
 * Commenting is working on the candidate: it needs the update level on them. A comment is private to
 * its author unless shared (decision 011). Mentioned colleagues (`<@id>`) must be able to read it
 * (422 otherwise); they are notified in the app and by mail.
 */
export async function addComment(
  ctx: CommentContext,
  id: number,
  input: { text: string; isShared: boolean },
): Promise<Comment> {
  const row = await findReachableApplication(ctx, id, 'update');
  const { user } = ctx.access;
  checkSharing(ctx.access, input.isShared);
  const mentioned = await resolveMentions(ctx, row, input.text, input.isShared);
  const { commentId, jobIds } = await ctx.db.transaction(async (tx) => {
    const newId = await insertComment(tx, {
      companyId: row.companyId,
      applicationId: row.id,
      authorId: user.id,
      text: input.text,
      isShared: input.isShared,
    });
    const added = await insertMentions(
      tx,
      row.companyId,
      newId,
      mentioned.map((member) => member.id),
    );
    const jobs = await notifyMentioned(tx, ctx, row, { id: newId, text: input.text }, mentioned, added);
    return { commentId: newId, jobIds: jobs };
  });
  await sendSoon(ctx, jobIds);
  return readComment(ctx, row, commentId);
}

/**
 * One's own comment on an application one may still work on (Candidate update): 404 when it is not
 * there for the user (missing, deleted, or someone else's private one they cannot read), 403 when it
 * is someone else's.
 */
async function findOwnComment(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  row: ApplicationRow,
  commentId: number,
) {
  const comment = await findCommentForChange(ctx.db, row.companyId, row.id, commentId);
  const { user } = ctx.access;
  if (!comment || comment.deletedAt !== null) throw new AppError('not_found');
  if (comment.authorId !== user.id) {
    const reads = comment.isShared || hasNamedAction(ctx.access, 'Candidate', 'see_all_comments');
    throw new AppError(reads ? 'forbidden' : 'not_found');
  }
  return comment;
}

/**
 * Edits one's own comment: the text (marked edited) and, optionally, its sharing under the same rule
 * as a new comment. Colleagues the edit newly mentions are told; those it drops are forgotten.
 */
export async function editComment(
  ctx: CommentContext,
  id: number,
  commentId: number,
  input: { text: string; isShared?: boolean | undefined },
): Promise<Comment> {
  const row = await findReachableApplication(ctx, id, 'update');
  const existing = await findOwnComment(ctx, row, commentId);
  const isShared = input.isShared ?? existing.isShared;
  if (isShared !== existing.isShared) checkSharing(ctx.access, isShared);
  const mentioned = await resolveMentions(ctx, row, input.text, isShared);
  const jobIds = await ctx.db.transaction(async (tx) => {
    await updateComment(tx, row.companyId, commentId, { text: input.text, isShared, editedAt: new Date() });
    const keep = mentioned.map((member) => member.id);
    await deleteMentionsExcept(tx, row.companyId, commentId, keep);
    const added = await insertMentions(tx, row.companyId, commentId, keep);
    return notifyMentioned(tx, ctx, row, { id: commentId, text: input.text }, mentioned, added);
  });
  await sendSoon(ctx, jobIds);
  return readComment(ctx, row, commentId);
}

/** Deletes one's own comment: its text goes, an entry stays in the history ("comment deleted"). */
export async function deleteComment(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  id: number,
  commentId: number,
): Promise<void> {
  const row = await findReachableApplication(ctx, id, 'update');
  await findOwnComment(ctx, row, commentId);
  await ctx.db.transaction((tx) => markCommentDeleted(tx, row.companyId, commentId, new Date()));
}
