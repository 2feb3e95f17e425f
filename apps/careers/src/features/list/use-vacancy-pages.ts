import type { VacancyListItem, VacancyListResponse } from '@kadry/shared/schemas/vacancy';
import { useCallback, useRef, useState } from 'react';
import { fetchVacancyPage } from './fetch-vacancy-page';

type PagesState = {
  items: VacancyListItem[];
  page: number;
  lastPage: number;
  isLoading: boolean;
  hasFailed: boolean;
};

/**
 * The infinite list's pages (spec §4 'List paging'): starts from the server-rendered first page, asks
 * for page + 1 on each load, and stops once `meta.last_page` is reached. One load at a time.
 */
export function useVacancyPages(
  initial: VacancyListResponse,
  pageSearch: string,
  onError: (error: unknown) => void,
) {
  const [state, setState] = useState<PagesState>(() => ({
    items: initial.data,
    page: initial.meta.current_page,
    lastPage: initial.meta.last_page,
    isLoading: false,
    hasFailed: false,
  }));
  // A ref, not state, guards against a second observer callback starting a duplicate load.
  const inFlight = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  const loadNext = useCallback(async () => {
    const { page, lastPage } = stateRef.current;
    if (inFlight.current || page >= lastPage) return;
    inFlight.current = true;
    setState((s) => ({ ...s, isLoading: true, hasFailed: false }));
    try {
      const next = await fetchVacancyPage(pageSearch, page + 1);
      setState((s) => {
        // A vacancy published meanwhile shifts the pages; never show one twice.
        const seen = new Set(s.items.map((item) => item.id));
        return {
          items: [...s.items, ...next.data.filter((item) => !seen.has(item.id))],
          page: page + 1,
          lastPage: next.meta.last_page,
          isLoading: false,
          hasFailed: false,
        };
      });
    } catch (error) {
      setState((s) => ({ ...s, isLoading: false, hasFailed: true }));
      onError(error);
    } finally {
      inFlight.current = false;
    }
  }, [pageSearch, onError]);

  return {
    items: state.items,
    hasMore: state.page < state.lastPage,
    isLoading: state.isLoading,
    hasFailed: state.hasFailed,
    loadNext,
  };
}
