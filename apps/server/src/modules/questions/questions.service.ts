import type { PageMeta } from '@kadry/shared/schemas/common';
import {
  ANSWER_QUESTIONS_ACTION,
  type MyQuestionsQuery,
  type Question,
  type QuestionAnswerInput,
  type QuestionInput,
  type QuestionsQuery,
} from '@kadry/shared/schemas/questions';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, hasNamedAction, levelFor } from '../../plugins/access/access';
import { findRolePermissions, isBuiltInRole } from '../../plugins/access/roles';
import { notifyUsers } from '../notifications/notifications.service';
import {
  findEnabledAccounts,
  findQuestion,
  insertQuestion,
  listQuestions,
  lockQuestion,
  type QuestionFilter,
  type QuestionWithPeople,
  updateQuestion,
} from './questions.queries';

// Questions to HR (issue 15; docs/decisions/025-questions-to-hr.md). Anyone with the dashboard asks;
// the Dashboard action answer_questions makes someone HR for questions: they read everyone's and
// answer. An anonymous question's asker is stored (their "my questions", the answer's notification)
// but no answer to anyone but the asker names them — not HR's, not an owner's, not a notification.

export type QuestionsContext = { db: Db; access: Access; now: () => Date };

function companyOf(ctx: QuestionsContext): number {
  return ctx.access.user.companyId;
}

/** 403 unless the user has the dashboard (where questions are asked and read). */
function requireDashboard(access: Access): void {
  if (levelFor(access, 'Dashboard', 'view') === 'not_visible') throw new AppError('forbidden');
}

/** Whether the user answers questions: the Dashboard view and its action answer_questions. */
export function canAnswerQuestions(access: Pick<Access, 'permissions'>): boolean {
  return (
    levelFor(access, 'Dashboard', 'view') !== 'not_visible' &&
    hasNamedAction(access, 'Dashboard', ANSWER_QUESTIONS_ACTION)
  );
}

/**
 * A question on the wire. The asker is named only on a question that is not anonymous; the asker
 * of an anonymous one recognises it by `is_mine`, everyone else learns nothing of them.
 */
function toWire(access: Access, row: QuestionWithPeople): Question {
  const { question } = row;
  const isMine = question.askerId !== null && question.askerId === access.user.id;
  const isHr = canAnswerQuestions(access);
  const isOpen = question.status !== 'closed';
  return {
    id: question.id,
    subject: question.subject,
    text: question.text,
    is_anonymous: question.isAnonymous,
    status: question.status,
    asker:
      !question.isAnonymous && row.askerEmployeeId !== null && row.askerName !== null
        ? { id: row.askerEmployeeId, name: row.askerName }
        : null,
    is_mine: isMine,
    answer: question.answer,
    answered_by:
      row.answererEmployeeId !== null && row.answererName !== null
        ? { id: row.answererEmployeeId, name: row.answererName }
        : null,
    answered_at: question.answeredAt?.toISOString() ?? null,
    closed_at: question.closedAt?.toISOString() ?? null,
    created_at: question.createdAt.toISOString(),
    can_answer: isHr && isOpen,
    can_close: isOpen && (isMine || isHr),
  };
}

