import { z } from 'zod';
import { objectIdSchema, pageMetaSchema, pagingQuerySchema, searchTextSchema } from './common';

/*
 * Questions to HR (issue 15, the dashboard's "ask"): an employee asks, optionally anonymously; HR
 * answers; the asker or HR closes. Reads: `dashboard.ask.my`, `dashboard.ask.all`, `dashboard.ask.id`;
 * writes: `questions.create`, `questions.answer`, `questions.close`. Who is HR and what anonymous
 * means: docs/decisions/025-questions-to-hr.md.
 */

export const QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** The Dashboard named action of whoever answers questions (HR). */
export const ANSWER_QUESTIONS_ACTION = 'answer_questions';

export const QUESTION_SUBJECT_MAX = 200;
export const QUESTION_TEXT_MAX = 5_000;
export const QUESTION_ANSWER_MAX = 10_000;

/** `POST questions.create`. */
export const questionInputSchema = z.object({
  subject: z.string().trim().min(1).max(QUESTION_SUBJECT_MAX),
  text: z.string().trim().min(1).max(QUESTION_TEXT_MAX),
  /** Nobody but the asker ever learns who asked (HR and owners included). */
  is_anonymous: z.boolean().default(false),
});
export type QuestionInput = z.output<typeof questionInputSchema>;

/** `POST questions.answer`: the answer (again, to change it, while the question is not closed). */
export const questionAnswerInputSchema = z.object({
  answer: z.string().trim().min(1).max(QUESTION_ANSWER_MAX),
});
export type QuestionAnswerInput = z.output<typeof questionAnswerInputSchema>;

const personSchema = z.object({ id: objectIdSchema, name: z.string() });

/**
 * A question as the user sees it. `asker` (the asker's employee) is null for an anonymous question,
 * whoever reads it — the asker recognises theirs by `is_mine`.
 */
export const questionSchema = z.object({
  id: objectIdSchema,
  subject: z.string(),
  text: z.string(),
  is_anonymous: z.boolean(),
  status: z.enum(QUESTION_STATUSES),
  asker: personSchema.nullable(),
  is_mine: z.boolean(),
  answer: z.string().nullable(),
  answered_by: personSchema.nullable(),
  answered_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  can_answer: z.boolean(),
  can_close: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;
export const questionResponseSchema = z.object({ data: questionSchema });

/** `dashboard.ask.my`: the user's own questions, newest first. */
export const myQuestionsQuerySchema = pagingQuerySchema.extend({
  status: z.enum(QUESTION_STATUSES).optional(),
});
export type MyQuestionsQuery = z.output<typeof myQuestionsQuerySchema>;

/** `dashboard.ask.all` (HR): everyone's, newest first; `search` looks in the subject and text only. */
export const questionsQuerySchema = myQuestionsQuerySchema.extend({
  search: searchTextSchema.optional(),
});
export type QuestionsQuery = z.output<typeof questionsQuerySchema>;

export const questionsResponseSchema = z.object({
  data: z.array(questionSchema),
  meta: pageMetaSchema,
});
