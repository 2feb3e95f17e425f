import { route } from '@kadry/shared/routes';
import { type TeamSummary, teamsResponseSchema } from '@kadry/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './get-staff-users';

/** What the pickers use of a team. */
export type TeamOption = Pick<TeamSummary, 'id' | 'name'>;

/**
 * The company's teams by name for the invite form and the team filter: `GET teams.all`, the
 * administration list, which every plan has (recruiting.teams needs the ATS plan, and this screen
 * does not). Owners see every team there; only id and name are read.
 */
export async function getTeamOptions(signal?: AbortSignal): Promise<TeamOption[]> {
  const response = await api.get(route('teams.all'), { schema: teamsResponseSchema, signal });
  return response.data.data;
}

export function useTeamOptions() {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'teams'],
    queryFn: ({ signal }) => getTeamOptions(signal),
  });
}
