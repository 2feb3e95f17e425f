import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepRenewing, renewalIntervalOf } from './lease-renewal';

afterEach(() => {
  vi.useRealTimers();
});

describe('keepRenewing', () => {
  it('renews every interval until stopped', async () => {
    vi.useFakeTimers();
    const renew = vi.fn(async () => undefined);
    const stop = keepRenewing(renew, 1_000);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(renew).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(renew).toHaveBeenCalledTimes(3);
  });

  it('never runs two renewals at once, and goes on after a failed one', async () => {
    vi.useFakeTimers();
    let running = 0;
    let maxRunning = 0;
    let calls = 0;
    const errors: unknown[] = [];
    const stop = keepRenewing(
      async () => {
        calls += 1;
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        // The first renewal hangs for 2.5 intervals, the second fails.
        await new Promise((resolve) => setTimeout(resolve, calls === 1 ? 2_500 : 10));
        running -= 1;
        if (calls === 2) throw new Error('database away');
      },
      1_000,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(6_000);
    stop();
    expect(maxRunning).toBe(1);
    expect(errors).toHaveLength(1);
    // Ticks at 2 s and 3 s fall while the first renewal still runs; 4, 5 and 6 s renew again.
    expect(calls).toBe(4);
  });

  it('gives a lease three renewals before it would run out', () => {
    expect(renewalIntervalOf(15_000)).toBe(5_000);
    expect(renewalIntervalOf(3)).toBe(10);
  });
});
