import { type AppModule, isModuleUnlocked } from '@kadry/shared/plans';
import { APPROVAL_ACTION_OF_TYPE } from '@kadry/shared/schemas/absences';
import type { Permissions } from './permissions/use-permissions';

/** The screens of the app's navigation: each needs its plan module and a permission. */
export type Screen =
  | 'dashboard'
  | 'sections'
  | 'vacancies'
  | 'candidates'
  | 'forms'
  | 'careersSettings'
  | 'teams'
  | 'roles'
  | 'staff'
  | 'employees'
  | 'employeeCreate'
  | 'employeeFields'
  | 'dictionaries'
  | 'mailTemplates'
  | 'pipelineTemplates'
  | 'tags'
  | 'integrations'
  | 'absenceTimeline'
  | 'absenceReport'
  | 'absenceFeeds'
  | 'absenceSettings'
  | 'absences'
  | 'absenceRequests'
  | 'interviews'
  | 'tasks'
  | 'corpEvents'
  | 'questions'
  | 'actionTemplates'
  | 'childrenStatistics'
  | 'usage';

const SCREEN_MODULE: Record<Screen, AppModule> = {
  // The home page (issue 15) and the list of every section the user opens: no plan of their own.
  dashboard: 'dashboard',
  sections: 'dashboard',
  vacancies: 'vacancies',
  candidates: 'candidates',
  forms: 'application_forms',
  careersSettings: 'careers_site',
  teams: 'teams',
  // Roles have no plan of their own: every company administers who may do what.
  roles: 'settings',
  // Staff accounts likewise: every company has people to let in and out.
  staff: 'settings',
  employees: 'employees',
  employeeCreate: 'employees',
  employeeFields: 'employees',
  // Dictionaries belong to no plan: every company names its own statuses, reasons and types.
  dictionaries: 'settings',
  // Candidate mail belongs with the candidates (issue 17).
  mailTemplates: 'candidates',
  // Pipeline templates (issue 17) are the vacancies' stages.
  pipelineTemplates: 'vacancies',
  // Candidate tags (issue 17) belong with the candidates too.
  tags: 'candidates',
  // API tokens and webhooks belong to no plan: every company may connect its other systems.
  integrations: 'settings',
  absenceTimeline: 'timeline',
  absenceReport: 'timeline',
  absenceFeeds: 'absences',
  absenceSettings: 'absences',
  absences: 'absences',
  absenceRequests: 'absences',
  // An interview (issue 17): its interviewers open it whatever their role; the server decides.
  interviews: 'candidates',
  // Tasks (issue 15): the HRM plan's tasks module.
  tasks: 'tasks',
  // Corporate events (issue 15) with their plan module; questions to HR belong to the dashboard.
  corpEvents: 'corp_events',
  questions: 'dashboard',
  // HR action templates (issue 15) shape the people's checklist: the employees module.
  actionTemplates: 'employees',
  // Children statistics (issue 15): the HRM plan's statistics module.
  childrenStatistics: 'statistics',
  // Feature usage (analytics) belongs to no plan: every company's owner may read it.
  usage: 'settings',
};

/** The management tab of absences: `management_tab` or any approval action (absences.service.ts too). */
export function canManageAbsences(permissions: Permissions): boolean {
  return (
    permissions.canDo('AbsenceRequest', 'management_tab') ||
    Object.values(APPROVAL_ACTION_OF_TYPE).some((action) => permissions.canDo('AbsenceRequest', action))
  );
}

