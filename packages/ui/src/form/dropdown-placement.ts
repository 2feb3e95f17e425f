import { DROPDOWN_MIN_FIELDS_BELOW } from '@kadry/shared/constants';

export type DropdownPlacement = 'bottom-start' | 'top-start';

/**
 * Where the dropdowns of field `index` open (spec §9): upward when fewer than 3 fields remain below
 * it, so the list of one of the last fields does not disappear behind the fixed footer.
 */
export function getDropdownPlacement(index: number, fieldCount: number): DropdownPlacement {
  const fieldsBelow = fieldCount - index - 1;
  return fieldsBelow < DROPDOWN_MIN_FIELDS_BELOW ? 'top-start' : 'bottom-start';
}
