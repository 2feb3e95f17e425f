import { route } from '@kadry/shared/routes';
import type { ChangePasswordBody } from '@kadry/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Changes one's own password (`POST account.password` → 204). The server ends the account's other
 * sessions and rotates this one, which also changes the page's CSRF token.
 */
async function changePassword(body: ChangePasswordBody): Promise<void> {
  await api.post(route('account.password'), body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
