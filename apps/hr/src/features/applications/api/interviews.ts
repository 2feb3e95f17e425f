import { route } from '@kadry/shared/routes';
import {
  applicationInterviewsResponseSchema,
  type InterviewInput,
  interviewDetailsResponseSchema,
  interviewResponseSchema,
  myInterviewsResponseSchema,
  type ScorecardInput,
  scorecardResponseSchema,
} from '@kadry/shared/schemas/interviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Interviews and scorecards (issue 17): an application's interviews, one interview (the interviewer's
// kit), the signed-in user's own, and the changes. Each change refreshes them all and the history.

export function useApplicationInterviews(applicationId: number) {
  return useQuery({
    queryKey: ['interviews', 'application', applicationId],
    queryFn: async ({ signal }) =>
      (
        await api.get(route('recruiting.applications.interviews', applicationId), {
          schema: applicationInterviewsResponseSchema,
          signal,
        })
      ).data,
  });
}

export function useInterview(id: number) {
  return useQuery({
    queryKey: ['interviews', 'one', id],
    queryFn: async ({ signal }) =>
      (
        await api.get(route('recruiting.interviews.one', id), {
          schema: interviewDetailsResponseSchema,
          signal,
        })
      ).data,
  });
}

/** The user's interviews as an interviewer: upcoming ones and recent ones awaiting their scorecard. */
export function useMyInterviews() {
  return useQuery({
    queryKey: ['interviews', 'mine'],
    queryFn: async ({ signal }) =>
      (await api.get(route('recruiting.myInterviews'), { schema: myInterviewsResponseSchema, signal })).data
        .data,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['interviews'] }),
      queryClient.invalidateQueries({ queryKey: ['applications', 'history'] }),
    ]);
}

/** Schedules (no `interviewId`) or changes an interview. */
export function useSaveInterview() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      applicationId,
      interviewId,
      input,
    }: {
      applicationId: number;
      interviewId: number | null;
      input: InterviewInput;
    }) => {
      const response =
        interviewId === null
          ? await api.post(route('recruiting.applications.interviews', applicationId), input, {
              schema: interviewResponseSchema,
            })
          : await api.put(route('recruiting.interviews.one', interviewId), input, {
              schema: interviewResponseSchema,
            });
      return response.data.data;
    },
    onSettled: refresh,
  });
}

export function useCancelInterview() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (interviewId: number) =>
      (
        await api.post(route('recruiting.interviews.cancel', interviewId), undefined, {
          schema: interviewResponseSchema,
        })
      ).data.data,
    onSettled: refresh,
  });
}

export function useSubmitScorecard(interviewId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: ScorecardInput) =>
      (
        await api.put(route('recruiting.interviews.scorecard', interviewId), input, {
          schema: scorecardResponseSchema,
        })
      ).data.data,
    onSettled: refresh,
  });
}
