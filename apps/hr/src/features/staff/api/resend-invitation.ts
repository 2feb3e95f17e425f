import { route } from '@kadry/shared/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Emails a new set-password link to an enabled account (`POST admin.users.invite` → 204). */
export async function resendInvitation(id: number): Promise<void> {
  await api.post(route('admin.users.invite', id));
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}
