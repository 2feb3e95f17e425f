import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSnackbarDuration, type SnackbarInput, SnackbarProvider, useSnackbar } from './snackbar';

function Trigger({ input }: { input: SnackbarInput }) {
  const show = useSnackbar();
  return (
    <button type="button" onClick={() => show(input)}>
      show
    </button>
  );
}

function renderWith(input: SnackbarInput) {
  render(
    <SnackbarProvider closeLabel="Close">
      <Trigger input={input} />
    </SnackbarProvider>,
  );
  act(() => screen.getByRole('button', { name: 'show' }).click());
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('snackbar', () => {
  it('keeps errors 3 s and everything else 4 s (spec §9)', () => {
    expect(getSnackbarDuration('error')).toBe(3000);
    expect(getSnackbarDuration('success')).toBe(4000);
    expect(getSnackbarDuration('info')).toBe(4000);
    expect(getSnackbarDuration('warn')).toBe(4000);
  });

  it('closes an error after 3 seconds', () => {
    renderWith({ kind: 'error', message: 'Network Error' });
    expect(screen.getByRole('alert')).toHaveTextContent('Network Error');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows success and info politely and closes them after 4 seconds', () => {
    renderWith({ kind: 'success', message: 'Saved' });
    const status = screen.getByRole('status');
    expect(status).toHaveClass('snackbar--success');
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces a warning as an alert', () => {
    renderWith({ kind: 'warn', message: 'Careful' });
    expect(screen.getByRole('alert')).toHaveClass('snackbar--warn');
  });

  it('closes on the close button', () => {
    renderWith({ kind: 'info', message: 'Hello', durationMs: 60_000 });
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });
});
