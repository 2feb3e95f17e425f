import { describe, expect, it } from 'vitest';
import { ENTITIES } from './permissions/vocabulary';
import {
  DEFAULT_TARIFFS,
  ENTITY_PRODUCT,
  hasProduct,
  isEntityInPlan,
  isModuleUnlocked,
  listUnlockedModules,
  resolvePlans,
} from './plans';

describe('resolvePlans', () => {
  it('gives HRM or HRM PRO and ATS or ATS PRO from the tariffs list', () => {
    expect(resolvePlans(['hrm', 'ats'])).toEqual({ hrm: 'HRM', ats: 'ATS' });
    expect(resolvePlans(['hrm_pro', 'ats_pro'])).toEqual({ hrm: 'HRM PRO', ats: 'ATS PRO' });
    expect(resolvePlans(['hrm_pro'])).toEqual({ hrm: 'HRM PRO', ats: null });
    expect(resolvePlans([])).toEqual({ hrm: null, ats: null });
  });

  it('lets the PRO plan win when both are listed and ignores unknown codes', () => {
    expect(resolvePlans(['ats', 'ats_pro', 'crm'])).toEqual({ hrm: null, ats: 'ATS PRO' });
  });
});

describe('modules', () => {
  it('unlocks recruiting with ATS and people with HRM', () => {
    expect(isModuleUnlocked(['ats'], 'vacancies')).toBe(true);
    expect(isModuleUnlocked(['hrm'], 'vacancies')).toBe(false);
    expect(isModuleUnlocked(['hrm'], 'employees')).toBe(true);
    expect(isModuleUnlocked(['ats'], 'employees')).toBe(false);
  });

  it('needs the PRO plan for PRO modules, and nothing for the shell', () => {
    expect(isModuleUnlocked(['hrm'], 'payroll')).toBe(false);
    expect(isModuleUnlocked(['hrm_pro'], 'payroll')).toBe(true);
    expect(isModuleUnlocked(['ats'], 'vacancy_requests')).toBe(false);
    expect(isModuleUnlocked([], 'dashboard')).toBe(true);
  });

  it('lists what the default tariffs unlock', () => {
    const modules = listUnlockedModules(DEFAULT_TARIFFS);
    expect(modules).toEqual(expect.arrayContaining(['vacancies', 'candidates', 'employees', 'dashboard']));
    expect(modules).not.toContain('payroll');
  });
});

describe('entities and plans', () => {
  it('maps every entity to a product or the shell', () => {
    expect(Object.keys(ENTITY_PRODUCT).sort()).toEqual([...ENTITIES].sort());
  });

  it('puts vacancies and candidates in ATS', () => {
    expect(isEntityInPlan(['hrm_pro'], 'Candidate')).toBe(false);
    expect(isEntityInPlan(['hrm_pro'], 'Vacancy.Stage')).toBe(false);
    expect(isEntityInPlan(['ats'], 'Candidate')).toBe(true);
    expect(isEntityInPlan([], 'Settings')).toBe(true);
    expect(hasProduct(['ats_pro'], 'ats')).toBe(true);
  });
});
