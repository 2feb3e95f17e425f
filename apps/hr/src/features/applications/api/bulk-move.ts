import { route } from '@kadry/shared/routes';
import {
  type BulkMoveInput,
  type BulkMoveResponse,
  type BulkUndoResponse,
  bulkMoveResponseSchema,
  bulkUndoResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Bulk stage moves (issue 17) and their undo; both refresh every application list and board.

/** Moves a selection (ids, or every application matching a filter) to a stage. */
export function useBulkMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BulkMoveInput): Promise<BulkMoveResponse> =>
      (await api.post(route('recruiting.applications.bulkStage'), input, { schema: bulkMoveResponseSchema }))
        .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

/** Undoes a bulk move within its window (the server answers what became of each application). */
export function useUndoBulkMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (actionId: number): Promise<BulkUndoResponse> =>
      (
        await api.post(route('recruiting.bulkActions.undo', actionId), undefined, {
          schema: bulkUndoResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
