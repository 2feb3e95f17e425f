import type { SnackbarKind } from '@kadry/ui/snackbar/snackbar-store';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar } from './snackbar';

function Trigger({ kind, message }: { kind: SnackbarKind; message: string }) {
  const show = useSnackbar();
  return (
    <button type="button" onClick={() => show(kind, message)}>
      show {message}
    </button>
  );
}

function renderTriggers(...triggers: { kind: SnackbarKind; message: string }[]) {
  render(
    <SnackbarProvider closeLabel="Close">
      {triggers.map((trigger) => (
        <Trigger key={trigger.message} {...trigger} />
      ))}
    </SnackbarProvider>,
  );
}

const press = (message: string) => act(() => screen.getByRole('button', { name: `show ${message}` }).click());

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the page snackbar', () => {
  it('closes an error after 3 seconds', () => {
    renderTriggers({ kind: 'error', message: 'Network Error' });
    press('Network Error');
    expect(screen.getByRole('alert')).toHaveTextContent('Network Error');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows one at a time: the newest replaces the one on screen and gets its own time', () => {
    renderTriggers({ kind: 'error', message: 'First' }, { kind: 'success', message: 'Second' });
    press('First');
    act(() => vi.advanceTimersByTime(2000));
    press('Second');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Second');
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes on the close button', () => {
    renderTriggers({ kind: 'info', message: 'Hello' });
    press('Hello');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByText('Hello', { selector: 'p' })).not.toBeInTheDocument();
  });
});
