import { route } from '@kadry/shared/routes';
import { type ApplicationDetails, applicationDetailsResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getApplication(id: number, signal?: AbortSignal): Promise<ApplicationDetails> {
  const response = await api.get(route('recruiting.applications.one', id), {
    schema: applicationDetailsResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useApplication(id: number) {
  return useQuery({
    queryKey: ['applications', 'one', id],
    queryFn: ({ signal }) => getApplication(id, signal),
  });
}
