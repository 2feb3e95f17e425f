import { route } from '@kadry/shared/routes';
import { type Account, accountResponseSchema } from '@kadry/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const ACCOUNT_QUERY_KEY = ['account'] as const;

/** The signed-in person's own account (`GET account.profile`). */
async function getAccount(signal?: AbortSignal): Promise<Account> {
  const response = await api.get(route('account.profile'), { schema: accountResponseSchema, signal });
  return response.data.data;
}

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: ({ signal }) => getAccount(signal) });
}
