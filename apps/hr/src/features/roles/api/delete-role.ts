import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rolesKeys } from './get-roles';

/** `DELETE roles.one`: custom roles nobody has; a role someone has → 409, a built-in one → 422. */
async function deleteRole(id: number): Promise<void> {
  await api.delete(route('roles.one', id));
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: rolesKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: rolesKeys.list });
    },
    // A 409 means the counts shown are stale: fetch them again so the dialog can say how many.
    onError: () => queryClient.invalidateQueries({ queryKey: rolesKeys.list }),
  });
}
