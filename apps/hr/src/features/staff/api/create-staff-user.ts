import { route } from '@kadry/shared/routes';
import {
  type CreateStaffUserBody,
  type StaffUser,
  staffUserResponseSchema,
} from '@kadry/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './get-staff-users';

/** Invites a person (`POST admin.users` → 201): the account waits for them to set a password from the email. */
export async function createStaffUser(body: CreateStaffUserBody): Promise<StaffUser> {
  const response = await api.post(route('admin.users'), body, { schema: staffUserResponseSchema });
  return response.data.data;
}

export function useCreateStaffUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
