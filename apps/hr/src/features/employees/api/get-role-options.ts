import { route } from '@kadry/shared/routes';
import { type RoleWithUsage, rolesWithUsageResponseSchema } from '@kadry/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

/** What the "send access" role picker uses of a role. */
export type RoleOption = Pick<RoleWithUsage, 'id' | 'key' | 'name'>;

/** The company's roles (`GET roles.all`), asked only once the send-access dialog opens. */
export async function getRoleOptions(signal?: AbortSignal): Promise<RoleOption[]> {
  const response = await api.get(route('roles.all'), { schema: rolesWithUsageResponseSchema, signal });
  return response.data.data;
}

export function useRoleOptions() {
  return useQuery({
    queryKey: [...EMPLOYEES_QUERY_KEY, 'roles'],
    queryFn: ({ signal }) => getRoleOptions(signal),
  });
}
