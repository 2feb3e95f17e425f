import { LIST_PER_PAGE } from '@kadry/shared/constants';
import type { VacancyListResponse } from '@kadry/shared/schemas/vacancy';
import { fetchJson } from '../../lib/request';

/**
 * The list call for `page` (spec §2.1, §7.1): every parameter of the page's own query string is
 * passed through, with `page` and `per_page` set by the list.
 */
function buildVacancyListUrl(pageSearch: string, page: number): string {
  const params = new URLSearchParams(pageSearch);
  params.set('page', String(page));
  params.set('per_page', String(LIST_PER_PAGE));
  return `/api/v1/public-vacancies?${params.toString()}`;
}

export function fetchVacancyPage(pageSearch: string, page: number): Promise<VacancyListResponse> {
  return fetchJson<VacancyListResponse>(buildVacancyListUrl(pageSearch, page));
}
