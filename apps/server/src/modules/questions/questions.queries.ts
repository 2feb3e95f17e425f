import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type QuestionRow, questions } from '../../db/schema/questions';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { buildContainsPattern } from '../../lib/contains-pattern';

// All SQL of questions to HR; every statement filters by company_id.

/** The database or an open transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const askers = alias(users, 'askers');
const answerers = alias(users, 'answerers');

/** A question with its asker's employee and name and its answerer's (the service decides what to show). */
export type QuestionWithPeople = {
  question: QuestionRow;
  askerEmployeeId: number | null;
  askerName: string | null;
  answererEmployeeId: number | null;
  answererName: string | null;
};

function selectWithPeople(db: Tx, companyId: number) {
  return db
    .select({
      question: questions,
      askerEmployeeId: askers.employeeId,
      askerName: askers.name,
      answererEmployeeId: answerers.employeeId,
      answererName: answerers.name,
    })
    .from(questions)
    .leftJoin(askers, and(eq(askers.companyId, companyId), eq(askers.id, questions.askerId)))
    .leftJoin(answerers, and(eq(answerers.companyId, companyId), eq(answerers.id, questions.answeredById)));
}

export type QuestionFilter = {
  /** Only this account's questions. */
  askerId?: number;
  status?: QuestionRow['status'] | undefined;
  /** Words in the subject or text (never who asked). */
  search?: string | undefined;
};

function filterCondition(companyId: number, filter: QuestionFilter): SQL | undefined {
  return and(
    eq(questions.companyId, companyId),
    filter.askerId === undefined ? undefined : eq(questions.askerId, filter.askerId),
    filter.status === undefined ? undefined : eq(questions.status, filter.status),
    filter.search
      ? ilike(questions.searchText, buildContainsPattern(filter.search.toLowerCase()))
      : undefined,
  );
}

/** A page of questions, newest first, and how many match in all. */
export async function listQuestions(
  db: Tx,
  companyId: number,
  filter: QuestionFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: QuestionWithPeople[]; total: number }> {
  const where = filterCondition(companyId, filter);
  const [rows, totals] = await Promise.all([
    selectWithPeople(db, companyId)
      .where(where)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(questions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findQuestion(
  db: Tx,
  companyId: number,
  id: number,
): Promise<QuestionWithPeople | null> {
  const [row] = await selectWithPeople(db, companyId).where(
    and(eq(questions.companyId, companyId), eq(questions.id, id)),
  );
  return row ?? null;
}

/** One question locked until the transaction ends (null when missing). */
export async function lockQuestion(tx: Tx, companyId: number, id: number): Promise<QuestionRow | null> {
  const [row] = await tx
    .select()
    .from(questions)
    .where(and(eq(questions.companyId, companyId), eq(questions.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertQuestion(
  tx: Tx,
  companyId: number,
  values: { askerId: number; isAnonymous: boolean; subject: string; text: string },
): Promise<QuestionRow> {
  const [row] = await tx
    .insert(questions)
    .values({ ...values, companyId })
    .returning();
  if (!row) throw new Error('insertQuestion: insert returned no row');
  return row;
}

export async function updateQuestion(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<Pick<QuestionRow, 'status' | 'answer' | 'answeredById' | 'answeredAt' | 'closedAt'>>,
): Promise<void> {
  await tx
    .update(questions)
    .set(values)
    .where(and(eq(questions.companyId, companyId), eq(questions.id, id)));
}

/** The company's enabled staff accounts with their roles (who answers questions is decided by role). */
export function findEnabledAccounts(
  db: Tx,
  companyId: number,
): Promise<{ id: number; roleId: number; roleKey: string | null }[]> {
  return db
    .select({ id: users.id, roleId: users.roleId, roleKey: roles.key })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), eq(users.isDisabled, false)));
}
