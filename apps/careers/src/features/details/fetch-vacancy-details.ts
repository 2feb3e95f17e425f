import type { VacancyDetails, VacancyDetailsResponse } from '@kadry/shared/schemas/vacancy';
import { fetchJson } from '../../lib/request';

/** GET /api/v1/public-vacancies/{id}; a 404 rejects with RequestError status 404 (the not-found view). */
export async function fetchVacancyDetails(id: number): Promise<VacancyDetails> {
  const body = await fetchJson<VacancyDetailsResponse>(`/api/v1/public-vacancies/${id}`);
  return body.data;
}
