import { levelOf } from './permissions/permission-state';
import type { PermissionsMap } from './permissions/schemas';
import type { Entity, FieldPermission } from './permissions/vocabulary';
import { type AppModule, isModuleUnlocked } from './plans';
import { DASHBOARD_WIDGETS, type DashboardWidget } from './schemas/dashboard';

/*
 * Which dashboard widget a user sees (issue 15): the one table both sides read. The server lists and
 * answers only these (`dashboard.widgets.all`, each widget's data call answers 403 otherwise); the HR
 * app shows what the server listed. A widget needs the Dashboard view and:
 *
 * | widget               | plan module | permissions                                                      |
 * |----------------------|-------------|------------------------------------------------------------------|
 * | companyInfo          | dashboard   | —                                                                |
 * | absentToday          | absences    | AbsenceRequest view                                              |
 * | requests             | absences    | AbsenceRequest view                                              |
 * | absenceBalance       | absences    | AbsenceRequest view                                              |
 * | birthdays            | employees   | Employee view; field_birth_date on Employee and Employee.PersonalInfo, whose view is on |
 * | workAnniversaries    | employees   | Employee view; field_start_of_work on Employee and Employee.Profile, whose view is on   |
 * | employeesOnProbation | employees   | Employee view; field_probation_period on Employee                |
 * | candidates           | candidates  | Candidate view                                                   |
 * | myTasks              | tasks       | Employee.Tasks view                                              |
 * | corpEvents           | corp_events | CorpEvent view                                                    |
 * | ask                  | dashboard   | — (questions to HR; everyone's needs the Dashboard action answer_questions) |
 * | childrenStatistics   | statistics  | Statistic view (children of people the user sees, decision 026)  |
 * | administration       | settings    | Settings update at to_all (owners; staff accounts are theirs)    |
 * | hrActions            | employees   | Employee view (each action's date also needs its field: action-templates.service.ts) |
 * | myInterviews         | candidates  | — (interviewers are of any role: `recruiting.myInterviews` asks only the ATS plan) |
 * | absences             | absences    | AbsenceRequest view                                              |
 *
 * Each row still shows only people the user may see (decision 013), and a birthday or an anniversary
 * only where the section's level reaches that person (own, my team, anyone): a manager whose personal
 * info level is only_my sees their own birthday, not their team's.
 */

type WidgetRule = {
  /** The plan module the widget belongs to (plans.ts MODULE_PLANS). */
  module: AppModule;
  /** The permissions it needs besides the Dashboard view. */
  allows(permissions: PermissionsMap): boolean;
};

function canView(permissions: PermissionsMap, entity: Entity): boolean {
  return levelOf(permissions[entity]?.visibilitySettings, 'view') !== 'not_visible';
}

function hasField(permissions: PermissionsMap, entity: Entity, field: FieldPermission): boolean {
  return permissions[entity]?.fields_view.includes(field) ?? false;
}

/** A person's field seen through a section: Employee and the section both let it through. */
function seesSectionField(permissions: PermissionsMap, section: Entity, field: FieldPermission): boolean {
  return (
    canView(permissions, 'Employee') &&
    hasField(permissions, 'Employee', field) &&
    canView(permissions, section) &&
    hasField(permissions, section, field)
  );
}

export const WIDGET_RULES: Record<DashboardWidget, WidgetRule> = {
  companyInfo: { module: 'dashboard', allows: () => true },
  absentToday: { module: 'absences', allows: (p) => canView(p, 'AbsenceRequest') },
  requests: { module: 'absences', allows: (p) => canView(p, 'AbsenceRequest') },
  absenceBalance: { module: 'absences', allows: (p) => canView(p, 'AbsenceRequest') },
  birthdays: {
    module: 'employees',
    allows: (p) => seesSectionField(p, 'Employee.PersonalInfo', 'field_birth_date'),
  },
  workAnniversaries: {
    module: 'employees',
    allows: (p) => seesSectionField(p, 'Employee.Profile', 'field_start_of_work'),
  },
  employeesOnProbation: {
    module: 'employees',
    allows: (p) => canView(p, 'Employee') && hasField(p, 'Employee', 'field_probation_period'),
  },
  candidates: { module: 'candidates', allows: (p) => canView(p, 'Candidate') },
  myTasks: { module: 'tasks', allows: (p) => canView(p, 'Employee.Tasks') },
  corpEvents: { module: 'corp_events', allows: (p) => canView(p, 'CorpEvent') },
  ask: { module: 'dashboard', allows: () => true },
  childrenStatistics: { module: 'statistics', allows: (p) => canView(p, 'Statistic') },
  // Account states and sign-ins are company administration: owners and company-settings roles.
  administration: {
    module: 'settings',
    allows: (p) => levelOf(p.Settings?.visibilitySettings, 'update') === 'to_all',
  },
  hrActions: { module: 'employees', allows: (p) => canView(p, 'Employee') },
  // The user's own interviews: whoever a vacancy's interviewers include, whatever their role (an
  // employee interviews too), as `recruiting.myInterviews` answers any staff account of an ATS company.
  myInterviews: { module: 'candidates', allows: () => true },
  // `dashboard.absence.list` and `.filter` answer under the AbsenceRequest view, as absentToday's do.
  absences: { module: 'absences', allows: (p) => canView(p, 'AbsenceRequest') },
};

/** Whether the user may see the dashboard at all: the Dashboard view. */
export function canSeeDashboard(permissions: PermissionsMap): boolean {
  return canView(permissions, 'Dashboard');
}

/** Whether a widget is shown to a user: its plan module is unlocked and their permissions allow it. */
export function isWidgetAvailable(
  widget: DashboardWidget,
  tariffs: readonly string[],
  permissions: PermissionsMap,
): boolean {
  const rule = WIDGET_RULES[widget];
  return canSeeDashboard(permissions) && isModuleUnlocked(tariffs, rule.module) && rule.allows(permissions);
}

/** Every widget the user may place, in the catalogue's order. */
export function listAvailableWidgets(
  tariffs: readonly string[],
  permissions: PermissionsMap,
): DashboardWidget[] {
  return DASHBOARD_WIDGETS.filter((widget) => isWidgetAvailable(widget, tariffs, permissions));
}
