import { STAFF_USER_STATUSES } from '@kadry/shared/schemas/admin';
import { defineListFilters, idFilter, oneOfFilter, textFilter } from '../../../lib/list-filters';

/** The People & access list's filters, kept in the address by name (`/staff?role_id=3&status=invited`). */
export const staffListFilters = defineListFilters({
  search: textFilter,
  role_id: idFilter,
  team_id: idFilter,
  status: oneOfFilter(STAFF_USER_STATUSES),
});
