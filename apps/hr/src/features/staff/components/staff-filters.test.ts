import { describe, expect, it } from 'vitest';
import { hasActiveFilters, readListFilters, writeListFilters } from '../../../lib/list-filters';
import type { StaffUserFilters } from '../api/get-staff-users';
import { staffListFilters } from './staff-filters';

describe('staff list filters in the address', () => {
  it('reads every filter and ignores malformed ones instead of sending them', () => {
    expect(
      readListFilters(
        staffListFilters,
        new URLSearchParams('search=+ann+&role_id=3&team_id=x&status=invited&page=2'),
      ),
    ).toEqual({ page: 2, search: 'ann', role_id: 3, status: 'invited' });
    expect(readListFilters(staffListFilters, new URLSearchParams('page=0&status=owner&role_id=-1'))).toEqual({
      page: 1,
    });
  });

  it('writes only what is set, page 1 left out, and reads back the same', () => {
    const filters: StaffUserFilters = { page: 3, search: 'ann', team_id: 4, status: 'disabled' };
    expect(writeListFilters(staffListFilters, filters).toString()).toBe(
      'search=ann&team_id=4&status=disabled&page=3',
    );
    expect(readListFilters(staffListFilters, writeListFilters(staffListFilters, filters))).toEqual(filters);
    expect(writeListFilters(staffListFilters, { page: 1 }).toString()).toBe('');
  });

  it('tells whether anything narrows the list (paging does not)', () => {
    expect(hasActiveFilters(staffListFilters, { page: 4 })).toBe(false);
    expect(hasActiveFilters(staffListFilters, { page: 1, role_id: 2 })).toBe(true);
  });
});