/** Whether the user sees a screen: its module is in the company's plan and the role allows it. */
export function canOpenScreen(screen: Screen, tariffs: readonly string[], permissions: Permissions): boolean {
  if (!isModuleUnlocked(tariffs, SCREEN_MODULE[screen])) return false;
  switch (screen) {
    // The dashboard: the Dashboard view, as on the server (its widgets decide the rest). The list of
    // sections is the home page of whoever has no dashboard, so it needs a link only beside one.
    case 'dashboard':
    case 'sections':
      return permissions.can('Dashboard', 'view');
    // The timeline and the HR report: the Timeline action absence_report_view, as on the server.
    case 'absenceTimeline':
    case 'absenceReport':
      return permissions.canDo('Timeline', 'absence_report_view');
    // Calendar feeds: whoever sees absences (their own at least).
    case 'absenceFeeds':
      return permissions.can('AbsenceRequest', 'view');
    // My absences: whoever may see or request their own.
    case 'absences':
      return permissions.can('AbsenceRequest', 'view') || permissions.can('AbsenceRequest', 'create');
    // The management tab: the named action, or any approval action (as on the server).
    case 'absenceRequests':
      return canManageAbsences(permissions);
    // Tasks: the Employee.Tasks view, as on the server (one's own tasks at least).
    case 'tasks':
      return permissions.can('Employee.Tasks', 'view');
    // Children statistics: the Statistic view, as on the server (which narrows the rows further).
    case 'childrenStatistics':
      return permissions.can('Statistic', 'view');
    // Feature usage: owners only, by role key as on the server.
    case 'usage':
      return permissions.permissions?.role.key === 'owner';
    // The company calendar: the CorpEvent view (their own audience at least), as on the server.
    case 'corpEvents':
      return permissions.can('CorpEvent', 'view');
    // Questions to HR: whoever has the dashboard asks; HR (answer_questions) sees everyone's there.
    case 'questions':
      return permissions.can('Dashboard', 'view');
    case 'vacancies':
      return permissions.can('Vacancy', 'view');
    case 'candidates':
      return permissions.can('Candidate', 'view');
    // An interview's page: its interviewers (any role) and whoever reaches its candidate; the server decides.
    case 'interviews':
      return true;
    // Read by whoever writes to candidates or sees templates; changed with Template at to_all (server).
    case 'mailTemplates':
      return permissions.can('Candidate', 'update') || permissions.can('Template', 'view');
    // Read by whoever makes vacancies or sees pipelines; changed with Vacancy.Stage at to_all (server).
    case 'pipelineTemplates':
      return (
        permissions.can('Vacancy', 'create') ||
        permissions.can('Vacancy', 'update') ||
        permissions.can('Vacancy.Stage', 'view')
      );
    // HR action templates: the Template view reads them (changing needs Template at to_all, server).
    case 'actionTemplates':
      return permissions.can('Template', 'view');
    // The tag dictionary: whoever has a Vacancy.Tag level (the server checks each tag's reach).
    case 'tags':
      return (['view', 'create', 'update', 'delete'] as const).some((action) =>
        permissions.can('Vacancy.Tag', action),
      );
    // Forms belong to vacancies: whoever may edit a vacancy may pick and shape its form.
    case 'forms':
      return permissions.can('Vacancy', 'update') || permissions.can('Vacancy', 'create');
    case 'careersSettings':
      return permissions.can('Vacancy.CareerSite', 'view');
    case 'teams':
      return permissions.can('Teams', 'view');
    // Owners only, by role key as on the server: whoever edits roles can give themselves anything.
    case 'roles':
      return permissions.permissions?.role.key === 'owner';
    // Owners only too: whoever assigns roles can give anyone, themselves included, everything.
    case 'staff':
      return permissions.permissions?.role.key === 'owner';
    // Owners only, as on the server: a token or a webhook reads company-wide data.
    case 'integrations':
      return permissions.permissions?.role.key === 'owner';
    case 'employees':
      return permissions.can('Employee', 'view');
    case 'employeeCreate':
      return permissions.can('Employee', 'create');
    // The definitions shape every profile: owners and whoever may change the company's settings.
    case 'employeeFields':
      return permissions.permissions?.role.key === 'owner' || permissions.can('Settings', 'update');
    // Editing is company-wide (the server wants to_all): a narrower level would only meet 403s.
    case 'dictionaries':
      return (['create', 'update', 'delete'] as const).some(
        (action) => permissions.findLevel('Dictionaries', action) === 'to_all',
      );
    // The company's absence rules: owners and whoever may change its settings, as on the server.
    case 'absenceSettings':
      return (
        permissions.permissions?.role.key === 'owner' ||
        permissions.findLevel('Settings', 'update') === 'to_all'
      );
  }
}

