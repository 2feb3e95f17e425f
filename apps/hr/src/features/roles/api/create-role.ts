import { type Role, roleResponseSchema } from '@kadry/shared/permissions/schemas';
import { route } from '@kadry/shared/routes';
import type { CreateRoleBody } from '@kadry/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rolesKeys } from './get-roles';

/** `POST roles.all`: a new custom role, empty or with the permissions of `copy_from_role_id`. */
async function createRole(body: CreateRoleBody): Promise<Role> {
  const response = await api.post(route('roles.all'), body, { schema: roleResponseSchema });
  return response.data.data;
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: (role) => {
      queryClient.setQueryData(rolesKeys.one(role.id), role);
      return queryClient.invalidateQueries({ queryKey: rolesKeys.list });
    },
  });
}
