import { route } from '@kadry/shared/routes';
import { type Stage, type StagesInput, stagesResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Replaces a vacancy's pipeline with the whole ordered list (an update: PUT as POST + `_method`).
 * Stages with an id are renamed and moved, the others created; a missing stage is removed, and the
 * server refuses with 409 while candidates are in it.
 */
export async function saveStages(vacancyId: number, input: StagesInput): Promise<Stage[]> {
  const response = await api.put(route('recruiting.vacancies.stages', vacancyId), input, {
    schema: stagesResponseSchema,
  });
  return [...response.data.data].sort((a, b) => a.position - b.position);
}

export function useSaveStages(vacancyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StagesInput) => saveStages(vacancyId, input),
    onSuccess: (stages) => {
      queryClient.setQueryData(['stages', vacancyId], stages);
      // Applications carry their stage's name: lists, boards and cards read it again.
      return queryClient.invalidateQueries({ queryKey: ['applications'] });
    },
  });
}
