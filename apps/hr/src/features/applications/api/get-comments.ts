import { route } from '@kadry/shared/routes';
import { type Comment, commentListResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getComments(applicationId: number, signal?: AbortSignal): Promise<Comment[]> {
  const response = await api.get(route('recruiting.applications.comments', applicationId), {
    schema: commentListResponseSchema,
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
