import { route } from '@kadry/shared/routes';
import type { UpdateAccountBody } from '@kadry/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from './get-account';

/** Changes one's own name, language or time zone (`PUT account.profile`, sent as POST with `_method=PUT`). */
async function updateAccount(body: UpdateAccountBody): Promise<void> {
  // The answer is not needed: the account is read again, and a new language needs a page load anyway.
  await api.put(route('account.profile'), body);
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
