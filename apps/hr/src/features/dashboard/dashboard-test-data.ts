import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import { type AbsenceRequest, absenceRequestSchema } from '@kadry/shared/schemas/absences';
import {
  type CompanyInfo,
  companyInfoSchema,
  type DashboardState,
  type DashboardWidget,
  dashboardStateSchema,
  readWidgetParams,
} from '@kadry/shared/schemas/dashboard';
import type { z } from 'zod';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';

// Wire answers for the dashboard's tests (imported by *.test.ts(x) files only), parsed with the schemas
// the server answers with. The signed-in user of render-app's page data is employee 7.

const viewOwn = {
  create: 'not_visible',
  update: 'not_visible',
  delete: 'not_visible',
  view: 'only_my',
  all: null,
} as const;

/** A staff member who sees their own dashboard, absences, people of their team and candidates. */
export const dashboardPermissions: UserPermissions = buildPermissions({
  Dashboard: { visibilitySettings: viewOwn, actions: [], fields_view: [] },
  AbsenceRequest: {
    visibilitySettings: { ...viewOwn, view: 'only_my_and_my_team' },
    actions: [],
    fields_view: [],
  },
  Employee: {
    visibilitySettings: { ...viewOwn, view: 'only_my_and_my_team' },
    actions: [],
    fields_view: ['field_birth_date', 'field_start_of_work', 'field_probation_period'],
  },
  Candidate: { visibilitySettings: setAllLevel('only_my'), actions: [], fields_view: [] },
});

/** The dashboard's state as `dashboard.widgets.all` carries it: the widgets (defaults filled). */
export function buildState(
  widgets: DashboardWidget[],
  overrides: Partial<Omit<DashboardState, 'widgets'>> & {
    params?: Partial<Record<DashboardWidget, object>>;
  } = {},
): DashboardState {
  const { params = {}, ...rest } = overrides;
  return dashboardStateSchema.parse({
    widgets: widgets.map((name) => ({ name, params: readWidgetParams(name, params[name] ?? {}) })),
    available: [
      'companyInfo',
      'absentToday',
      'requests',
      'absenceBalance',
      'birthdays',
      'workAnniversaries',
      'employeesOnProbation',
      'candidates',
    ],
    source: 'builtin',
    can_edit_default: false,
    ...rest,
  });
}

/** The answer of `dashboard.widgets.all`: the state as JSON text, itself sent as a JSON string. */
export function stateText(state: DashboardState): string {
  return JSON.stringify(state);
}

export function buildCompanyInfo(overrides: Partial<CompanyInfo> = {}): CompanyInfo {
  return companyInfoSchema.parse({
    name: 'Acme',
    logo_url: null,
    employees_count: 42,
    teams_count: 5,
    about: 'We make tools for HR.',
    can_edit_about: false,
    ...overrides,
  });
}

/** An absence request as the requests lists answer it (the user's own unless told). */
export function buildRequest(overrides: Partial<z.input<typeof absenceRequestSchema>> = {}): AbsenceRequest {
  return absenceRequestSchema.parse({
    id: 11,
    employee_id: 7,
    employee_name: 'Olena Owner',
    absence_type: 'vacation',
    date_from: '2031-06-02',
    date_to: '2031-06-05',
    half_day_start: false,
    half_day_end: false,
    hours: null,
    status: 'pending',
    days: 4,
    days_by_year: { 2031: 4 },
    comment: null,
    created_at: '2031-03-10T09:00:00.000Z',
    steps: [],
    files: [],
    can: { decide: false, cancel: true, revoke: false, update: false, delete: false },
    ...overrides,
  });
}
