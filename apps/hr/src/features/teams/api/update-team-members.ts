import { route } from '@kadry/shared/routes';
import { type Team, type TeamMembersBody, teamResponseSchema } from '@kadry/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamsKeys } from './get-teams';

/** `PUT teams.members` → `{ data: Team }`: the whole member list replaces the old one. */
export async function updateTeamMembers(id: number, body: TeamMembersBody): Promise<Team> {
  const response = await api.put(route('teams.members', id), body, { schema: teamResponseSchema });
  return response.data.data;
}

export function useUpdateTeamMembers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamMembersBody) => updateTeamMembers(id, body),
    onSuccess: (team) => {
      queryClient.setQueryData(teamsKeys.one(team.id), team);
      // Member counts and managers in the lists and trees.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.lists }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.trees }),
      ]);
    },
  });
}
