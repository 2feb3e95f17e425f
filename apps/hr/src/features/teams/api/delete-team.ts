import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamsKeys } from './get-teams';

/** `DELETE teams.one` → 204; the team's vacancies stay, without a team; a team with sub-teams → 409. */
export async function deleteTeam(id: number): Promise<void> {
  await api.delete(route('teams.one', id));
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: async (_result, id) => {
      // The team's own page may still be on screen until it navigates away: mark its query stale
      // without fetching (that would answer 404), and drop it once nothing shows it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.one(id), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.lists }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.trees }),
        // The vacancy screens' team lookup.
        queryClient.invalidateQueries({ queryKey: teamsKeys.all, exact: true }),
      ]);
      queryClient.removeQueries({ queryKey: teamsKeys.one(id), type: 'inactive' });
    },
  });
}
