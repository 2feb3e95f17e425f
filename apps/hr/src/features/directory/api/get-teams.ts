import { route } from '@kadry/shared/routes';
import { namedItemsResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** A team or a staff member as the vacancy editor's pickers list them. */
export type NamedItem = z.infer<typeof namedItemsResponseSchema>['data'][number];

export async function getTeams(signal?: AbortSignal): Promise<NamedItem[]> {
  const response = await api.get(route('recruiting.teams'), { schema: namedItemsResponseSchema, signal });
  return response.data.data;
}

export function useTeams() {
  return useQuery({ queryKey: ['teams'], queryFn: ({ signal }) => getTeams(signal), staleTime: 300_000 });
}
