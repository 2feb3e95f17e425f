import { roleSummarySchema } from '@kadry/shared/permissions/schemas';
import { route } from '@kadry/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './get-staff-users';

const roleOptionSchema = roleSummarySchema.pick({ id: true, key: true, name: true });
export type RoleOption = z.infer<typeof roleOptionSchema>;

// Only what the pickers need is read, so the answer may carry more (users_count, updatedAt).
const roleOptionsResponseSchema = z.object({ data: z.array(roleOptionSchema) });

/** The company's roles (`GET roles.all`) for the role pickers and the role filter. */
export async function getRoleOptions(signal?: AbortSignal): Promise<RoleOption[]> {
  const response = await api.get(route('roles.all'), { schema: roleOptionsResponseSchema, signal });
  return response.data.data;
}

export function useRoleOptions() {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'roles'],
    queryFn: ({ signal }) => getRoleOptions(signal),
  });
}
