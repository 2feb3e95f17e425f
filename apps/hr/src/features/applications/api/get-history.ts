import { route } from '@kadry/shared/routes';
import { type HistoryFilter, historyResponseSchema } from '@kadry/shared/schemas/recruiting-mail';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** An application's activity history, newest first; `kind` keeps one kind of entry. */
export function useHistory(applicationId: number, kind: HistoryFilter | undefined) {
  return useQuery({
    queryKey: ['applications', 'history', applicationId, kind ?? 'all'],
    queryFn: async ({ signal }) =>
      (
        await api.get(route('recruiting.applications.history', { id: applicationId, kind }), {
          schema: historyResponseSchema,
          signal,
        })
      ).data.data,
  });
}
