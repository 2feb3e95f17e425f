import { type Role, roleResponseSchema, type UpdateRoleBody } from '@kadry/shared/permissions/schemas';
import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifyRolesUpdated } from '../../../lib/permissions/use-permissions';
import { rolesKeys } from './get-roles';

/**
 * `PUT roles.one` (sent as POST with `_method=PUT`): renames the role and replaces the permissions of
 * the entities sent; entities left out keep theirs.
 */
async function updateRole(id: number, body: UpdateRoleBody): Promise<Role> {
  const response = await api.put(route('roles.one', id), body, { schema: roleResponseSchema });
  return response.data.data;
}

/**
 * Saves a role. The server bumps rolesUpdatedAt to the role's new updatedAt; passing it on reloads
 * the signed-in user's permissions (their own role may be the one edited).
 */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  const notifyRolesUpdated = useNotifyRolesUpdated();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRoleBody }) => updateRole(id, body),
    onSuccess: (role) => {
      queryClient.setQueryData(rolesKeys.one(role.id), role);
      notifyRolesUpdated(role.updatedAt);
      return queryClient.invalidateQueries({ queryKey: rolesKeys.list });
    },
  });
}
