import { route } from '@kadry/shared/routes';
import {
  type CorpEventInput,
  type CorpEventPeriod,
  corpEventResponseSchema,
  corpEventsResponseSchema,
  corpEventsWidgetResponseSchema,
} from '@kadry/shared/schemas/corp-events';
import { visibleTeamsResponseSchema } from '@kadry/shared/schemas/teams';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Corporate events' calls (issue 15): the lists of the screen, one event, saving and deleting, and
// the dashboard widget's upcoming events.

export const corpEventKeys = {
  all: ['corp-events'] as const,
  list: (query: CorpEventsListQuery) => ['corp-events', 'list', query] as const,
  one: (id: number) => ['corp-events', 'one', id] as const,
  upcoming: (limit: number) => ['corp-events', 'upcoming', limit] as const,
  teams: ['corp-events', 'teams'] as const,
};

export type CorpEventsListQuery = { period: CorpEventPeriod; month?: string; page: number; per_page: number };

/** `GET corpEvents.all`: upcoming, past, or a month's events. */
export function useCorpEvents(query: CorpEventsListQuery) {
  return useQuery({
    queryKey: corpEventKeys.list(query),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('corpEvents.all'), {
          params: query,
          schema: corpEventsResponseSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useCorpEvent(id: number) {
  return useQuery({
    queryKey: corpEventKeys.one(id),
    queryFn: async ({ signal }) =>
      (await api.get(route('corpEvents.one', id), { schema: corpEventResponseSchema, signal })).data.data,
  });
}

/** `dashboard.corpEvents`: the widget's upcoming events, `per_page` from its limit. */
export function useUpcomingCorpEvents(limit: number) {
  return useQuery({
    queryKey: corpEventKeys.upcoming(limit),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.corpEvents'), {
          params: { per_page: limit },
          schema: corpEventsWidgetResponseSchema,
          signal,
        })
      ).data,
  });
}

/** `POST corpEvents.all` (no id) or `PUT corpEvents.one`. */
export function useSaveCorpEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: CorpEventInput }) => {
      const options = { schema: corpEventResponseSchema };
      const answer =
        id === null
          ? await api.post(route('corpEvents.all'), input, options)
          : await api.put(route('corpEvents.one', id), input, options);
      return answer.data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: corpEventKeys.all }),
  });
}

export function useDeleteCorpEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('corpEvents.one', id));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: corpEventKeys.all }),
  });
}

/** The teams an audience can be chosen from: those the user sees (`dictionaries.visibleTeams`). */
export function useAudienceTeams({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: corpEventKeys.teams,
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dictionaries.visibleTeams', { mode: 'list' }), {
          schema: visibleTeamsResponseSchema,
          signal,
        })
      ).data.teams.map((team) => ({ id: team.id, name: team.name })),
  });
}
