import type { Locale } from '@kadry/shared/constants';
import { route } from '@kadry/shared/routes';
import { type SendAccessResponse, sendAccessResponseSchema } from '@kadry/shared/schemas/employee-access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { employeeQueryKey } from './get-employee';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

export type SendAccessBody = { role_id: number; locale?: Locale };

/**
 * "Send access" (`POST employee.access` → 201): an account with the role and language, and the
 * invitation to the employee's work email. `invitation_sent` false: the account exists but the mail
 * failed (offer resendAccess). 422 under `email` (no work email) or `role_id`; 409 when the employee
 * already has access.
 */
export async function sendAccess(id: number, body: SendAccessBody): Promise<SendAccessResponse['data']> {
  const response = await api.post(route('employee.access', id), body, { schema: sendAccessResponseSchema });
  return response.data.data;
}

/** Revokes the employee's access (`DELETE employee.access` → 204): the account is disabled, its sessions end. */
export async function revokeAccess(id: number): Promise<void> {
  await api.delete(route('employee.access', id));
}

/** A new invitation link for an account still waiting for its first password (`POST employee.access.resend` → 204). */
export async function resendAccess(id: number): Promise<void> {
  await api.post(route('employee.access.resend', id));
}

/** The profile and the directory show the access state: both are read again after a change. */
function useRefreshEmployee(id: number) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: employeeQueryKey(id) }),
      queryClient.invalidateQueries({ queryKey: EMPLOYEES_QUERY_KEY }),
    ]);
  };
}

export function useSendAccess(id: number) {
  const refresh = useRefreshEmployee(id);
  return useMutation({ mutationFn: (body: SendAccessBody) => sendAccess(id, body), onSuccess: refresh });
}

export function useRevokeAccess(id: number) {
  const refresh = useRefreshEmployee(id);
  return useMutation({ mutationFn: () => revokeAccess(id), onSuccess: refresh });
}

export function useResendAccess(id: number) {
  return useMutation({ mutationFn: () => resendAccess(id) });
}
