import { useCallback, useState } from 'react';

/**
 * A list's filters and page, kept in the screen: a change of filter goes back to the first page (the
 * old page may not exist in the new result); paging keeps the filters.
 */
export function usePagedFilters<TFilters extends { page: number }>(initial: TFilters) {
  const [filters, setFilters] = useState(initial);
  const applyFilters = useCallback(
    (patch: Partial<Omit<TFilters, 'page'>>) => setFilters((current) => ({ ...current, ...patch, page: 1 })),
    [],
  );
  const setPage = useCallback((page: number) => setFilters((current) => ({ ...current, page })), []);
  return { filters, applyFilters, setPage };
}

/**
 * A filter's value (from a select or the address) as an id: '' ("All"), null and anything but a
 * positive whole number give undefined, so nothing malformed is sent.
 */
export function readFilterId(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
