import { EMPLOYEE_SORTS } from '@kadry/shared/schemas/employees';
import {
  dateFilter,
  defineListFilters,
  idFilter,
  type ListFilters,
  oneOfFilter,
  textFilter,
} from '../../../lib/list-filters';

/** Which employees the directory lists; `active` is the API's default and stays out of the address. */
export const EMPLOYEE_STATES = ['active', 'dismissed', 'all'] as const;

const fields = {
  search: textFilter,
  team_ids: idFilter,
  status_ids: idFilter,
  state: oneOfFilter(['dismissed', 'all'] as const),
  // Extended filters and sorting (the `extended_filters_and_sorting` action): the page drops them
  // for users without it, so an address sent by a colleague cannot ask what the API would refuse.
  employment_type_ids: idFilter,
  position: textFilter,
  city: textFilter,
  start_from: dateFilter,
  start_to: dateFilter,
  sort: oneOfFilter(EMPLOYEE_SORTS.filter((sort) => sort !== 'name')),
  direction: oneOfFilter(['asc', 'desc'] as const),
};

/** The filters only the extended_filters_and_sorting action opens. */
export const EXTENDED_FILTERS = [
  'employment_type_ids',
  'position',
  'city',
  'start_from',
  'start_to',
  'sort',
  'direction',
] as const;

/**
 * The directory's filters in the address by the API's names (`/employees?search=ann&team_ids=4`).
 * Sorting by name ascending is the default and is left out; `direction=desc` alone sorts names Z–A.
 */
export const employeeListFilters = defineListFilters(fields);

export type EmployeeListFilters = ListFilters<typeof fields>;

/** The filters the user may send: the extended ones dropped without the action. */
export function allowedFilters(filters: EmployeeListFilters, hasExtended: boolean): EmployeeListFilters {
  if (hasExtended) return filters;
  const allowed: Record<string, unknown> = { ...filters };
  for (const name of EXTENDED_FILTERS) delete allowed[name];
  return allowed as EmployeeListFilters;
}
