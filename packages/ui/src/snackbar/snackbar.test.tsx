import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('closes errors after 3 s and the other kinds after 4 s (spec §9)', () => {
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
    expect(getSnackbarTimeout('success')).toBe(4_000);
    expect(getSnackbarTimeout('info')).toBe(4_000);
    expect(getSnackbarTimeout('warn')).toBe(4_000);
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

describe('SnackbarHost', () => {
  it('announces errors and warnings as alerts and the rest as status, and closes one on its button', async () => {
    vi.useRealTimers();
    const store = createSnackbarStore();
    render(<SnackbarHost store={store} closeLabel="Close" />);
    act(() => {
      store.error('Could not save');
      store.success('Saved');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(screen.getByRole('alert')).toHaveClass('snackbar--error');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('status')).toHaveClass('snackbar--success');
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getSnapshot().map((item) => item.message)).toEqual(['Saved']);
    act(() => {
      store.warn('Careful');
    });
    expect(screen.getByRole('alert')).toHaveClass('snackbar--warn');
  });

  it('takes an error off the screen after 3 seconds', () => {
    const store = createSnackbarStore();
    render(<SnackbarHost store={store} closeLabel="Close" />);
    act(() => {
      store.error('Network Error');
    });
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByRole('alert')).toHaveTextContent('Network Error');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
