import { describe, expect, it } from 'vitest';
import { readBenchOptions } from './bench-options';

describe('readBenchOptions', () => {
  it('defaults to 8 s in 4 rounds at 50 connections on the embedded database', () => {
    expect(readBenchOptions({})).toEqual({
      durationSec: 8,
      warmupSec: 1,
      rounds: 4,
      connections: 50,
      databaseUrl: undefined,
    });
    expect(readBenchOptions({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names each bad setting', () => {
    expect(() => readBenchOptions({ BENCH_DURATION: 'soon', DATABASE_URL: 'mysql://x' })).toThrow(
      /BENCH_DURATION[\s\S]*DATABASE_URL/,
    );
  });

  it('reads a duration and a PostgreSQL URL', () => {
    expect(
      readBenchOptions({ BENCH_DURATION: '3', DATABASE_URL: 'postgres://u@localhost/kadry_bench' }),
    ).toMatchObject({
      durationSec: 3,
      databaseUrl: 'postgres://u@localhost/kadry_bench',
    });
  });
});
