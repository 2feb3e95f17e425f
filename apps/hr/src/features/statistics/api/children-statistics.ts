import { route } from '@kadry/shared/routes';
import {
  CHILDREN_EXPORT_DEFAULT_NAME,
  type ChildGender,
  childrenStatisticsResponseSchema,
} from '@kadry/shared/schemas/statistics';
import { dropEmptyParams } from '@kadry/shared/wire/non-empty-params';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, REQUEST_ERROR_EVENT } from '../../../lib/api-client';
import { reloadPage } from '../../../lib/reload-page';

// The children statistics calls (spec §7.2): the list with its counts, and the XLSX export. Empty
// filter parameters are dropped before either call (spec §5).

/** The page's filter as it holds it (empty: not filtered). */
export type ChildrenFilterValues = {
  team_ids: number[];
  age_from?: number | undefined;
  age_to?: number | undefined;
  gender?: ChildGender | undefined;
};

/** The query parameters of a filter: only the non-empty ones. */
export function childrenParams(
  filter: ChildrenFilterValues,
  paging: { page?: number; per_page?: number } = {},
) {
  return dropEmptyParams({
    team_ids: filter.team_ids,
    age_from: filter.age_from,
    age_to: filter.age_to,
    gender: filter.gender,
    page: paging.page,
    per_page: paging.per_page,
  });
}

export const statisticsKeys = {
  children: (params: unknown) => ['statistics', 'children', params] as const,
};

/** `GET statistics.children` with the non-empty parameters. */
export function useChildrenStatistics(
  params: ReturnType<typeof childrenParams>,
  options: { isEnabled?: boolean } = {},
) {
  return useQuery({
    queryKey: statisticsKeys.children(params),
    enabled: options.isEnabled ?? true,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('statistics.children'), {
          params,
          schema: childrenStatisticsResponseSchema,
          signal,
        })
      ).data,
  });
}

/** The file's name: the answer's `filename` header, else the default children-list name (spec §7.2). */
export function exportFileName(headers: Pick<Headers, 'get'>): string {
  const name = headers.get('filename')?.trim();
  return name ? name : CHILDREN_EXPORT_DEFAULT_NAME;
}

/** Hands a file to the browser under a name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the event loop has moved on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * `GET statistics.children.export` with the non-empty parameters, read as it streams (`onProgress`
 * gets the bytes so far), then saved under exportFileName. A failure is reported as every call's is
 * (a request-error event; 401 and 419 reload) and rethrown. Read with fetch, not the API client: the
 * client reads bodies whole, and the progress needs the stream.
 */
export async function downloadChildrenExport(
  filter: ChildrenFilterValues,
  options: { onProgress?: (bytes: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const url = route('statistics.children.export', childrenParams(filter));
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: '*/*', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const failure = new ApiError({ status: 0, statusText: '', body: null, response: null });
    window.dispatchEvent(new CustomEvent(REQUEST_ERROR_EVENT, { detail: failure }));
    throw failure;
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const failure = new ApiError({
      status: response.status,
      statusText: response.statusText,
      body,
      response,
    });
    if (response.status === 401 || response.status === 419) reloadPage();
    else window.dispatchEvent(new CustomEvent(REQUEST_ERROR_EVENT, { detail: failure }));
    throw failure;
  }
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.(received);
    }
  } else {
    chunks.push(await response.arrayBuffer());
  }
  const name = exportFileName(response.headers);
  saveFile(
    new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    name,
  );
  return name;
}
