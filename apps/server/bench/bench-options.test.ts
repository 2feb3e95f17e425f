import { describe, expect, it } from 'vitest';
import { DEFAULT_BENCH_SECTIONS, readBenchOptions, readBenchSections } from './bench-options';

describe('readBenchOptions', () => {
  it('defaults to 8 s in 4 rounds at 50 connections on the embedded database', () => {
    expect(readBenchOptions({})).toEqual({
      durationSec: 8,
      warmupSec: 1,
      rounds: 4,
      connections: 50,
      databaseUrl: undefined,
      scalingDatabaseUrl: undefined,
      nginxBin: null,
      sections: [...DEFAULT_BENCH_SECTIONS],
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

describe('readBenchSections', () => {
  it('runs every section but scaling without --only', () => {
    expect(readBenchSections([])).toEqual([
      'api',
      'uploads',
      'submissions',
      'pages',
      'lighthouse',
      'people',
      'absences',
      'candidate-search',
      'bulk-move',
      'statistics',
      'dashboard',
    ]);
    expect(readBenchSections(['--only', 'absences'])).toEqual(['absences']);
    expect(readBenchSections(['--only', 'candidate-search'])).toEqual(['candidate-search']);
    expect(readBenchSections(['--only', 'bulk-move'])).toEqual(['bulk-move']);
    expect(readBenchSections(['--only', 'statistics'])).toEqual(['statistics']);
    expect(readBenchSections(['--only', 'dashboard'])).toEqual(['dashboard']);
    expect(readBenchSections(['--only', 'scaling'])).toEqual(['scaling']);
  });

  it('reads the scaling cluster and nginx that npm run bench hands over', () => {
    expect(
      readBenchOptions({
        KADRY_SCALING_DATABASE_URL: 'postgres://postgres@127.0.0.1:5999/kadry',
        KADRY_NGINX: '/usr/sbin/nginx',
      }),
    ).toMatchObject({
      scalingDatabaseUrl: 'postgres://postgres@127.0.0.1:5999/kadry',
      nginxBin: '/usr/sbin/nginx',
    });
    expect(() => readBenchOptions({ KADRY_SCALING_DATABASE_URL: 'mysql://x' })).toThrow(
      /KADRY_SCALING_DATABASE_URL/,
    );
  });

  it('reads --only with a space or =, comma-separated or repeated, in the run order', () => {
    expect(readBenchSections(['--only', 'people'])).toEqual(['people']);
    expect(readBenchSections(['--only=people,api'])).toEqual(['api', 'people']);
    expect(readBenchSections(['--only', 'uploads', '--only=api'])).toEqual(['api', 'uploads']);
    expect(readBenchOptions({}, ['--only', 'people']).sections).toEqual(['people']);
  });

  it('refuses an unknown section, a missing name and an unknown argument', () => {
    expect(() => readBenchSections(['--only', 'peple'])).toThrow(/Unknown bench section peple.*people/);
    expect(() => readBenchSections(['--only'])).toThrow(/needs a section name/);
    expect(() => readBenchSections(['--only='])).toThrow(/needs a section name/);
    expect(() => readBenchSections(['--fast'])).toThrow(/Unknown bench argument --fast/);
  });
});
