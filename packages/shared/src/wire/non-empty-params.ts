/** A query value as the HR app holds a filter's. */
export type ParamValue = string | number | boolean | null | undefined;

/**
 * The parameters worth sending (spec §5: empty filter parameters are dropped before statistics
 * calls): without null, undefined, empty or blank strings, and without empty lists; a list keeps
 * only its non-empty items. `0` and `false` are values and stay.
 */
export function dropEmptyParams<K extends string>(
  params: Readonly<Partial<Record<K, ParamValue | readonly ParamValue[]>>>,
): Partial<Record<K, string | number | boolean | (string | number | boolean)[]>> {
  const kept: Partial<Record<K, string | number | boolean | (string | number | boolean)[]>> = {};
  for (const key of Object.keys(params) as K[]) {
    const value = params[key];
    if (Array.isArray(value)) {
      const items = (value as readonly ParamValue[]).filter(isPresent);
      if (items.length > 0) kept[key] = items;
    } else if (isPresent(value as ParamValue)) {
      kept[key] = value as string | number | boolean;
    }
  }
  return kept;
}

function isPresent(value: ParamValue): value is string | number | boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  return true;
}
