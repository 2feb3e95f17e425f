import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  myQuestionsQuerySchema,
  questionAnswerInputSchema,
  questionInputSchema,
  questionResponseSchema,
  questionsQuerySchema,
  questionsResponseSchema,
} from '@kadry/shared/schemas/questions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import {
  answerQuestion,
  askQuestion,
  closeQuestion,
  getQuestion,
  listAllQuestions,
  listMyQuestions,
  type QuestionsContext,
} from './questions.service';

export type QuestionsRoutesOptions = { db: Db; now: () => Date };

const tags = ['dashboard', 'questions'];
const listErrors = errorResponses(...STAFF_ERRORS, 422);
const oneErrors = errorResponses(...STAFF_ERRORS, 404);
const writeErrors = errorResponses(...STAFF_ERRORS, 404, 409, 422);
const RULES =
  'HR is whoever has the Dashboard action `answer_questions`. An anonymous question never names its asker (`asker` is null) to anyone, HR and owners included: docs/decisions/025-questions-to-hr.md.';

/** Questions to HR (issue 15, the dashboard's "ask"). */
export const questionsRoutes: FastifyPluginAsync<QuestionsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<QuestionsContext> {
    return { db: opts.db, access: await getAccess(request), now: opts.now };
  }

  routes.get(
    routePattern('dashboard.ask.my'),
    {
      schema: {
        tags,
        summary: 'The user’s own questions to HR, newest first',
        description: `Anonymous ones included (recognised by \`is_mine\`). Needs the Dashboard view. ${RULES}`,
        querystring: myQuestionsQuerySchema,
        response: { 200: questionsResponseSchema, ...listErrors },
      },
    },
    async (request) => listMyQuestions(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('dashboard.ask.all'),
    {
      schema: {
        tags,
        summary: 'Everyone’s questions to HR, newest first (HR)',
        description: `Filters: \`status\`, and \`search\` in the subject and text (never in who asked). 403 without \`answer_questions\`. ${RULES}`,
        querystring: questionsQuerySchema,
        response: { 200: questionsResponseSchema, ...listErrors },
      },
    },
    async (request) => listAllQuestions(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('dashboard.ask.id'),
    {
      schema: {
        tags,
        summary: 'One question to HR',
        description: `The asker’s own, or any for HR; 404 for everyone else. ${RULES}`,
        params: idParamsSchema,
        response: { 200: questionResponseSchema, ...oneErrors },
      },
    },
    async (request) => ({ data: await getQuestion(await contextOf(request), request.params.id) }),
  );

  routes.post(
    routePattern('questions.create'),
    {
      schema: {
        tags,
        summary: 'Ask HR a question, optionally anonymously; HR is notified',
        description: RULES,
        body: questionInputSchema,
        response: { 201: questionResponseSchema, ...listErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await askQuestion(await contextOf(request), request.body) }),
  );

  routes.post(
    routePattern('questions.answer'),
    {
      schema: {
        tags,
        summary: 'Answer a question (HR); the asker is notified',
        description: `Answering again changes the answer; 409 once the question is closed. ${RULES}`,
        params: idParamsSchema,
        body: questionAnswerInputSchema,
        response: { 200: questionResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      data: await answerQuestion(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.post(
    routePattern('questions.close'),
    {
      schema: {
        tags,
        summary: 'Close a question (its asker or HR)',
        description: `409 when it is closed already. ${RULES}`,
        params: idParamsSchema,
        response: { 200: questionResponseSchema, ...errorResponses(...STAFF_ERRORS, 404, 409) },
      },
    },
    async (request) => ({ data: await closeQuestion(await contextOf(request), request.params.id) }),
  );
};
