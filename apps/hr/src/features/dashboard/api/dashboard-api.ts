import { route } from '@kadry/shared/routes';
import { absenceReportResponseSchema, flattenReportMonths } from '@kadry/shared/schemas/absence-reports';
import {
  absenceBalanceResponseSchema,
  absenceFilterResponseSchema,
  absenceListResponseSchema,
  absenceRequestsResponseSchema,
  absentTodayResponseSchema,
  absentTodayTotalResponseSchema,
} from '@kadry/shared/schemas/absences';
import {
  aboutCompanyResponseSchema,
  birthdaysResponseSchema,
  companyInfoResponseSchema,
  type DashboardState,
  type DashboardWidget,
  dashboardWidgetsTextSchema,
  defaultLayoutResponseSchema,
  myCandidatesResponseSchema,
  parseDashboardState,
  type WidgetParams,
  widgetParamsResponseSchema,
  workAnniversariesResponseSchema,
} from '@kadry/shared/schemas/dashboard';
import { employeeRefsResponseSchema, employeesResponseSchema } from '@kadry/shared/schemas/employees';
import { visibleTeamsResponseSchema } from '@kadry/shared/schemas/teams';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The dashboard's calls (issue 15): the layout and its parameters, and each widget's data. The absence
// widgets read the absences module's dashboard routes; probation reads `employee.probation`.

export const dashboardKeys = {
  all: ['dashboard'] as const,
  state: ['dashboard', 'state'] as const,
  widget: (name: DashboardWidget, params: unknown) => ['dashboard', 'widget', name, params] as const,
  companyInfo: ['dashboard', 'company-info'] as const,
  teams: ['dashboard', 'teams'] as const,
  people: ['dashboard', 'people'] as const,
};

/** `dashboard.widgets.all`: a JSON string whose text is the dashboard's state (spec §7.2). */
export function useDashboardState() {
  return useQuery({
    queryKey: dashboardKeys.state,
    queryFn: async ({ signal }) => {
      const answer = await api.get(route('dashboard.widgets.all'), {
        schema: dashboardWidgetsTextSchema,
        signal,
      });
      return parseDashboardState(answer.data);
    },
  });
}

/**
 * `PUT dashboard.layouts.current`: the widgets in their new order. The screen shows the change at once
 * and goes back to the saved state if the server refuses.
 */
export function useSaveLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (widgets: DashboardWidget[]) => {
      await api.put(route('dashboard.layouts.current'), { widgets });
    },
    onMutate: async (widgets) => {
      await client.cancelQueries({ queryKey: dashboardKeys.state });
      const before = client.getQueryData<DashboardState>(dashboardKeys.state);
      if (before) {
        const paramsOf = new Map(before.widgets.map((widget) => [widget.name, widget.params]));
        client.setQueryData<DashboardState>(dashboardKeys.state, {
          ...before,
          source: 'own',
          widgets: widgets.map((name) => ({ name, params: paramsOf.get(name) ?? {} })),
        });
      }
      return { before };
    },
    onError: (_error, _widgets, context) => {
      if (context?.before) client.setQueryData(dashboardKeys.state, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKeys.state }),
  });
}

/** `DELETE dashboard.layouts.current`: back to the company default. */
export function useResetLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(route('dashboard.layouts.current'));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.state }),
  });
}

/** `PUT dashboard.layouts.default`: the user's current widgets and parameters become the company's. */
export function useSaveAsDefault() {
  return useMutation({
    mutationFn: async (state: DashboardState) =>
      (
        await api.put(
          route('dashboard.layouts.default'),
          { widgets: state.widgets.map((widget) => ({ name: widget.name, params: widget.params })) },
          { schema: defaultLayoutResponseSchema },
        )
      ).data.data,
  });
}

/** The widgets whose parameters are merged (`dashboard.widgets.params`): those with a type filter. */
const MERGED_PARAMS_WIDGETS: readonly DashboardWidget[] = ['absentToday', 'absences'];

/**
 * A widget's parameters saved: `dashboard.layouts.current.params` replaces them (spec §7.2: the
 * probation widget's limit), `dashboard.widgets.params` merges (absentToday's and absences' filter).
 */
export function useSaveWidgetParams(widget: DashboardWidget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (params: Record<string, unknown>) => {
      const body = { widget_name: widget, params: JSON.stringify(params) };
      const options = { schema: widgetParamsResponseSchema };
      const answer = MERGED_PARAMS_WIDGETS.includes(widget)
        ? await api.post(route('dashboard.widgets.params'), body, options)
        : await api.post(route('dashboard.layouts.current.params'), body, options);
      return answer.data.data;
    },
    onSuccess: (saved) => {
      client.setQueryData<DashboardState>(dashboardKeys.state, (state) =>
        state
          ? {
              ...state,
              source: 'own',
              widgets: state.widgets.map((item) =>
                item.name === saved.widget_name ? { ...item, params: saved.params } : item,
              ),
            }
          : state,
      );
    },
  });
}

export function useCompanyInfo() {
  return useQuery({
    queryKey: dashboardKeys.companyInfo,
    queryFn: async ({ signal }) =>
      (await api.get(route('dashboard.companyInfo'), { schema: companyInfoResponseSchema, signal })).data
        .data,
  });
}

export function useSaveAbout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (about: string) =>
      (await api.put(route('dashboard.aboutCompany'), { about }, { schema: aboutCompanyResponseSchema })).data
        .data,
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.companyInfo }),
  });
}

type UpcomingParams = WidgetParams<'birthdays'>;

export function useBirthdays(params: UpcomingParams) {
  return useQuery({
    queryKey: dashboardKeys.widget('birthdays', params),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.birthdays.list'), {
          params: { per_page: params.limit, days: params.days, team_ids: params.team_ids },
          schema: birthdaysResponseSchema,
          signal,
        })
      ).data,
  });
}

