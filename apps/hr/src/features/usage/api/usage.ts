import { route } from '@kadry/shared/routes';
import { type UsageInterval, usageResponseSchema } from '@kadry/shared/schemas/analytics';
import { dropEmptyParams } from '@kadry/shared/wire/non-empty-params';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The usage page's period: the bucket size and, when chosen, its first and last day. */
export type UsageFilter = { interval: UsageInterval; from: string; to: string };

export function usageParams(filter: UsageFilter) {
  return dropEmptyParams({ interval: filter.interval, from: filter.from, to: filter.to });
}

/** `GET analytics.usage` (owners): each event's counts per day or week. */
export function useUsage(filter: UsageFilter) {
  const params = usageParams(filter);
  return useQuery({
    queryKey: ['usage', params],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get(route('analytics.usage'), { params, schema: usageResponseSchema, signal })).data.data,
  });
}
