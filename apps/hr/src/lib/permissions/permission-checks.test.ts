import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { describe, expect, it } from 'vitest';
import { can, canDo, canSeeField, findLevel } from './permission-checks';
import { buildPermissions, recruiterPermissions } from './permissions-test-data';

describe('permission checks', () => {
  it('allow nothing before the permissions are loaded', () => {
    expect(can(null, 'Candidate', 'view')).toBe(false);
    expect(canDo(null, 'Candidate', 'change_source')).toBe(false);
    expect(canSeeField(null, 'Candidate', 'field_email')).toBe(false);
    expect(findLevel(null, 'Candidate', 'view')).toBe('not_visible');
  });

  it('turn every action of an entity without visibility settings off', () => {
    for (const action of ['create', 'update', 'delete', 'view', 'all'] as const) {
      expect(can(recruiterPermissions, 'Payroll', action)).toBe(false);
    }
  });

  it('turn not_visible actions off and the others on; all only through the all-level setting', () => {
    expect(can(recruiterPermissions, 'Vacancy', 'view')).toBe(true);
    expect(can(recruiterPermissions, 'Vacancy', 'update')).toBe(true);
    expect(can(recruiterPermissions, 'Vacancy', 'create')).toBe(false);
    expect(can(recruiterPermissions, 'Vacancy', 'all')).toBe(false);
    expect(can(recruiterPermissions, 'Candidate', 'all')).toBe(true);
    expect(
      can(
        buildPermissions({
          Survey: { visibilitySettings: setAllLevel('not_visible'), actions: [], fields_view: [] },
        }),
        'Survey',
        'all',
      ),
    ).toBe(false);
  });

  it('answer levels, named actions and visible fields of the role', () => {
    expect(findLevel(recruiterPermissions, 'Vacancy', 'update')).toBe('only_my');
    expect(findLevel(recruiterPermissions, 'Candidate', 'all')).toBe('only_my_and_my_team');
    expect(canDo(recruiterPermissions, 'Candidate', 'change_source')).toBe(true);
    expect(canDo(recruiterPermissions, 'Candidate', 'export_database')).toBe(false);
    expect(canSeeField(recruiterPermissions, 'Candidate', 'field_email')).toBe(true);
    expect(canSeeField(recruiterPermissions, 'Candidate', 'field_salary')).toBe(false);
  });
});
