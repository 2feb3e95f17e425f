import { type Role, roleResponseSchema } from '@kadry/shared/permissions/schemas';
import { route } from '@kadry/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rolesKeys } from './get-roles';

/** `GET roles.one` (owners only): a role with its permissions for every entity. */
async function getRole(id: number, signal?: AbortSignal): Promise<Role> {
  const response = await api.get(route('roles.one', id), { schema: roleResponseSchema, signal });
  return response.data.data;
}

export function useRole(id: number) {
  // The editor copies the role into its draft once; a later refetch does not touch what is being edited.
  return useQuery({ queryKey: rolesKeys.one(id), queryFn: ({ signal }) => getRole(id, signal) });
}
