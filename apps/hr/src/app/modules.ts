import { type AppModule, isModuleUnlocked } from '@kadry/shared/plans';
import type { Permissions } from '../lib/permissions/use-permissions';

/** The screens of the app's navigation: each needs its plan module and a permission. */
export type Screen = 'vacancies' | 'candidates' | 'forms' | 'careersSettings';

const SCREEN_MODULE: Record<Screen, AppModule> = {
  vacancies: 'vacancies',
  candidates: 'candidates',
  forms: 'application_forms',
  careersSettings: 'careers_site',
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
  }
}
