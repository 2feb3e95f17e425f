import { route } from '@kadry/shared/routes';
import {
  type SavedView,
  type SavedViewInput,
  savedViewListResponseSchema,
  savedViewResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The signed-in user's saved views of the candidates (issue 17).

const KEY = ['saved-views'] as const;

export function useSavedViews(enabled = true) {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) =>
      (await api.get(route('recruiting.savedViews'), { schema: savedViewListResponseSchema, signal })).data
        .data,
    enabled,
  });
}

/** Saves a new view (no id) or changes one (renamed, filters replaced). */
export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: SavedViewInput }): Promise<SavedView> =>
      id === null
        ? (await api.post(route('recruiting.savedViews'), input, { schema: savedViewResponseSchema })).data
            .data
        : (await api.put(route('recruiting.savedViews.one', id), input, { schema: savedViewResponseSchema }))
            .data.data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('recruiting.savedViews.one', id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
