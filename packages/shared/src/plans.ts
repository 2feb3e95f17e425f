import type { Entity } from './permissions/vocabulary';

/**
 * Tariff plans (spec §1, §3.2): the company's `tariffs` list gives HRM or HRM PRO and ATS or ATS PRO.
 * Codes as they appear in the page data's settings.tariffs; unknown codes are ignored.
 */
export const TARIFFS = ['hrm', 'hrm_pro', 'ats', 'ats_pro'] as const;
export type Tariff = (typeof TARIFFS)[number];

/** What a company gets when nobody chose: both base plans. */
export const DEFAULT_TARIFFS: readonly Tariff[] = ['hrm', 'ats'];

/** The two products: people management (HRM) and recruiting (ATS). */
export const PRODUCTS = ['hrm', 'ats'] as const;
export type Product = (typeof PRODUCTS)[number];

export type Plans = { hrm: 'HRM' | 'HRM PRO' | null; ats: 'ATS' | 'ATS PRO' | null };

/** The plan of each product; the PRO plan wins when a list carries both. */
export function resolvePlans(tariffs: readonly string[]): Plans {
  return {
    hrm: tariffs.includes('hrm_pro') ? 'HRM PRO' : tariffs.includes('hrm') ? 'HRM' : null,
    ats: tariffs.includes('ats_pro') ? 'ATS PRO' : tariffs.includes('ats') ? 'ATS' : null,
  };
}

export function hasProduct(tariffs: readonly string[], product: Product): boolean {
  return resolvePlans(tariffs)[product] !== null;
}

export function hasProPlan(tariffs: readonly string[], product: Product): boolean {
  return tariffs.includes(`${product}_pro`);
}

/**
 * Modules of the HR app and the plan each needs (the spec names the plans, not their contents; this
 * split is ours). `pro: true` modules need the PRO plan of their product.
 */
export const MODULE_PLANS = {
  dashboard: null,
  teams: null,
  settings: null,
  employees: { product: 'hrm', pro: false },
  absences: { product: 'hrm', pro: false },
  tasks: { product: 'hrm', pro: false },
  corp_events: { product: 'hrm', pro: false },
  statistics: { product: 'hrm', pro: false },
  timeline: { product: 'hrm', pro: false },
  assets: { product: 'hrm', pro: true },
  okr: { product: 'hrm', pro: true },
  surveys: { product: 'hrm', pro: true },
  timetracking: { product: 'hrm', pro: true },
  payroll: { product: 'hrm', pro: true },
  scenarios: { product: 'hrm', pro: true },
  vacancies: { product: 'ats', pro: false },
  candidates: { product: 'ats', pro: false },
  application_forms: { product: 'ats', pro: false },
  careers_site: { product: 'ats', pro: false },
  vacancy_requests: { product: 'ats', pro: true },
  social_recruiting: { product: 'ats', pro: true },
} as const satisfies Record<string, { product: Product; pro: boolean } | null>;
export type AppModule = keyof typeof MODULE_PLANS;

/** Whether the tariffs unlock a module; modules without a plan (null) are always there. */
export function isModuleUnlocked(tariffs: readonly string[], module: AppModule): boolean {
  const plan: { product: Product; pro: boolean } | null = MODULE_PLANS[module];
  if (!plan) return true;
  return plan.pro ? hasProPlan(tariffs, plan.product) : hasProduct(tariffs, plan.product);
}

/** Every module the tariffs unlock, in MODULE_PLANS order. */
export function listUnlockedModules(tariffs: readonly string[]): AppModule[] {
  return (Object.keys(MODULE_PLANS) as AppModule[]).filter((module) => isModuleUnlocked(tariffs, module));
}

/**
 * The product each permission entity belongs to; null for the shell every plan has. Permissions of
 * an entity outside the company's products are answered and enforced as all-off.
 */
export const ENTITY_PRODUCT: Record<Entity, Product | null> = {
  AbsenceRequest: 'hrm',
  Asset: 'hrm',
  Calendar: null,
  Candidate: 'ats',
  CorpEvent: 'hrm',
  Dashboard: null,
  Department: 'hrm',
  Dictionaries: null,
  Employee: 'hrm',
  'Employee.Profile': 'hrm',
  'Employee.PersonalInfo': 'hrm',
  'Employee.Contacts': 'hrm',
  'Employee.Files': 'hrm',
  'Employee.Tasks': 'hrm',
  'Employee.Actions': 'hrm',
  'Employee.Absences': 'hrm',
  Notification: null,
  OKR: 'hrm',
  'OKR.Company': 'hrm',
  'OKR.Personal': 'hrm',
  'OKR.Team': 'hrm',
  Payroll: 'hrm',
  Profile: null,
  Scenarios: 'hrm',
  Settings: null,
  Statistic: 'hrm',
  Survey: 'hrm',
  Teams: null,
  Template: 'hrm',
  Timeline: 'hrm',
  Timetracking: 'hrm',
  Vacancy: 'ats',
  'Vacancy.CareerSite': 'ats',
  'Vacancy.Overview': 'ats',
  'Vacancy.Request': 'ats',
  'Vacancy.SocialRecruiting': 'ats',
  'Vacancy.Stage': 'ats',
  'Vacancy.Tag': 'ats',
};

/** Whether the company's tariffs include the product an entity belongs to. */
export function isEntityInPlan(tariffs: readonly string[], entity: Entity): boolean {
  const product = ENTITY_PRODUCT[entity];
  return product === null || hasProduct(tariffs, product);
}
