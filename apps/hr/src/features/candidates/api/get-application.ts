import { route } from '@kadry/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type ClientApplicationDetails, clientApplicationDetailsSchema } from './application-wire';

const applicationResponseSchema = z.object({ data: clientApplicationDetailsSchema });

export async function getApplication(id: number, signal?: AbortSignal): Promise<ClientApplicationDetails> {
  const response = await api.get(route('recruiting.applications.one', id), {
    schema: applicationResponseSchema,
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
