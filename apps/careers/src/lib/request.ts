/** A failed HTTP call: `status` is null when no answer came back at all. */
export class RequestError extends Error {
  readonly status: number | null;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number | null, statusText: string, body: unknown) {
    super(`Request failed${status === null ? '' : ` with status ${status}`}`);
    this.name = 'RequestError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/** GET a JSON resource; any non-2xx answer or network failure becomes a RequestError. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init?.headers } });
  } catch {
    throw new RequestError(null, '', null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new RequestError(response.status, response.statusText, body);
  return body as T;
}
