import { describe, expect, it } from 'vitest';
import { hasActiveFilters, readStaffFilters, writeStaffFilters } from './staff-filters';

describe('staff list filters in the address', () => {
  it('reads every filter and ignores malformed ones instead of sending them', () => {
    expect(
      readStaffFilters(new URLSearchParams('search=+ann+&role_id=3&team_id=x&status=invited&page=2')),
    ).toEqual({ page: 2, search: 'ann', role_id: 3, status: 'invited' });
    expect(readStaffFilters(new URLSearchParams('page=0&status=owner&role_id=-1'))).toEqual({ page: 1 });
  });

  it('writes only what is set, page 1 left out, and reads back the same', () => {
    const filters = { page: 3, search: 'ann', team_id: 4, status: 'disabled' as const };
    expect(writeStaffFilters(filters).toString()).toBe('search=ann&team_id=4&status=disabled&page=3');
    expect(readStaffFilters(writeStaffFilters(filters))).toEqual(filters);
    expect(writeStaffFilters({ page: 1 }).toString()).toBe('');
  });

  it('tells whether anything narrows the list (paging does not)', () => {
    expect(hasActiveFilters({ page: 4 })).toBe(false);
    expect(hasActiveFilters({ page: 1, role_id: 2 })).toBe(true);
  });
});
