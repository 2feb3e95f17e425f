import { describe, expect, it } from 'vitest';
import { getRequestErrorMessage, RequestError } from './request';

describe('getRequestErrorMessage', () => {
  it('prefers the first validation error of the first field', () => {
    const error = new RequestError(422, 'Unprocessable Entity', {
      message: 'Please check the fields',
      errors: { 'fields.0.input_value': ['Enter a valid email'], 'fields.1.input_value': ['Too long'] },
    });
    expect(getRequestErrorMessage(error, 'Network Error')).toBe('Enter a valid email');
  });

  it("uses the server's message next", () => {
    expect(
      getRequestErrorMessage(new RequestError(500, 'Internal Server Error', { message: 'Oops' }), 'N'),
    ).toBe('Oops');
  });

  it('falls back to the status text, then to the network-error text', () => {
    expect(getRequestErrorMessage(new RequestError(502, 'Bad Gateway', null), 'Network Error')).toBe(
      'Bad Gateway',
    );
    expect(getRequestErrorMessage(new RequestError(null, '', null), 'Network Error')).toBe('Network Error');
    expect(getRequestErrorMessage(new TypeError('fetch failed'), 'Network Error')).toBe('Network Error');
  });
});
