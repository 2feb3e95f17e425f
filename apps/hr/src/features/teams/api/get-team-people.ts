import { route } from '@kadry/shared/routes';
import { type TeamPerson, teamPeopleResponseSchema } from '@kadry/shared/schemas/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `GET teams.people`: the enabled staff accounts a team editor can add (name and email, sorted by
 * name, at most TEAM_PEOPLE_LIMIT), searched on the server by name or email. Open to anyone who may
 * create or update teams, whatever the company's plan or the user's other rights.
 */
export async function getTeamPeople(search: string, signal?: AbortSignal): Promise<TeamPerson[]> {
  const response = await api.get(route('teams.people'), {
    params: { search: search || undefined },
    schema: teamPeopleResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useTeamPeople(search: string) {
  return useQuery({
    queryKey: ['team-people', search],
    queryFn: ({ signal }) => getTeamPeople(search, signal),
    // The list stays while the next search loads, instead of flashing "Loading" at every pause.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
