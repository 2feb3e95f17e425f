import { route } from '@kadry/shared/routes';
import { staffUsersResponseSchema } from '@kadry/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** A person who can be added to a team. The names-only directory does not give emails. */
export type StaffOption = { id: number; name: string; email: string | null };

/**
 * Where the people come from: owners read the staff administration list (`admin.users`, with
 * emails, searched on the server); everyone else the names-only directory (`recruiting.users`),
 * searched here.
 */
export type StaffSource = 'admin' | 'directory';

/** The most accounts one search shows; owners narrow down by typing. */
export const STAFF_SEARCH_LIMIT = 100;

const directorySchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() }).loose()),
});

export async function getStaffOptions(
  source: StaffSource,
  search: string,
  signal?: AbortSignal,
): Promise<StaffOption[]> {
  if (source === 'admin') {
    const response = await api.get(route('admin.users'), {
      params: { search: search || undefined, per_page: STAFF_SEARCH_LIMIT },
      schema: staffUsersResponseSchema,
      signal,
    });
    // Disabled accounts cannot sign in, so they are not offered as new members.
    return response.data.data
      .filter((user) => !user.is_disabled)
      .map((user) => ({ id: user.id, name: user.name, email: user.email }));
  }
  const response = await api.get(route('recruiting.users'), { schema: directorySchema, signal });
  return response.data.data.map((user) => ({ id: user.id, name: user.name, email: null }));
}

export function useStaffOptions(source: StaffSource, search: string, isEnabled: boolean) {
  return useQuery({
    // The directory is searched here, so one fetch serves every search.
    queryKey: ['staff-options', source, source === 'admin' ? search : ''],
    queryFn: ({ signal }) => getStaffOptions(source, source === 'admin' ? search : '', signal),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
