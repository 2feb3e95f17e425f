import { route } from '@kadry/shared/routes';
import { loginAsActionsResponseSchema } from '@kadry/shared/schemas/employee-access';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { employeeQueryKey } from './get-employee';

/**
 * One page of what was done while logged in as the employee (`GET loginAs.actions`, decision 016
 * addendum), newest first. Only for holders of the Employee login_as action (403 otherwise).
 */
export async function getLoginAsActions(employeeId: number, page: number, signal?: AbortSignal) {
  const response = await api.get(route('loginAs.actions'), {
    params: { employee_id: employeeId, page },
    schema: loginAsActionsResponseSchema,
    signal,
  });
  return response.data;
}

export function useLoginAsActions(employeeId: number, page: number) {
  return useQuery({
    queryKey: [...employeeQueryKey(employeeId), 'login-as-actions', page],
    queryFn: ({ signal }) => getLoginAsActions(employeeId, page, signal),
    placeholderData: keepPreviousData,
  });
}
