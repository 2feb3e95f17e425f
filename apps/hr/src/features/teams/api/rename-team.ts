import { route } from '@kadry/shared/routes';
import { type Team, type TeamBody, teamResponseSchema } from '@kadry/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamsKeys } from './get-teams';

/** `PUT teams.one` (sent as POST with `_method=PUT`) → `{ data: Team }`: a new name, unique in the company. */
export async function renameTeam(id: number, body: TeamBody): Promise<Team> {
  const response = await api.put(route('teams.one', id), body, { schema: teamResponseSchema });
  return response.data.data;
}

export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameTeam(id, { name }),
    onSuccess: (team) => {
      queryClient.setQueryData(teamsKeys.one(team.id), team);
      // The lists, and the vacancy screens' team lookup, show the name too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.lists }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.all, exact: true }),
      ]);
    },
  });
}
