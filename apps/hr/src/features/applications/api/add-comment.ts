import { route } from '@kadry/shared/routes';
import { type Comment, type CommentInput, commentResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Posts a comment: private to its author unless `is_shared` (which needs share_comments). */
export async function addComment(applicationId: number, input: CommentInput): Promise<Comment> {
  const response = await api.post(route('recruiting.applications.comments', applicationId), input, {
    schema: commentResponseSchema,
  });
  return response.data.data;
}

export function useAddComment(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) => addComment(applicationId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['applications', 'history', applicationId] });
      return queryClient.invalidateQueries({ queryKey: ['comments', applicationId] });
    },
  });
}
