import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, REQUEST_ERROR_EVENT } from '../api-client';
import { listenForRequestErrors } from './listen-for-request-errors';
import { SnackbarHost } from './snackbar-host';
import { createSnackbarStore, getSnackbarTimeout, SNACKBAR_KINDS } from './snackbar-store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('snackbar store', () => {
  it('has the kinds success, error, info and warn', () => {
    expect(SNACKBAR_KINDS).toEqual(['success', 'error', 'info', 'warn']);
  });

  it('closes errors after 3 s and the other kinds after 4 s', () => {
    const store = createSnackbarStore();
    store.error('Failed');
    store.success('Saved');
    store.info('Note');
    store.warn('Careful');
    vi.advanceTimersByTime(2_999);
    expect(store.getSnapshot()).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((item) => item.kind)).toEqual(['success', 'info', 'warn']);
    vi.advanceTimersByTime(999);
    expect(store.getSnapshot()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
    expect(getSnackbarTimeout('error')).toBe(3_000);
    expect(getSnackbarTimeout('info')).toBe(4_000);
  });

  it('keeps a snackbar with timeout 0 until it is closed, and closing clears it', () => {
    const store = createSnackbarStore();
    const id = store.show('info', 'Stays', { timeout: 0 });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
  });
});

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

describe('SnackbarHost', () => {
  it('announces errors as alerts and others as status, and closes one on its button', async () => {
    vi.useRealTimers();
    const store = createSnackbarStore();
    render(<SnackbarHost store={store} closeLabel="Close" />);
    act(() => {
      store.error('Could not save');
      store.success('Saved');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getSnapshot().map((item) => item.message)).toEqual(['Saved']);
  });
});
