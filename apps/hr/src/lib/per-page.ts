import { LIST_PER_PAGE, LIST_PER_PAGE_MAX } from '@kadry/shared/constants';
import { useCallback, useState } from 'react';

/** The page sizes a list offers. */
export const PER_PAGE_CHOICES = [10, 20, 50, 100] as const;

/** The local storage key of a list's page size (spec §3.2: `perPage_{key}`). */
export function perPageStorageKey(key: string): string {
  return `perPage_${key}`;
}

/** The stored page size of a list; the default (spec §9: 20) when nothing usable is stored. */
export function readPerPage(key: string): number {
  try {
    const raw = window.localStorage.getItem(perPageStorageKey(key));
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(value) && value >= 1 && value <= LIST_PER_PAGE_MAX ? value : LIST_PER_PAGE;
  } catch {
    // Storage errors fall back to the default (spec §8).
    return LIST_PER_PAGE;
  }
}

/**
 * A list's page size, kept in local storage under `perPage_{key}` so it is the same the next time
 * the list is opened (it is a preference, not a filter: it stays out of the address).
 */
export function usePerPage(key: string): [number, (perPage: number) => void] {
  const [perPage, setPerPageState] = useState(() => readPerPage(key));
  const setPerPage = useCallback(
    (value: number) => {
      setPerPageState(value);
      try {
        window.localStorage.setItem(perPageStorageKey(key), String(value));
      } catch {
        // Storage full or denied: the choice holds for this visit only.
      }
    },
    [key],
  );
  return [perPage, setPerPage];
}
