import type { Locale } from '@kadry/shared/constants';
import type { CvParseResponse } from '@kadry/shared/schemas/form';
import { fetchJson } from '../../../lib/request';

/**
 * POST /api/v1/public-vacancies/parse/cv with the one file `cv`. Resolves with the cache id the
 * application refers to and the contacts found; rejects with a RequestError (422: not a readable CV).
 */
export async function parseCv(
  file: File,
  locale: Locale,
  signal?: AbortSignal,
): Promise<CvParseResponse['data']> {
  const body = new FormData();
  body.append('cv', file, file.name);
  const answer = await fetchJson<CvParseResponse>('/api/v1/public-vacancies/parse/cv', {
    method: 'POST',
    body,
    headers: { 'Accept-Language': locale },
    signal,
  });
  return answer.data;
}
