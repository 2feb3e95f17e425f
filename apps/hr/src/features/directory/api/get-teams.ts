import { route } from '@kadry/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

// recruiting.teams has no schema in the shared contract yet; this is the shape we read (id + name).
export const namedItemListSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() }).loose()),
});
export type NamedItem = { id: number; name: string };

export async function getTeams(signal?: AbortSignal): Promise<NamedItem[]> {
  const response = await api.get(route('recruiting.teams'), { schema: namedItemListSchema, signal });
  return response.data.data;
}

export function useTeams() {
  return useQuery({ queryKey: ['teams'], queryFn: ({ signal }) => getTeams(signal), staleTime: 300_000 });
}
