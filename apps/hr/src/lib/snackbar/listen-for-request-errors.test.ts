import { createSnackbarStore } from '@kadry/ui/snackbar/snackbar-store';
import { describe, expect, it } from 'vitest';
import { ApiError, REQUEST_ERROR_EVENT } from '../api-client';
import { listenForRequestErrors } from './listen-for-request-errors';

describe('request errors', () => {
  it('show as an error snackbar with the user-facing message', () => {
    const store = createSnackbarStore();
    const target = new EventTarget();
    const stop = listenForRequestErrors(store, target);
    const error = new ApiError({
      status: 422,
      statusText: 'Unprocessable Content',
      body: { message: 'Invalid', errors: { email: ['Enter a valid email'] } },
      response: null,
    });
    target.dispatchEvent(new CustomEvent(REQUEST_ERROR_EVENT, { detail: error }));
    expect(store.getSnapshot()).toEqual([{ id: 1, kind: 'error', message: 'Enter a valid email' }]);
    stop();
    target.dispatchEvent(new CustomEvent(REQUEST_ERROR_EVENT, { detail: error }));
    expect(store.getSnapshot()).toHaveLength(1);
  });
});
