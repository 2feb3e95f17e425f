import { describe, expect, it } from 'vitest';
import { getRequestErrorMessage } from './request-error-message';

/** A failed call as both apps' error classes carry it. */
function failure(body: unknown, statusText = '', status = 500) {
  return Object.assign(new Error(`Request failed with status ${status}`), { status, statusText, body });
}

describe('getRequestErrorMessage', () => {
  it('prefers the first validation error of the first field', () => {
    const error = failure(
      { message: 'Invalid', errors: { email: ['Bad email', 'Other'], name: ['x'] } },
      'Unprocessable Content',
      422,
    );
    expect(getRequestErrorMessage(error)).toBe('Bad email');
  });

  it('falls back to the message, then the status text, then Network Error', () => {
    expect(getRequestErrorMessage(failure({ message: 'Not found' }, 'Not Found', 404))).toBe('Not found');
    expect(getRequestErrorMessage(failure({ errors: { email: [] }, message: 'Invalid' }))).toBe('Invalid');
    expect(getRequestErrorMessage(failure(null, 'Bad Gateway', 502))).toBe('Bad Gateway');
    expect(getRequestErrorMessage(failure('<html>', '', 502))).toBe('Network Error');
    expect(getRequestErrorMessage(failure(null, '', 0))).toBe('Network Error');
  });

  it('treats anything that is not a failed call as a network failure', () => {
    expect(getRequestErrorMessage(new TypeError('fetch failed'))).toBe('Network Error');
    expect(getRequestErrorMessage(undefined)).toBe('Network Error');
  });

  it("says the network failure in the page's language when given the text", () => {
    expect(getRequestErrorMessage(failure(null, '', 0), 'Немає зʼєднання')).toBe('Немає зʼєднання');
    expect(getRequestErrorMessage(failure({ message: 'Oops' }), 'Немає зʼєднання')).toBe('Oops');
  });
});
