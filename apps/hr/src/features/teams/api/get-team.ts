import { route } from '@kadry/shared/routes';
import { type Team, teamResponseSchema } from '@kadry/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamsKeys } from './get-teams';

/** `GET teams.one`: a team with its members; a team the user may not see answers 404. */
export async function getTeam(id: number, signal?: AbortSignal): Promise<Team> {
  const response = await api.get(route('teams.one', id), { schema: teamResponseSchema, signal });
  return response.data.data;
}

export function useTeam(id: number) {
  return useQuery({ queryKey: teamsKeys.one(id), queryFn: ({ signal }) => getTeam(id, signal) });
}
