import { route } from '@kadry/shared/routes';
import { type Team, type TeamUpdateBody, teamResponseSchema } from '@kadry/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamsKeys } from './get-teams';

/**
 * `PUT teams.one` (sent as POST with `_method=PUT`) → `{ data: Team }`: a new name, unique in the
 * company, and/or the hidden flag (Teams update at to_all).
 */
export async function renameTeam(id: number, body: TeamUpdateBody): Promise<Team> {
  const response = await api.put(route('teams.one', id), body, { schema: teamResponseSchema });
  return response.data.data;
}

export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & TeamUpdateBody) => renameTeam(id, body),
    onSuccess: (team) => {
      queryClient.setQueryData(teamsKeys.one(team.id), team);
      // The lists and trees, and the vacancy screens' team lookup, show the name too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.lists }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.trees }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.all, exact: true }),
      ]);
    },
  });
}
