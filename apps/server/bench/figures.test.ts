import { describe, expect, it } from 'vitest';
import { buildApiRows, buildPagesRows, buildUploadRows } from './figures';
import type { LoadResult } from './load';

function load(requestsPerSec: number): LoadResult {
  return {
    url: '',
    requestsPerSec,
    p50Ms: 1,
    p99Ms: 2,
    requests: requestsPerSec * 8,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
  };
}

describe('buildApiRows', () => {
  it('holds the list to 50% (issue 2) and 60% (issue 6) of its baseline', () => {
    const [throughput] = buildApiRows({
      key: 'list',
      label: 'API list',
      path: '/api/v1/public-vacancies',
      bodyBytes: 9000,
      endpoint: load(5500),
      baseline: load(10_000),
    });
    expect(throughput?.ratio).toBe('55.0%');
    expect(throughput?.targets).toEqual([
      { label: '≥ 50% (#2)', isMet: true },
      { label: '≥ 60% (#6)', isMet: false },
    ]);
  });

  it('sets no target for the form definition', () => {
    const [throughput] = buildApiRows({
      key: 'form',
      label: 'API form',
      path: '/x',
      bodyBytes: 1,
      endpoint: load(1),
      baseline: load(10),
    });
    expect(throughput?.targets).toEqual([]);
  });
});

describe('buildUploadRows', () => {
  it('misses the memory target at 100 MB of growth and flags a refused upload', () => {
    const rows = buildUploadRows({
      uploads: 5,
      fileBytes: 52_428_800,
      preRssBytes: 500e6,
      peakRssBytes: 600e6,
      growthBytes: 100e6,
      statuses: [201, 201, 413, 201, 201],
      firstFailure: 'too large',
      wallMs: 2000,
      sampleCount: 100,
    });
    expect(rows[0]?.figure).toBe('5 × 50 MiB uploads at once: peak RSS growth');
    expect(rows[0]?.targets?.[0]?.isMet).toBe(false);
    expect(rows[1]?.value).toBe('4 of 5 × 201');
    expect(rows[1]?.targets?.[0]?.isMet).toBe(false);
  });
});

describe('buildPagesRows', () => {
  it('says the careers client was skipped when it is not built', () => {
    expect(buildPagesRows(null)).toEqual([
      { key: 'pages.skipped', figure: 'careers pages', value: 'careers client not built — skipped' },
    ]);
  });
});
