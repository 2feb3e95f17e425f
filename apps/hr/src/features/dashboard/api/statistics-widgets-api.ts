import { route } from '@kadry/shared/routes';
import {
  type DashboardState,
  type WidgetParams,
  widgetParamsResponseSchema,
} from '@kadry/shared/schemas/dashboard';
import { administrationsResponseSchema } from '@kadry/shared/schemas/dashboard-administration';
import { employeePicksResponseSchema } from '@kadry/shared/schemas/employees';
import { childrenStatisticsResponseSchema } from '@kadry/shared/schemas/statistics';
import { dropEmptyParams } from '@kadry/shared/wire/non-empty-params';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-api';

// The calls of the children statistics and administration widgets (issue 15).

/** `statistics.children` for the widget: only the counts (one row of the list is enough). */
export function useChildrenCounts(params: WidgetParams<'childrenStatistics'>) {
  const query = dropEmptyParams({ team_ids: params.team_ids, per_page: 1 });
  return useQuery({
    queryKey: dashboardKeys.widget('childrenStatistics', query),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('statistics.children'), {
          params: query,
          schema: childrenStatisticsResponseSchema,
          signal,
        })
      ).data.summary,
  });
}

/** `dashboard.administrations` with the followed `account_ids` (none: nothing to ask). */
export function useFollowedAccounts(accountIds: readonly number[]) {
  return useQuery({
    queryKey: dashboardKeys.widget('administration', accountIds),
    queryFn: async ({ signal }) =>
      accountIds.length === 0
        ? []
        : (
            await api.get(route('dashboard.administrations'), {
              params: { account_ids: accountIds },
              schema: administrationsResponseSchema,
              signal,
            })
          ).data.data,
  });
}

/** `employee.all` for the account picker: the employees who have an account. */
export function useAccountOptions({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: ['dashboard', 'account-options'],
    enabled: isEnabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('employee.all'), { schema: employeePicksResponseSchema, signal })
      ).data.data.flatMap((pick) =>
        typeof pick.account_id === 'number' ? [{ accountId: pick.account_id, name: pick.name }] : [],
      ),
  });
}

/**
 * The accounts the administration widget follows, saved through `dashboard.widgets.params` with
 * `account_ids` as the extra field (spec §3.2, §7.2).
 */
export function useSaveFollowedAccounts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (accountIds: number[]) =>
      (
        await api.post(
          route('dashboard.widgets.params'),
          { widget_name: 'administration', account_ids: accountIds },
          { schema: widgetParamsResponseSchema },
        )
      ).data.data,
    onSuccess: (saved) => {
      client.setQueryData<DashboardState>(dashboardKeys.state, (state) =>
        state
          ? {
              ...state,
              source: 'own',
              widgets: state.widgets.map((item) =>
                item.name === saved.widget_name ? { ...item, params: saved.params } : item,
              ),
            }
          : state,
      );
    },
  });
}
