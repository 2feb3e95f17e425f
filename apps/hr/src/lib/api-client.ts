import { NETWORK_ERROR_TEXT } from '@kadry/ui/request-error-message';
import type { ZodType } from 'zod';

/** The event other errors are broadcast as (spec §8); its `detail` is the ApiError. */
export const REQUEST_ERROR_EVENT = 'request-error';

/** What every call resolves to (the spec's axios-style `response.data`, `response.status`). */
export type ApiResponse<T> = {
  data: T;
  status: number;
  statusText: string;
  headers: Headers;
};

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions<T> = {
  /** Query parameters; null and undefined are dropped, arrays repeat the key. */
  params?: QueryParams;
  /** Parses the answer; a mismatch rejects with the schema's error. */
  schema?: ZodType<T>;
  /** `json` (default; a non-JSON answer arrives as text), `text`, or `blob` for downloads. */
  responseType?: 'json' | 'text' | 'blob';
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** A body: a plain object or array is sent as JSON, FormData as multipart. */
export type RequestBody = FormData | Record<string, unknown> | readonly unknown[];

/**
 * A failed call. `response` is null when nothing came back (network failure). The message users see is
 * getRequestErrorMessage's (@kadry/ui/request-error-message, spec §8).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The parsed error body, `{ message, errors? }` when the server sent one. */
  readonly body: unknown;
  readonly response: Response | null;

  constructor(input: { status: number; statusText: string; body: unknown; response: Response | null }) {
    super(input.status === 0 ? NETWORK_ERROR_TEXT : `Request failed with status ${input.status}`);
    this.status = input.status;
    this.statusText = input.statusText;
    this.body = input.body;
    this.response = input.response;
  }
}

/** What the client needs from the browser; replaceable in tests. */
export type ApiClientEnvironment = {
  fetch: typeof fetch;
  document: Pick<Document, 'querySelector'>;
  /** Reloads the page (401 / 419: the session is gone, the server will show sign-in). */
  reload(): void;
  dispatchEvent(event: Event): boolean;
  logError(...args: unknown[]): void;
};

export type ApiClient = {
  get<T = unknown>(url: string, options?: RequestOptions<T>): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, body?: RequestBody, options?: RequestOptions<T>): Promise<ApiResponse<T>>;
  /** Sent as POST with `_method=PUT` (spec §4): multipart bodies cannot travel in a real PUT here. */
  put<T = unknown>(url: string, body?: RequestBody, options?: RequestOptions<T>): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, options?: RequestOptions<T>): Promise<ApiResponse<T>>;
};

function buildUrl(url: string, params: QueryParams | undefined): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const list: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of list) if (item !== null && item !== undefined) search.append(key, String(item));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function withMethodOverride(body: RequestBody | undefined): RequestBody {
  if (body instanceof FormData) {
    body.set('_method', 'PUT');
    return body;
  }
  if (Array.isArray(body)) throw new TypeError('put: an array body cannot carry _method');
  return { ...(body as Record<string, unknown> | undefined), _method: 'PUT' };
}

async function readBody(response: Response, responseType: RequestOptions<unknown>['responseType']) {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function defaultEnvironment(): ApiClientEnvironment {
  return {
    fetch: (...args) => globalThis.fetch(...args),
    document,
    reload: () => window.location.reload(),
    dispatchEvent: (event) => window.dispatchEvent(event),
    logError: (...args) => console.error(...args),
  };
}

/**
 * The HR app's one way to call the server (spec §7.2, §8): JSON accept and content type, root-based
 * paths, `X-Requested-With`, the CSRF token of the page's `<meta name="csrf-token">`. A 401 or 419
 * reloads the page (the session is gone); other failures are broadcast as a `request-error` event and
 * rethrown. Nothing is read from the page until the first call.
 */
export function createApiClient(environment?: Partial<ApiClientEnvironment>): ApiClient {
  let env: ApiClientEnvironment | undefined;
  let csrfToken: string | null | undefined;

  function readCsrfToken(current: ApiClientEnvironment): string | null {
    if (csrfToken === undefined) {
      csrfToken = current.document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') || null;
      if (!csrfToken)
        current.logError('CSRF token not found: <meta name="csrf-token"> is missing from the page.');
    }
    return csrfToken;
  }

  async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body: RequestBody | undefined,
    options: RequestOptions<T> = {},
  ): Promise<ApiResponse<T>> {
    env ??= { ...defaultEnvironment(), ...environment };
    const current = env;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...options.headers,
    };
    const token = readCsrfToken(current);
    if (token) headers['X-CSRF-TOKEN'] = token;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      // The browser sets multipart/form-data with its boundary.
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await current.fetch(buildUrl(url, options.params), {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      // A cancelled call is the caller's decision, not a failure to report.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const networkError = new ApiError({ status: 0, statusText: '', body: null, response: null });
      current.dispatchEvent(new CustomEvent(REQUEST_ERROR_EVENT, { detail: networkError }));
      throw networkError;
    }

    if (!response.ok) {
      const errorBody = await readBody(response, 'json').catch(() => null);
      const error = new ApiError({
        status: response.status,
        statusText: response.statusText,
        body: errorBody,
        response,
      });
      if (response.status === 401 || response.status === 419) {
        current.reload();
      } else {
        current.dispatchEvent(new CustomEvent(REQUEST_ERROR_EVENT, { detail: error }));
      }
      throw error;
    }

    const raw = await readBody(response, options.responseType);
    const data = options.schema ? options.schema.parse(raw) : (raw as T);
    return { data, status: response.status, statusText: response.statusText, headers: response.headers };
  }

  return {
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    put: (url, body, options) => request('POST', url, withMethodOverride(body), options),
    delete: (url, options) => request('DELETE', url, undefined, options),
  };
}

/** The app's client. Creating it reads nothing; the first call reads the page's CSRF token. */
export const api = createApiClient();