export function useWorkAnniversaries(params: UpcomingParams) {
  return useQuery({
    queryKey: dashboardKeys.widget('workAnniversaries', params),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.importantDate'), {
          params: { per_page: params.limit, days: params.days, team_ids: params.team_ids },
          schema: workAnniversariesResponseSchema,
          signal,
        })
      ).data,
  });
}

/** `employee.probation`: per_page from the widget's limit, plus its team filter (spec §7.2). */
export function useProbation(params: WidgetParams<'employeesOnProbation'>) {
  return useQuery({
    queryKey: dashboardKeys.widget('employeesOnProbation', params),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('employee.probation'), {
          params: { per_page: params.limit, team_ids: params.team_ids },
          schema: employeesResponseSchema.pick({ data: true }),
          signal,
        })
      ).data.data,
  });
}

/** `dashboard.absentToday.list` and `.total`: page 1, per_page from the limit, the type filter. */
export function useAbsentToday(params: WidgetParams<'absentToday'>) {
  return useQuery({
    queryKey: dashboardKeys.widget('absentToday', params),
    queryFn: async ({ signal }) => {
      const filter = { absence_type: params.absence_type };
      const [list, total] = await Promise.all([
        api.get(route('dashboard.absentToday.list'), {
          params: { page: 1, per_page: params.limit, ...filter },
          schema: absentTodayResponseSchema,
          signal,
        }),
        api.get(route('dashboard.absentToday.total'), {
          params: filter,
          schema: absentTodayTotalResponseSchema,
          signal,
        }),
      ]);
      return { rows: list.data.data, total: total.data.data.total };
    },
  });
}

export function useOwnBalance() {
  return useQuery({
    queryKey: dashboardKeys.widget('absenceBalance', null),
    queryFn: async ({ signal }) =>
      (await api.get(route('dashboard.balance.absence'), { schema: absenceBalanceResponseSchema, signal }))
        .data.data,
  });
}

/**
 * `dashboard.balance.absenceReport` for the user (`current`), this year: per type with absences, its
 * months merged over the type's absences, each flattened to title plus days (spec §3.2). Pending
 * absences count as the report counts them. Asked once the view is opened (the component mounts).
 */
export function useOwnAbsenceReport() {
  return useQuery({
    queryKey: ['dashboard', 'absence-report', 'current'] as const,
    queryFn: async ({ signal }) => {
      const answer = await api.get(route('dashboard.balance.absenceReport', { id: 'current' }), {
        schema: absenceReportResponseSchema,
        signal,
      });
      const { data, meta } = answer.data;
      const types = Object.values(data).flatMap((group) => {
        const byTitle = new Map<string, { date: string; amount: number }[]>();
        for (const entry of group.absence_data) {
          for (const month of flattenReportMonths(entry.months)) {
            byTitle.set(month.title, [...(byTitle.get(month.title) ?? []), ...month.days]);
          }
        }
        const months = [...byTitle]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([title, days]) => ({
            title,
            days: [...days].sort((a, b) => a.date.localeCompare(b.date)),
            amount: days.reduce((sum, day) => sum + day.amount, 0),
          }));
        return months.length > 0 ? [{ absence_type: group.absence_type, unit: group.unit, months }] : [];
      });
      return { year: meta.year, types };
    },
  });
}

/**
 * `dashboard.absence.list` (spec §7.2: page, per_page from the limit, absence_type from the filter);
 * the page before stays on screen while the next loads.
 */
export function useAbsenceList(params: WidgetParams<'absences'>, page: number) {
  return useQuery({
    queryKey: [...dashboardKeys.widget('absences', params), page] as const,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.absence.list'), {
          params: { page, per_page: params.limit, absence_type: params.absence_type },
          schema: absenceListResponseSchema,
          signal,
        })
      ).data,
  });
}

/** `dashboard.absence.filter`: the types with their totals, sorted by total descending (spec §7.2). */
export function useAbsenceFilter() {
  return useQuery({
    queryKey: ['dashboard', 'absence-filter'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.absence.filter'), { schema: absenceFilterResponseSchema, signal })
      ).data.data.toSorted((a, b) => b.total - a.total),
  });
}

/** `dashboard.requests.my` or `.all` (with the employee and team filters), newest first. */
export function useRequests(params: WidgetParams<'requests'>) {
  return useQuery({
    queryKey: dashboardKeys.widget('requests', params),
    queryFn: async ({ signal }) => {
      const common = { page: 1, per_page: params.limit, status: params.status };
      const answer =
        params.scope === 'all'
          ? await api.get(route('dashboard.requests.all'), {
              params: { ...common, employee_id: params.employee_id, team_id: params.team_id },
              schema: absenceRequestsResponseSchema,
              signal,
            })
          : await api.get(route('dashboard.requests.my'), {
              params: common,
              schema: absenceRequestsResponseSchema,
              signal,
            });
      return answer.data;
    },
  });
}

export function useMyCandidates(params: WidgetParams<'candidates'>) {
  return useQuery({
    queryKey: dashboardKeys.widget('candidates', params),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('employee.candidates'), {
          params: { per_page: params.limit },
          schema: myCandidatesResponseSchema,
          signal,
        })
      ).data,
  });
}

/** The teams the user sees (`dictionaries.visibleTeams`, sorted by name), for the team filters. */
export function useVisibleTeams({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: dashboardKeys.teams,
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

/** Every visible employee (`employee.all`), for the requests widget's employee filter. */
export function useEmployeeOptions({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: dashboardKeys.people,
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (await api.get(route('employee.all'), { schema: employeeRefsResponseSchema, signal })).data.data,
  });
}
