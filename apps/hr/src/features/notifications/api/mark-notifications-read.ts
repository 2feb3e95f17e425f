import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

async function markNotificationsRead(): Promise<void> {
  await api.post(route('recruiting.notifications.read'), {});
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.setQueryData(['notifications', 'count'], 0),
  });
}
