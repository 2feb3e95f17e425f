import { route } from '@kadry/shared/routes';
import { type Team, teamResponseSchema } from '@kadry/shared/schemas/admin';
import type { TeamNode } from '@kadry/shared/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyMove, type MoveTarget } from '../tree/tree-model';
import { teamsKeys } from './get-teams';

/**
 * `PUT teams.move` → `{ data: Team }`. `position` only when the user may choose the place among
 * siblings (change_order); without it the server puts the team last under its new parent.
 */
export async function moveTeam(id: number, target: MoveTarget, withPosition: boolean): Promise<Team> {
  const body = withPosition
    ? { parent_id: target.parentId, position: target.position }
    : { parent_id: target.parentId };
  const response = await api.put(route('teams.move', id), body, { schema: teamResponseSchema });
  return response.data.data;
}

/** Shows the move at once in every cached tree, and puts the server's order back on a failure. */
export function useMoveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, target, withPosition }: { id: number; target: MoveTarget; withPosition: boolean }) =>
      moveTeam(id, target, withPosition),
    onMutate: async ({ id, target }) => {
      await queryClient.cancelQueries({ queryKey: teamsKeys.trees });
      queryClient.setQueriesData<TeamNode[]>({ queryKey: teamsKeys.trees }, (nodes) =>
        nodes ? applyMove(nodes, id, target) : nodes,
      );
    },
    onSettled: (team) => {
      if (team) queryClient.setQueryData(teamsKeys.one(team.id), team);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.trees }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.lists }),
      ]);
    },
  });
}
