import { route } from '@kadry/shared/routes';
import { type RoleWithUsage, rolesWithUsageResponseSchema } from '@kadry/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the roles screens; `['roles']` covers them all. */
export const rolesKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  one: (id: number) => ['roles', 'one', id] as const,
};

/** What the role pickers and the role filter (staff, send access) use of a role. */
export type RoleOption = Pick<RoleWithUsage, 'id' | 'key' | 'name'>;

/**
 * `GET roles.all` (owners only): every role of the company with how many people have it. The roles
 * screen lists it and the role pickers offer it, from one cache that a role's change refreshes.
 */
async function getRoles(signal?: AbortSignal): Promise<RoleWithUsage[]> {
  const response = await api.get(route('roles.all'), { schema: rolesWithUsageResponseSchema, signal });
  return response.data.data;
}

export function useRoles() {
  return useQuery({ queryKey: rolesKeys.list, queryFn: ({ signal }) => getRoles(signal) });
}
