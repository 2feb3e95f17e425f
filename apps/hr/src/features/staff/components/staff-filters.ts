import { readFilterId } from '../../../lib/list-filters';
import { isStaffUserStatus, type StaffUserFilters } from '../api/get-staff-users';

/** The list's filters from the page's query string; anything malformed is ignored, not sent. */
export function readStaffFilters(params: URLSearchParams): StaffUserFilters {
  const status = params.get('status');
  const search = params.get('search')?.trim();
  return {
    page: readFilterId(params.get('page')) ?? 1,
    ...(search ? { search } : {}),
    ...(readFilterId(params.get('role_id')) ? { role_id: readFilterId(params.get('role_id')) } : {}),
    ...(readFilterId(params.get('team_id')) ? { team_id: readFilterId(params.get('team_id')) } : {}),
    ...(isStaffUserStatus(status) ? { status } : {}),
  };
}

/** The query string for the filters: empty ones and page 1 left out, so a plain /staff means "everyone". */
export function writeStaffFilters(filters: StaffUserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.role_id !== undefined) params.set('role_id', String(filters.role_id));
  if (filters.team_id !== undefined) params.set('team_id', String(filters.team_id));
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function hasActiveFilters(filters: StaffUserFilters): boolean {
  return Boolean(filters.search || filters.role_id || filters.team_id || filters.status);
}
