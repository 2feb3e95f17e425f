import type { Locale } from '@kadry/shared/constants';
import type { FormDefinitionResponse, FormField } from '@kadry/shared/schemas/form';
import { fetchJson } from '../../../lib/request';

/**
 * GET /api/v1/public-vacancies/{id}/response: the fields of the vacancy's application form, in order,
 * with names and options in the page's language. Not re-validated with zod: the server validates its
 * answer against formDefinitionResponseSchema, and zod would add ~15 KB to the form chunk.
 */
export async function fetchFormDefinition(
  vacancyId: number,
  locale: Locale,
  signal?: AbortSignal,
): Promise<FormField[]> {
  const body = await fetchJson<FormDefinitionResponse>(`/api/v1/public-vacancies/${vacancyId}/response`, {
    headers: { 'Accept-Language': locale },
    signal,
  });
  return body.fields;
}
