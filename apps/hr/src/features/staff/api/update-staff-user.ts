import { route } from '@kadry/shared/routes';
import {
  type StaffUser,
  staffUserResponseSchema,
  type UpdateStaffUserBody,
} from '@kadry/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './get-staff-users';

/**
 * Changes an account (`PUT admin.users.one`, sent as POST with `_method=PUT`); fields left out keep
 * their value. `is_disabled: true` also ends the person's sessions.
 */
export async function updateStaffUser(id: number, body: UpdateStaffUserBody): Promise<StaffUser> {
  const response = await api.put(route('admin.users.one', id), body, { schema: staffUserResponseSchema });
  return response.data.data;
}

export function useUpdateStaffUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateStaffUserBody }) => updateStaffUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
