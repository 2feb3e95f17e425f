import { route } from '@kadry/shared/routes';
import { namedItemsResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NamedItem } from './get-teams';

/** Staff who can be a vacancy's responsible recruiters. */
export async function getUsers(signal?: AbortSignal): Promise<NamedItem[]> {
  const response = await api.get(route('recruiting.users'), { schema: namedItemsResponseSchema, signal });
  return response.data.data;
}

export function useUsers() {
  return useQuery({ queryKey: ['users'], queryFn: ({ signal }) => getUsers(signal), staleTime: 300_000 });
}
