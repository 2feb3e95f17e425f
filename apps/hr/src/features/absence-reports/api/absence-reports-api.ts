import { route } from '@kadry/shared/routes';
import {
  absenceFeedResponseSchema,
  absenceFeedsResponseSchema,
  type CreateAbsenceFeedBody,
  createdAbsenceFeedResponseSchema,
  hrReportResponseSchema,
  type REPORT_GROUPINGS,
  type REPORT_PERIODS,
  reportModalResponseSchema,
  timelineImportResponseSchema,
  timelineResponseSchema,
} from '@kadry/shared/schemas/absence-reports';
import { type AbsenceTypeCode, absenceTypesResponseSchema } from '@kadry/shared/schemas/absences';
import { visibleTeamsResponseSchema } from '@kadry/shared/schemas/teams';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The calls of the absence reports screens: the timeline, the HR report, a person's report, the
// timeline import, iCal feeds; exports are plain downloads (links).

/** What the timeline asks for (months as YYYY-MM). */
export type TimelineQuery = {
  from: string;
  to: string;
  team_id?: number;
  type_codes?: AbsenceTypeCode[];
  page: number;
  per_page: number;
};

/** What the HR report asks for. */
export type HrReportQuery = {
  period: (typeof REPORT_PERIODS)[number];
  year: number;
  month?: number;
  team_id?: number;
  group_by: (typeof REPORT_GROUPINGS)[number];
};

export const absenceReportKeys = {
  all: ['absence-reports'] as const,
  types: ['absence-reports', 'types'] as const,
  teams: ['absence-reports', 'teams'] as const,
  timeline: (query: TimelineQuery) => ['absence-reports', 'timeline', query] as const,
  report: (query: HrReportQuery) => ['absence-reports', 'report', query] as const,
  person: (id: number, year: number) => ['absence-reports', 'person', id, year] as const,
  feeds: ['absence-reports', 'feeds'] as const,
};

/** The company's absence types (names, colours, units), for legends and filters. */
export function useAbsenceTypes() {
  return useQuery({
    queryKey: absenceReportKeys.types,
    queryFn: async ({ signal }) =>
      (await api.get(route('absences.types'), { schema: absenceTypesResponseSchema, signal })).data.data,
    staleTime: 5 * 60_000,
  });
}

/** The teams the user sees, flat and by name, for the team filter. */
export function useVisibleTeams() {
  return useQuery({
    queryKey: absenceReportKeys.teams,
    queryFn: async ({ signal }) => {
      const answer = await api.get(route('dictionaries.visibleTeams', { mode: 'list' }), {
        schema: visibleTeamsResponseSchema,
        signal,
      });
      return answer.data.teams.map((team) => ({ id: team.id, name: team.name }));
    },
    staleTime: 5 * 60_000,
  });
}

export function useTimeline(query: TimelineQuery) {
  return useQuery({
    queryKey: absenceReportKeys.timeline(query),
    queryFn: async ({ signal }) =>
      (await api.get(route('absences.timeline', query), { schema: timelineResponseSchema, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useHrReport(query: HrReportQuery) {
  return useQuery({
    queryKey: absenceReportKeys.report(query),
    queryFn: async ({ signal }) =>
      (await api.get(route('absences.report', query), { schema: hrReportResponseSchema, signal })).data.data,
    placeholderData: keepPreviousData,
  });
}

/** A person's absences and balances of a year (`dashboard.absence.reportModal`). */
export function usePersonReport(peopleId: number, year: number) {
  return useQuery({
    queryKey: absenceReportKeys.person(peopleId, year),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.absence.reportModal', { people_id: peopleId, year }), {
          schema: reportModalResponseSchema,
          signal,
        })
      ).data.data,
  });
}

/** The timeline import: a dry run (nothing written) or the import itself (all rows or none). */
export function useTimelineImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (
        await api.post(route('absences.timeline.import', dryRun ? { dry_run: 'true' } : {}), form, {
          schema: timelineImportResponseSchema,
        })
      ).data.data;
    },
    onSuccess: async (result) => {
      if (!result.dry_run) await queryClient.invalidateQueries({ queryKey: absenceReportKeys.all });
    },
  });
}

export function useFeeds() {
  return useQuery({
    queryKey: absenceReportKeys.feeds,
    queryFn: async ({ signal }) =>
      (await api.get(route('absences.feeds'), { schema: absenceFeedsResponseSchema, signal })).data.data,
  });
}

export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAbsenceFeedBody) =>
      (await api.post(route('absences.feeds'), body, { schema: createdAbsenceFeedResponseSchema })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: absenceReportKeys.feeds }),
  });
}

export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post(route('absences.feeds.revoke', id), {}, { schema: absenceFeedResponseSchema })).data
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: absenceReportKeys.feeds }),
  });
}
