import { route } from '@kadry/shared/routes';
import { type TeamPerson, teamPeopleResponseSchema } from '@kadry/shared/schemas/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `GET teams.people`: the employees a team editor can add (name and work email, sorted by last name,
 * at most TEAM_PEOPLE_LIMIT), searched on the server by any name, email, phone or employee number.
 * Open to anyone who may create or update teams, whatever the company's plan or the user's other
 * rights; below to_all only themselves and their teammates (decision 009).
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
