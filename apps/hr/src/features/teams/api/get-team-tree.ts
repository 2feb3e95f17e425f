import { route } from '@kadry/shared/routes';
import { type TeamNode, teamTreeResponseSchema } from '@kadry/shared/schemas/teams';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamsKeys } from './get-teams';

export type TeamTreeOptions = { managed?: boolean; withMembers?: boolean };

/**
 * `GET teams.tree`: the teams the user sees, flat (tree-model.ts nests them), with member counts and
 * managers; `managed` keeps the teams the user manages and those below (the see_managed_teams
 * action); `withMembers` adds every member's name (the org chart).
 */
export async function getTeamTree(options: TeamTreeOptions, signal?: AbortSignal): Promise<TeamNode[]> {
  const response = await api.get(route('teams.tree'), {
    params: {
      filter: options.managed ? 'managed' : undefined,
      include: options.withMembers ? 'members' : undefined,
    },
    schema: teamTreeResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useTeamTree(options: TeamTreeOptions = {}) {
  const managed = options.managed ?? false;
  const withMembers = options.withMembers ?? false;
  return useQuery({
    queryKey: teamsKeys.tree(managed, withMembers),
    queryFn: ({ signal }) => getTeamTree({ managed, withMembers }, signal),
  });
}
