import { route } from '@kadry/shared/routes';
import { notificationCountSchema } from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './list-notifications';

/** Marks the listed notifications read, or all of them without `ids`; answers the unread count. */
async function markNotificationsRead(ids?: readonly number[]): Promise<number> {
  const response = await api.post(route('recruiting.notifications.read'), ids ? { ids: [...ids] } : {}, {
    schema: notificationCountSchema,
  });
  return response.data.data.unread;
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly number[]) => markNotificationsRead(ids),
    onSuccess: async (unread) => {
      queryClient.setQueryData(notificationKeys.count, unread);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
