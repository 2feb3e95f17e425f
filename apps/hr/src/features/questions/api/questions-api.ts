import { route } from '@kadry/shared/routes';
import {
  type QuestionInput,
  type QuestionStatus,
  questionResponseSchema,
  questionsResponseSchema,
} from '@kadry/shared/schemas/questions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Questions to HR (issue 15): the user's own, everyone's (HR), one question, asking, answering and
// closing.

export type QuestionsScope = 'my' | 'all';
export type QuestionsListQuery = {
  page: number;
  per_page: number;
  status?: QuestionStatus | undefined;
  search?: string | undefined;
};

export const questionKeys = {
  all: ['questions'] as const,
  list: (scope: QuestionsScope, query: QuestionsListQuery) => ['questions', scope, query] as const,
  one: (id: number) => ['questions', 'one', id] as const,
};

/** `dashboard.ask.my` or (HR) `dashboard.ask.all`. */
export function useQuestions(scope: QuestionsScope, query: QuestionsListQuery) {
  return useQuery({
    queryKey: questionKeys.list(scope, query),
    queryFn: async ({ signal }) => {
      const options = {
        params: { ...query, search: query.search || undefined },
        schema: questionsResponseSchema,
        signal,
      };
      // Each call names its route, so the API contract check sees exactly what is called.
      const answer =
        scope === 'all'
          ? await api.get(route('dashboard.ask.all'), options)
          : await api.get(route('dashboard.ask.my'), options);
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useQuestion(id: number) {
  return useQuery({
    queryKey: questionKeys.one(id),
    queryFn: async ({ signal }) =>
      (await api.get(route('dashboard.ask.id', id), { schema: questionResponseSchema, signal })).data.data,
  });
}

function useQuestionMutation<TInput, TOutput>(send: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

export function useAskQuestion() {
  return useQuestionMutation(
    async (input: QuestionInput) =>
      (await api.post(route('questions.create'), input, { schema: questionResponseSchema })).data.data,
  );
}

export function useAnswerQuestion() {
  return useQuestionMutation(
    async ({ id, answer }: { id: number; answer: string }) =>
      (await api.post(route('questions.answer', id), { answer }, { schema: questionResponseSchema })).data
        .data,
  );
}

export function useCloseQuestion() {
  return useQuestionMutation(
    async (id: number) =>
      (await api.post(route('questions.close', id), {}, { schema: questionResponseSchema })).data.data,
  );
}
