import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Moves an application to another stage of its vacancy (an update: PUT as POST + `_method`). */
export async function moveApplication(id: number, stageId: number): Promise<void> {
  await api.put(route('recruiting.applications.stage', id), { stage_id: stageId });
}

const MOVE_KEY = ['applications', 'move'] as const;

/**
 * The move. Offline, TanStack Query holds it until the connection is back (`isPaused`): the screen says
 * it is waiting and `cancelWaiting` drops it, so it never applies later behind the user's back.
 */
export function useMoveApplication() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: MOVE_KEY,
    mutationFn: ({ id, stageId }: { id: number; stageId: number }) => moveApplication(id, stageId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
  const cancelWaiting = () => {
    const cache = queryClient.getMutationCache();
    for (const waiting of cache.findAll({ mutationKey: MOVE_KEY, predicate: (m) => m.state.isPaused })) {
      cache.remove(waiting);
    }
    mutation.reset();
  };
  return { ...mutation, cancelWaiting };
}
