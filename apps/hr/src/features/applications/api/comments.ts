import { route } from '@kadry/shared/routes';
import {
  type Comment,
  type CommentUpdateInput,
  commentResponseSchema,
} from '@kadry/shared/schemas/recruiting';
import { mentionableListResponseSchema } from '@kadry/shared/schemas/recruiting-tags';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Editing and deleting one's own comment, and who may be mentioned (issue 17). Each change refreshes
// the comments and the history.

/** Colleagues who may be mentioned on the application (asked for once the user types "@"). */
export function useMentionable(applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['comments', 'mentionable', applicationId],
    queryFn: async ({ signal }) =>
      (
        await api.get(route('recruiting.applications.mentionable', applicationId), {
          schema: mentionableListResponseSchema,
          signal,
        })
      ).data.data,
    enabled,
    staleTime: 60_000,
  });
}

function useRefresh(applicationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['comments', applicationId] }),
      queryClient.invalidateQueries({ queryKey: ['applications', 'history', applicationId] }),
    ]);
}

export function useEditComment(applicationId: number) {
  const refresh = useRefresh(applicationId);
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: CommentUpdateInput }): Promise<Comment> =>
      (
        await api.put(
          route('recruiting.applications.comments.one', { id: applicationId, commentId: id }),
          input,
          {
            schema: commentResponseSchema,
          },
        )
      ).data.data,
    onSuccess: refresh,
  });
}

export function useDeleteComment(applicationId: number) {
  const refresh = useRefresh(applicationId);
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('recruiting.applications.comments.one', { id: applicationId, commentId: id }));
    },
    onSuccess: refresh,
  });
}
