import { LIST_PER_PAGE_MAX } from '@kadry/shared/constants';
import { route } from '@kadry/shared/routes';
import { applicationListResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Stage id → the number of the vacancy's candidates in it that the user may see. */
export type StageCounts = ReadonlyMap<number, number>;

async function fetchApplications(
  params: { vacancy_id: number; stage_id?: number; per_page: number },
  signal?: AbortSignal,
) {
  const response = await api.get(route('recruiting.applications'), {
    params: { page: 1, ...params },
    schema: applicationListResponseSchema,
    signal,
  });
  return response.data;
}

/**
 * Counts a vacancy's candidates per stage. Most vacancies fit in one page of the list, counted here;
 * a larger one asks for each stage's total instead (one small request per stage).
 */
export async function getStageCounts(
  vacancyId: number,
  stageIds: readonly number[],
  signal?: AbortSignal,
): Promise<StageCounts> {
  const first = await fetchApplications({ vacancy_id: vacancyId, per_page: LIST_PER_PAGE_MAX }, signal);
  const counts = new Map<number, number>(stageIds.map((id) => [id, 0]));
  if (first.meta.total <= first.data.length) {
    for (const application of first.data) {
      counts.set(application.stage.id, (counts.get(application.stage.id) ?? 0) + 1);
    }
    return counts;
  }
  const totals = await Promise.all(
    stageIds.map((stageId) =>
      fetchApplications({ vacancy_id: vacancyId, stage_id: stageId, per_page: 1 }, signal),
    ),
  );
  for (const [index, stageId] of stageIds.entries()) counts.set(stageId, totals[index]?.meta.total ?? 0);
  return counts;
}

export function useStageCounts(vacancyId: number, stageIds: readonly number[], enabled: boolean) {
  return useQuery({
    // Under 'applications', so moving a candidate (which invalidates that key) refreshes the counts.
    queryKey: ['applications', 'stage-counts', vacancyId, stageIds],
    queryFn: ({ signal }) => getStageCounts(vacancyId, stageIds, signal),
    enabled,
  });
}
