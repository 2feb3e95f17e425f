import { route } from '@kadry/shared/routes';
import { type Team, type TeamBody, teamResponseSchema } from '@kadry/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamsKeys } from './get-teams';

/**
 * `POST teams.all` → 201 `{ data: Team }`, last among the children of `parent_id`; a name already in
 * use → 422 under `name`, a parent gone or out of sight → 422 under `parent_id`.
 */
export async function createTeam(body: TeamBody): Promise<Team> {
  const response = await api.post(route('teams.all'), body, { schema: teamResponseSchema });
  return response.data.data;
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) => {
      queryClient.setQueryData(teamsKeys.one(team.id), team);
      // The lists and trees, and the vacancy screens' team lookup.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.lists }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.trees }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.all, exact: true }),
      ]);
    },
  });
}
