import { route } from '@kadry/shared/routes';
import { notificationCountSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './list-notifications';

/** How often the top bar asks for the unread count. */
const NOTIFICATION_POLL_MS = 60_000;

async function getNotificationCount(signal?: AbortSignal): Promise<number> {
  const response = await api.get(route('recruiting.notifications.count'), {
    schema: notificationCountSchema,
    signal,
  });
  return response.data.data.unread;
}

export function useNotificationCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: ({ signal }) => getNotificationCount(signal),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}
