import { route } from '@kadry/shared/routes';
import { type TeamSummary, teamsResponseSchema } from '@kadry/shared/schemas/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Query keys of the teams screens. They sit under `['teams']`, the prefix the vacancy screens' team
 * lookup uses too, so invalidating `['teams']` after a change refreshes both.
 */
export const teamsKeys = {
  all: ['teams'] as const,
  list: (search: string) => ['teams', 'org', 'list', search] as const,
  lists: ['teams', 'org', 'list'] as const,
  one: (id: number) => ['teams', 'org', 'one', id] as const,
  trees: ['teams', 'org', 'tree'] as const,
  tree: (managed: boolean, withMembers: boolean) => ['teams', 'org', 'tree', managed, withMembers] as const,
};

/** `GET teams.all`: the teams the user may see, sorted by name (spec §3.2), optionally searched. */
export async function getTeams(search: string, signal?: AbortSignal): Promise<TeamSummary[]> {
  const response = await api.get(route('teams.all'), {
    params: { search: search || undefined },
    schema: teamsResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useTeams(search: string) {
  return useQuery({
    queryKey: teamsKeys.list(search),
    queryFn: ({ signal }) => getTeams(search, signal),
    // The table keeps its rows while a new search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
