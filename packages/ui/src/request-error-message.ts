/** What spec §8 shows when nothing came back at all. */
export const NETWORK_ERROR_TEXT = 'Network Error';

/**
 * A failed call that got an answer: its status text and parsed body (`{ message, errors? }` when the
 * server sent one). The careers site's RequestError and the HR app's ApiError both carry these.
 */
type AnsweredFailure = { statusText: string; body: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isAnsweredFailure(error: unknown): error is AnsweredFailure {
  return isRecord(error) && typeof error.statusText === 'string';
}

/**
 * The message shown to users for a failed call (spec §8): the first validation error of the first
 * field in `errors`, else the `message` field, else the status text, else 'Network Error' (or the
 * translated `networkErrorText`). Anything that is not a failed call counts as a network failure.
 */
export function getRequestErrorMessage(
  error: unknown,
  networkErrorText: string = NETWORK_ERROR_TEXT,
): string {
  if (!isAnsweredFailure(error)) return networkErrorText;
  const body = isRecord(error.body) ? error.body : {};
  if (isRecord(body.errors)) {
    const [firstField] = Object.values(body.errors);
    const first = Array.isArray(firstField) ? firstField[0] : undefined;
    if (typeof first === 'string' && first !== '') return first;
  }
  if (typeof body.message === 'string' && body.message !== '') return body.message;
  return error.statusText || networkErrorText;
}
