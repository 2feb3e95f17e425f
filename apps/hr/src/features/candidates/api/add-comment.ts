import { route } from '@kadry/shared/routes';
import { commentSchema } from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Comment } from './get-comments';

const commentResponseSchema = z.object({ data: commentSchema });

export async function addComment(applicationId: number, text: string): Promise<Comment> {
  const response = await api.post(
    route('recruiting.applications.comments', applicationId),
    { text },
    { schema: commentResponseSchema },
  );
  return response.data.data;
}

export function useAddComment(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addComment(applicationId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['comments', applicationId] }),
  });
}
