import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Moves an application to another stage of its vacancy (an update: PUT as POST + `_method`). */
export async function moveApplication(id: number, stageId: number): Promise<void> {
  await api.put(route('recruiting.applications.stage', id), { stage_id: stageId });
}

export function useMoveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stageId }: { id: number; stageId: number }) => moveApplication(id, stageId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
