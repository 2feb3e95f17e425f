import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { computeMedian, computePercentile, runWithConcurrency } from './stats';

describe('computePercentile', () => {
  it('takes the nearest rank, so p95 of 1..20 is 19 and p50 is 10', () => {
    const values = Array.from({ length: 20 }, (_, i) => 20 - i);
    expect(computePercentile(values, 95)).toBe(19);
    expect(computePercentile(values, 50)).toBe(10);
    expect(computePercentile(values, 100)).toBe(20);
    expect(computePercentile(values, 0)).toBe(1);
  });

  it('is NaN for no values', () => {
    expect(computePercentile([], 50)).toBeNaN();
  });
});

describe('computeMedian', () => {
  it('averages the two middle values of an even count', () => {
    expect(computeMedian([4, 1, 3, 2])).toBe(2.5);
    expect(computeMedian([5, 1, 3])).toBe(3);
  });
});

describe('runWithConcurrency', () => {
  it('never runs more than the limit at once and keeps results in index order', async () => {
    let running = 0;
    let peak = 0;
    const results = await runWithConcurrency(10, 3, async (i) => {
      running += 1;
      peak = Math.max(peak, running);
      await sleep(5 + ((i * 7) % 4));
      running -= 1;
      return i * 2;
    });
    expect(peak).toBe(3);
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });
});
