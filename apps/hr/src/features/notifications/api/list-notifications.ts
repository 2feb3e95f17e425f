import { route } from '@kadry/shared/routes';
import { notificationsResponseSchema } from '@kadry/shared/schemas/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How many notifications the panel shows at first, and adds with each "show more". */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  list: ['notifications', 'list'] as const,
};

/** `GET recruiting.notifications`: the user's notifications, newest first, a page at a time. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    enabled,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get(route('recruiting.notifications'), {
          params: { page: pageParam, per_page: NOTIFICATIONS_PAGE_SIZE },
          schema: notificationsResponseSchema,
          signal,
        })
      ).data,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
}
