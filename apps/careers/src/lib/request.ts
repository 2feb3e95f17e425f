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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function findFirstFieldError(errors: unknown): string | null {
  if (!isRecord(errors)) return null;
  for (const messages of Object.values(errors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string' && messages[0] !== '') return messages[0];
  }
  return null;
}

/**
 * The text a notification shows for a failed call (spec §8): the first validation error of the first
 * field, else the server's `message`, else the status text, else the network-error text.
 */
export function getRequestErrorMessage(error: unknown, networkErrorText: string): string {
  if (!(error instanceof RequestError)) return networkErrorText;
  if (isRecord(error.body)) {
    const fieldError = findFirstFieldError(error.body.errors);
    if (fieldError) return fieldError;
    if (typeof error.body.message === 'string' && error.body.message !== '') return error.body.message;
  }
  return error.statusText || networkErrorText;
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
