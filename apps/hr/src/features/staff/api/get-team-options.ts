import { route } from '@kadry/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './get-staff-users';

const teamOptionsResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TeamOption = z.infer<typeof teamOptionsResponseSchema>['data'][number];

/**
 * The company's teams by name for the invite form and the team filter: `GET teams.all`, the
 * administration list, which every plan has (recruiting.teams needs the ATS plan, and this screen
 * does not). Owners see every team there; only id and name are read.
 */
export async function getTeamOptions(signal?: AbortSignal): Promise<TeamOption[]> {
  const response = await api.get(route('teams.all'), { schema: teamOptionsResponseSchema, signal });
  return response.data.data;
}

export function useTeamOptions() {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'teams'],
    queryFn: ({ signal }) => getTeamOptions(signal),
  });
}
