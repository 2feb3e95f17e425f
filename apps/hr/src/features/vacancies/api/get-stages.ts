import { route } from '@kadry/shared/routes';
import { type Stage, stagesResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A vacancy's pipeline stages, in board order. */
export async function getStages(vacancyId: number, signal?: AbortSignal): Promise<Stage[]> {
  const response = await api.get(route('recruiting.vacancies.stages', vacancyId), {
    schema: stagesResponseSchema,
    signal,
  });
  return [...response.data.data].sort((a, b) => a.position - b.position);
}

export function useStages(vacancyId: number | null) {
  return useQuery({
    queryKey: ['stages', vacancyId],
    queryFn: ({ signal }) => getStages(vacancyId as number, signal),
    enabled: vacancyId !== null,
  });
}