/** The navigation's sections, in order: each screen's link sits under one. */
export type NavGroup = 'home' | 'people' | 'absences' | 'recruiting' | 'settings';
export const NAV_GROUPS: { group: NavGroup; label: string }[] = [
  { group: 'home', label: 'hr.dashboard.nav_group' },
  { group: 'people', label: 'hr.shell.group.people' },
  { group: 'absences', label: 'hr.shell.group.absences' },
  { group: 'recruiting', label: 'hr.shell.group.recruiting' },
  { group: 'settings', label: 'hr.shell.group.settings' },
];

/** The screens in navigation order, with their paths and label keys (the menu and the home page). */
export const SCREEN_LINKS: { screen: Screen; group: NavGroup; path: string; label: string }[] = [
  // The dashboard is the home page (issue 15); the former start page lists every section.
  { screen: 'dashboard', group: 'home', path: '/', label: 'hr.dashboard.nav' },
  { screen: 'sections', group: 'home', path: '/sections', label: 'hr.dashboard.sections_nav' },
  { screen: 'tasks', group: 'home', path: '/tasks', label: 'hr.tasks.nav' },
  { screen: 'corpEvents', group: 'home', path: '/corp-events', label: 'hr.corpEvents.nav' },
  { screen: 'questions', group: 'home', path: '/questions', label: 'hr.questions.nav' },
  // People & access is part of the employees area (issue 13): the two sit together.
  { screen: 'employees', group: 'people', path: '/employees', label: 'hr.employees.nav' },
  { screen: 'staff', group: 'people', path: '/staff', label: 'hr.staff.nav' },
  { screen: 'vacancies', group: 'recruiting', path: '/vacancies', label: 'hr.nav.vacancies' },
  { screen: 'candidates', group: 'recruiting', path: '/applications', label: 'hr.nav.candidates' },
  {
    screen: 'mailTemplates',
    group: 'recruiting',
    path: '/mail-templates',
    label: 'hr.recruiting_mail.templates.nav',
  },
  { screen: 'tags', group: 'recruiting', path: '/tags', label: 'hr.tags.nav' },
  { screen: 'forms', group: 'recruiting', path: '/forms', label: 'hr.nav.forms' },
  {
    screen: 'pipelineTemplates',
    group: 'recruiting',
    path: '/settings/pipeline-templates',
    label: 'hr.pipeline_templates.nav',
  },
  {
    screen: 'careersSettings',
    group: 'recruiting',
    path: '/careers-settings',
    label: 'hr.nav.careers_settings',
  },
  { screen: 'teams', group: 'people', path: '/teams', label: 'hr.nav.teams' },
  {
    screen: 'childrenStatistics',
    group: 'people',
    path: '/statistics/children',
    label: 'hr.statistics.nav',
  },
  { screen: 'roles', group: 'settings', path: '/roles', label: 'hr.nav.roles' },
  { screen: 'dictionaries', group: 'settings', path: '/dictionaries', label: 'hr.dictionaries.nav' },
  {
    screen: 'actionTemplates',
    group: 'settings',
    path: '/settings/action-templates',
    label: 'hr.action_templates.nav',
  },
  { screen: 'integrations', group: 'settings', path: '/settings/integrations', label: 'hr.integrations.nav' },
  { screen: 'usage', group: 'settings', path: '/settings/usage', label: 'hr.usage.nav' },
  { screen: 'absences', group: 'absences', path: '/absences', label: 'hr.absences.nav_my' },
  {
    screen: 'absenceRequests',
    group: 'absences',
    path: '/absences/requests',
    label: 'hr.absences.nav_requests',
  },
  {
    screen: 'absenceTimeline',
    group: 'absences',
    path: '/absences/timeline',
    label: 'hr.absenceReports.nav.timeline',
  },
  {
    screen: 'absenceFeeds',
    group: 'absences',
    path: '/absences/feeds',
    label: 'hr.absenceReports.nav.feeds',
  },
  {
    screen: 'absenceSettings',
    group: 'settings',
    path: '/settings/absences',
    label: 'hr.absence_settings.nav',
  },
];
