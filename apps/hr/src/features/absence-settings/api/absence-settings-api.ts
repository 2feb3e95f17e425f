import { route } from '@kadry/shared/routes';
import {
  type AbsencePolicy,
  absencePoliciesResponseSchema,
  absencePolicyResponseSchema,
  type CalendarAssignmentsBody,
  type CalendarDay,
  type CalendarDayBody,
  type CreateAbsencePolicyBody,
  calendarDayResponseSchema,
  calendarDaysResponseSchema,
  type EditableAbsenceType,
  editableAbsenceTypeResponseSchema,
  editableAbsenceTypesResponseSchema,
  holidayCountriesResponseSchema,
  type ImportHolidaysBody,
  type ImportHolidaysResult,
  importHolidaysResponseSchema,
  type UpdateAbsencePolicyBody,
  type UpdateAbsenceTypeBody,
  type WorkCalendar,
  type WorkCalendarBody,
  type WorkCalendarDetail,
  workCalendarResponseSchema,
  workCalendarsResponseSchema,
} from '@kadry/shared/schemas/absence-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The absence settings screen's calls (schemas/absence-settings.ts): types, policies, work calendars
// with their days, holiday imports and assignments. Every change refreshes what it touched.

export const absenceSettingsKeys = {
  all: ['absence-settings'] as const,
  types: ['absence-settings', 'types'] as const,
  policies: ['absence-settings', 'policies'] as const,
  calendars: ['absence-settings', 'calendars'] as const,
  calendar: (id: number) => ['absence-settings', 'calendars', id] as const,
  days: (id: number, year: number) => ['absence-settings', 'calendars', id, 'days', year] as const,
  countries: ['absence-settings', 'countries'] as const,
};

// Types -----------------------------------------------------------------------------------------

export function useAbsenceTypeSettings() {
  return useQuery({
    queryKey: absenceSettingsKeys.types,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('absences.settings.types'), {
          schema: editableAbsenceTypesResponseSchema,
          signal,
        })
      ).data.data,
  });
}

export function useUpdateAbsenceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number;
      body: UpdateAbsenceTypeBody;
    }): Promise<EditableAbsenceType> =>
      (
        await api.put(route('absences.settings.type', id), body, {
          schema: editableAbsenceTypeResponseSchema,
        })
      ).data.data,
    onSuccess: (type) => {
      queryClient.setQueryData<EditableAbsenceType[]>(absenceSettingsKeys.types, (types) =>
        types?.map((item) => (item.id === type.id ? type : item)),
      );
    },
  });
}

// Policies --------------------------------------------------------------------------------------

export function useAbsencePolicies() {
  return useQuery({
    queryKey: absenceSettingsKeys.policies,
    queryFn: async ({ signal }) =>
      (await api.get(route('absences.settings.policies'), { schema: absencePoliciesResponseSchema, signal }))
        .data.data,
  });
}

export type PolicySave =
  | { kind: 'create'; body: CreateAbsencePolicyBody }
  | { kind: 'update'; id: number; body: UpdateAbsencePolicyBody };

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: PolicySave): Promise<AbsencePolicy> => {
      const response =
        save.kind === 'create'
          ? await api.post(route('absences.settings.policies'), save.body, {
              schema: absencePolicyResponseSchema,
            })
          : await api.put(route('absences.settings.policy', save.id), save.body, {
              schema: absencePolicyResponseSchema,
            });
      return response.data.data;
    },
    // Saving one policy may unmark another's default or take its assignments: reload them all.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: absenceSettingsKeys.policies }),
  });
}

export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('absences.settings.policy', id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: absenceSettingsKeys.policies }),
  });
}

// Work calendars --------------------------------------------------------------------------------

export function useWorkCalendars() {
  return useQuery({
    queryKey: absenceSettingsKeys.calendars,
    queryFn: async ({ signal }): Promise<WorkCalendar[]> =>
      (await api.get(route('absences.settings.calendars'), { schema: workCalendarsResponseSchema, signal }))
        .data.data,
  });
}

export function useWorkCalendar(id: number) {
  return useQuery({
    queryKey: absenceSettingsKeys.calendar(id),
    queryFn: async ({ signal }): Promise<WorkCalendarDetail> =>
      (await api.get(route('absences.settings.calendar', id), { schema: workCalendarResponseSchema, signal }))
        .data.data,
  });
}

function useCalendarChanged() {
  const queryClient = useQueryClient();
  return (calendar: WorkCalendarDetail) => {
    queryClient.setQueryData(absenceSettingsKeys.calendar(calendar.id), calendar);
    // The list shows every calendar's default flag and head count.
    return queryClient.invalidateQueries({ queryKey: absenceSettingsKeys.calendars, exact: true });
  };
}

export type CalendarSave =
  | { kind: 'create'; body: WorkCalendarBody }
  | { kind: 'update'; id: number; body: WorkCalendarBody };

export function useSaveCalendar() {
  const changed = useCalendarChanged();
  return useMutation({
    mutationFn: async (save: CalendarSave): Promise<WorkCalendarDetail> => {
      const response =
        save.kind === 'create'
          ? await api.post(route('absences.settings.calendars'), save.body, {
              schema: workCalendarResponseSchema,
            })
          : await api.put(route('absences.settings.calendar', save.id), save.body, {
              schema: workCalendarResponseSchema,
            });
      return response.data.data;
    },
    onSuccess: changed,
  });
}

export function useDeleteCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('absences.settings.calendar', id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: absenceSettingsKeys.calendars }),
  });
}

export function useSetCalendarAssignments(id: number) {
  const changed = useCalendarChanged();
  return useMutation({
    mutationFn: async (body: CalendarAssignmentsBody): Promise<WorkCalendarDetail> =>
      (
        await api.put(route('absences.settings.calendar.assignments', id), body, {
          schema: workCalendarResponseSchema,
        })
      ).data.data,
    onSuccess: changed,
  });
}

export function useCalendarDays(id: number, year: number) {
  return useQuery({
    queryKey: absenceSettingsKeys.days(id, year),
    queryFn: async ({ signal }): Promise<CalendarDay[]> =>
      (
        await api.get(route('absences.settings.calendar.days', { id, year }), {
          schema: calendarDaysResponseSchema,
          signal,
        })
      ).data.data,
  });
}

export type DayChange =
  | { kind: 'create'; body: CalendarDayBody }
  | { kind: 'update'; dayId: number; body: CalendarDayBody }
  | { kind: 'delete'; dayId: number };

export function useChangeCalendarDay(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: DayChange): Promise<void> => {
      if (change.kind === 'create') {
        await api.post(route('absences.settings.calendar.days', id), change.body, {
          schema: calendarDayResponseSchema,
        });
      } else if (change.kind === 'update') {
        await api.put(route('absences.settings.calendar.day', { id, day_id: change.dayId }), change.body, {
          schema: calendarDayResponseSchema,
        });
      } else {
        await api.delete(route('absences.settings.calendar.day', { id, day_id: change.dayId }));
      }
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...absenceSettingsKeys.calendar(id), 'days'] }),
  });
}

export function useImportHolidays(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ImportHolidaysBody): Promise<ImportHolidaysResult> =>
      (
        await api.post(route('absences.settings.calendar.importHolidays', id), body, {
          schema: importHolidaysResponseSchema,
        })
      ).data.data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...absenceSettingsKeys.calendar(id), 'days'] }),
  });
}

export function useHolidayCountries() {
  return useQuery({
    queryKey: absenceSettingsKeys.countries,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('absences.settings.holidayCountries'), {
          schema: holidayCountriesResponseSchema,
          signal,
        })
      ).data.data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
