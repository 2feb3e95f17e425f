import { route } from '@kadry/shared/routes';
import { commentSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Comment = z.infer<typeof commentSchema>;
const commentsResponseSchema = z.object({ data: z.array(commentSchema) });

export async function getComments(applicationId: number, signal?: AbortSignal): Promise<Comment[]> {
  const response = await api.get(route('recruiting.applications.comments', applicationId), {
    schema: commentsResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useComments(applicationId: number) {
  return useQuery({
    queryKey: ['comments', applicationId],
    queryFn: ({ signal }) => getComments(applicationId, signal),
  });
}
