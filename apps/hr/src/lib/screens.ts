import { type AppModule, isModuleUnlocked } from '@kadry/shared/plans';
import type { Permissions } from './permissions/use-permissions';

/** The screens of the app's navigation: each needs its plan module and a permission. */
export type Screen =
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
  | 'dictionaries';

const SCREEN_MODULE: Record<Screen, AppModule> = {
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
};

/** Whether the user sees a screen: its module is in the company's plan and the role allows it. */
export function canOpenScreen(screen: Screen, tariffs: readonly string[], permissions: Permissions): boolean {
  if (!isModuleUnlocked(tariffs, SCREEN_MODULE[screen])) return false;
  switch (screen) {
    case 'vacancies':
      return permissions.can('Vacancy', 'view');
    case 'candidates':
      return permissions.can('Candidate', 'view');
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
  }
}

/** The screens in navigation order, with their paths and label keys (the menu and the home page). */
export const SCREEN_LINKS: { screen: Screen; path: string; label: string }[] = [
  // People & access is part of the employees area (issue 13): the two sit together.
  { screen: 'employees', path: '/employees', label: 'hr.employees.nav' },
  { screen: 'staff', path: '/staff', label: 'hr.staff.nav' },
  { screen: 'vacancies', path: '/vacancies', label: 'hr.nav.vacancies' },
  { screen: 'candidates', path: '/applications', label: 'hr.nav.candidates' },
  { screen: 'forms', path: '/forms', label: 'hr.nav.forms' },
  { screen: 'careersSettings', path: '/careers-settings', label: 'hr.nav.careers_settings' },
  { screen: 'teams', path: '/teams', label: 'hr.nav.teams' },
  { screen: 'roles', path: '/roles', label: 'hr.nav.roles' },
  { screen: 'dictionaries', path: '/dictionaries', label: 'hr.dictionaries.nav' },
];