async function listPage(
  ctx: QuestionsContext,
  filter: QuestionFilter,
  query: { page: number; per_page: number },
): Promise<{ data: Question[]; meta: PageMeta }> {
  const { rows, total } = await listQuestions(ctx.db, companyOf(ctx), filter, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => toWire(ctx.access, row)),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/** `dashboard.ask.my`: the user's own questions, anonymous ones included, newest first. */
export function listMyQuestions(ctx: QuestionsContext, query: MyQuestionsQuery) {
  requireDashboard(ctx.access);
  return listPage(ctx, { askerId: ctx.access.user.id, status: query.status }, query);
}

/** `dashboard.ask.all` (HR): everyone's questions, newest first; the search never looks at who asked. */
export function listAllQuestions(ctx: QuestionsContext, query: QuestionsQuery) {
  if (!canAnswerQuestions(ctx.access)) throw new AppError('forbidden');
  return listPage(ctx, { status: query.status, search: query.search || undefined }, query);
}

/** One question: the asker's own, or any for HR; 404 for everyone else as for a missing one. */
async function findVisible(ctx: QuestionsContext, id: number): Promise<QuestionWithPeople> {
  requireDashboard(ctx.access);
  const row = await findQuestion(ctx.db, companyOf(ctx), id);
  if (!row) throw new AppError('not_found');
  const isMine = row.question.askerId !== null && row.question.askerId === ctx.access.user.id;
  if (!isMine && !canAnswerQuestions(ctx.access)) throw new AppError('not_found');
  return row;
}

/** `dashboard.ask.id`. */
export async function getQuestion(ctx: QuestionsContext, id: number): Promise<Question> {
  return toWire(ctx.access, await findVisible(ctx, id));
}

/** The accounts that answer questions (by their role's permissions), but `exceptUserId`. */
async function findAnswererIds(db: Db, companyId: number, exceptUserId: number): Promise<number[]> {
  const accounts = await findEnabledAccounts(db, companyId);
  const byRole = new Map<number, boolean>();
  const ids: number[] = [];
  for (const account of accounts) {
    if (account.id === exceptUserId) continue;
    let answers = byRole.get(account.roleId);
    if (answers === undefined) {
      const key = isBuiltInRole(account.roleKey) ? account.roleKey : null;
      // The Dashboard belongs to every plan: no tariff masks it.
      const permissions = await findRolePermissions(db, { id: account.roleId, key, companyId });
      answers = canAnswerQuestions({ permissions });
      byRole.set(account.roleId, answers);
    }
    if (answers) ids.push(account.id);
  }
  return ids;
}

/**
 * `POST questions.create`: HR hears of it (question_asked), named as the asker only when the
 * question is not anonymous.
 */
export async function askQuestion(ctx: QuestionsContext, input: QuestionInput): Promise<Question> {
  requireDashboard(ctx.access);
  const companyId = companyOf(ctx);
  const { user } = ctx.access;
  const id = await ctx.db.transaction(async (tx) => {
    const row = await insertQuestion(tx, companyId, {
      askerId: user.id,
      isAnonymous: input.is_anonymous,
      subject: input.subject,
      text: input.text,
    });
    await notifyUsers(tx, companyId, {
      userIds: await findAnswererIds(tx, companyId, user.id),
      kind: 'question_asked',
      target: { type: 'question', id: row.id },
      actorName: input.is_anonymous ? null : user.name,
      title: row.subject,
      link: `/app/questions/${row.id}`,
      dedupeKey: `question_asked:${row.id}`,
    });
    return row.id;
  });
  return getQuestion(ctx, id);
}

/**
 * `POST questions.answer` (HR): the answer, or a changed one, to a question that is not closed (409
 * once closed); the asker hears of it (question_answered).
 */
export async function answerQuestion(
  ctx: QuestionsContext,
  id: number,
  input: QuestionAnswerInput,
): Promise<Question> {
  await findVisible(ctx, id);
  if (!canAnswerQuestions(ctx.access)) throw new AppError('forbidden');
  const companyId = companyOf(ctx);
  const { user } = ctx.access;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockQuestion(tx, companyId, id);
    if (!row) throw new AppError('not_found');
    if (row.status === 'closed') throw new AppError('conflict', { key: 'questions.already_closed' });
    await updateQuestion(tx, companyId, id, {
      status: 'answered',
      answer: input.answer,
      answeredById: user.id,
      answeredAt: now,
    });
    if (row.askerId !== null && row.askerId !== user.id) {
      await notifyUsers(tx, companyId, {
        userIds: [row.askerId],
        kind: 'question_answered',
        target: { type: 'question', id },
        actorName: user.name,
        title: row.subject,
        link: `/app/questions/${id}`,
        // One notice per answer given: the row's state before it identifies this one.
        dedupeKey: `question_answered:${id}:${row.updatedAt.getTime()}`,
      });
    }
  });
  return getQuestion(ctx, id);
}

/** `POST questions.close`: the asker or HR closes a question (409 when it already is). */
export async function closeQuestion(ctx: QuestionsContext, id: number): Promise<Question> {
  // Whoever sees a question (its asker, HR) may close it.
  await findVisible(ctx, id);
  const companyId = companyOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await lockQuestion(tx, companyId, id);
    if (!row) throw new AppError('not_found');
    if (row.status === 'closed') throw new AppError('conflict', { key: 'questions.already_closed' });
    await updateQuestion(tx, companyId, id, { status: 'closed', closedAt: ctx.now() });
  });
  return getQuestion(ctx, id);
}
