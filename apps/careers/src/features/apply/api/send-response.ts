import type { Locale } from '@kadry/shared/constants';
import type { ResponseCreated } from '@kadry/shared/schemas/form';
import type { FormEntry } from '@kadry/shared/wire/response-form';
import { fetchJson } from '../../../lib/request';

/** The multipart body of a submission, entries in the order encodeResponse gives them. */
function buildResponseFormData(entries: readonly FormEntry<File>[]): FormData {
  const body = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, value.file, value.fileName);
  }
  return body;
}

/**
 * POST /api/v1/public-vacancies/{id}/response. The Idempotency-Key makes a retry of the same filled
 * form safe: the server answers a repeated key with the first result instead of a second application.
 */
export async function sendResponse(input: {
  vacancyId: number;
  entries: readonly FormEntry<File>[];
  idempotencyKey: string;
  locale: Locale;
}): Promise<ResponseCreated> {
  return fetchJson<ResponseCreated>(`/api/v1/public-vacancies/${input.vacancyId}/response`, {
    method: 'POST',
    body: buildResponseFormData(input.entries),
    headers: { 'Accept-Language': input.locale, 'Idempotency-Key': input.idempotencyKey },
  });
}
