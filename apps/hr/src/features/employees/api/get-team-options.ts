import { route } from '@kadry/shared/routes';
import { type TeamSummary, teamsResponseSchema } from '@kadry/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/** What the team filter and the team picker use of a team. */
export type TeamOption = Pick<TeamSummary, 'id' | 'name'>;

/**
 * The company's teams (`GET teams.all`, the administration list every plan has) for the team filters
 * and pickers (employees, staff, absence settings), asked only by users who may see teams (the caller
 * passes `isEnabled`): without it the filter simply has no teams to offer.
 */
export async function getTeamOptions(signal?: AbortSignal): Promise<TeamOption[]> {
  const response = await api.get(route('teams.all'), { schema: teamsResponseSchema, signal });
  return response.data.data;
}

export function useTeamOptions({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: [...EMPLOYEES_QUERY_KEY, 'teams'],
    queryFn: ({ signal }) => getTeamOptions(signal),
    enabled: isEnabled,
  });
}
