import type { LoadResult } from './load';
import type { CareersPagesResult } from './pages';
import {
  type FigureRow,
  formatKB,
  formatMB,
  formatMiB,
  formatMs,
  formatRate,
  formatRatio,
  type Target,
} from './report';
import type { SubmissionResult } from './submissions';
import type { UploadMemoryResult } from './upload-memory';

/** The public API endpoints the bench loads. */
export type ApiEndpointKey = 'list' | 'search' | 'details' | 'form';

/** Throughput as a share of the baseline's, per endpoint, with the issue that asks for it. */
export const THROUGHPUT_TARGETS: Partial<Record<ApiEndpointKey, { minRatio: number; label: string }[]>> = {
  list: [
    { minRatio: 0.5, label: '≥ 50% (#2)' },
    { minRatio: 0.6, label: '≥ 60% (#6)' },
  ],
  details: [{ minRatio: 0.6, label: '≥ 60% (#6)' }],
};

/** Peak RSS growth allowed while 5 × 50 MB uploads stream in (issues 2 and 6), decimal MB. */
export const UPLOAD_GROWTH_LIMIT_BYTES = 100e6;
/** Gzipped JavaScript a careers page may load before the form is opened (issue 3), decimal kB. */
export const PAGE_JS_LIMIT_BYTES = 100e3;

export type ApiMeasurement = {
  key: ApiEndpointKey;
  label: string;
  path: string;
  bodyBytes: number;
  endpoint: LoadResult;
  baseline: LoadResult;
};

export function buildApiRows(m: ApiMeasurement): FigureRow[] {
  const ratio = m.baseline.requestsPerSec > 0 ? m.endpoint.requestsPerSec / m.baseline.requestsPerSec : 0;
  const targets: Target[] = (THROUGHPUT_TARGETS[m.key] ?? []).map((target) => ({
    label: target.label,
    isMet: ratio >= target.minRatio,
  }));
  return [
    {
      key: `api.${m.key}.throughput`,
      figure: `${m.label}: req/s`,
      value: formatRate(m.endpoint.requestsPerSec),
      baseline: formatRate(m.baseline.requestsPerSec),
      ratio: formatRatio(m.endpoint.requestsPerSec, m.baseline.requestsPerSec),
      targets,
      data: {
        path: m.path,
        bodyBytes: m.bodyBytes,
        requestsPerSec: m.endpoint.requestsPerSec,
        baselineRequestsPerSec: m.baseline.requestsPerSec,
        ratio,
        requests: m.endpoint.requests,
        baselineRequests: m.baseline.requests,
      },
    },
    {
      key: `api.${m.key}.p99`,
      figure: `${m.label}: p99 latency`,
      value: formatMs(m.endpoint.p99Ms),
      baseline: formatMs(m.baseline.p99Ms),
      data: { p99Ms: m.endpoint.p99Ms, baselineP99Ms: m.baseline.p99Ms, p50Ms: m.endpoint.p50Ms },
    },
  ];
}

export function buildUploadRows(r: UploadMemoryResult): FigureRow[] {
  const label = `${r.uploads} × ${formatMiB(r.fileBytes)} uploads at once`;
  const created = r.statuses.filter((status) => status === 201).length;
  return [
    {
      key: 'upload.rss_growth',
      figure: `${label}: peak RSS growth`,
      value: formatMB(r.growthBytes),
      baseline: `RSS before ${formatMB(r.preRssBytes)}`,
      targets: [{ label: '< 100 MB (#2, #6)', isMet: r.growthBytes < UPLOAD_GROWTH_LIMIT_BYTES }],
      data: {
        growthBytes: r.growthBytes,
        preRssBytes: r.preRssBytes,
        peakRssBytes: r.peakRssBytes,
        sampleCount: r.sampleCount,
      },
    },
    {
      key: 'upload.statuses',
      figure: `${label}: answers`,
      value: `${created} of ${r.uploads} × 201`,
      targets: [{ label: 'all 201', isMet: created === r.uploads }],
      data: { statuses: r.statuses },
    },
    {
      key: 'upload.wall_time',
      figure: `${label}: wall time`,
      value: formatMs(r.wallMs),
      data: { wallMs: r.wallMs },
    },
  ];
}

export function buildSubmissionRows(r: SubmissionResult): FigureRow[] {
  const label = `${r.count} applications with a ${formatMiB(r.cvBytes)} CV, ${r.concurrency} at a time`;
  const data = { p50Ms: r.p50Ms, p95Ms: r.p95Ms, perSecond: r.perSecond, wallMs: r.wallMs, failed: r.failed };
  return [
    { key: 'submit.p50', figure: `${label}: p50`, value: formatMs(r.p50Ms), data },
    {
      key: 'submit.p95',
      figure: `${label}: p95`,
      value: formatMs(r.p95Ms),
      targets: [{ label: 'all 201', isMet: r.failed === 0 }],
    },
    {
      key: 'submit.throughput',
      figure: `${label}: throughput`,
      value: formatRate(r.perSecond, 'applications/s'),
    },
  ];
}

export function buildPagesRows(r: CareersPagesResult | null): FigureRow[] {
  if (!r) {
    return [{ key: 'pages.skipped', figure: 'careers pages', value: 'careers client not built — skipped' }];
  }
  const jsRow = (key: string, figure: string, page: CareersPagesResult['list']): FigureRow => ({
    key,
    figure,
    value: formatKB(page.gzipBytes),
    targets: [{ label: '≤ 100 kB (#3)', isMet: page.gzipBytes <= PAGE_JS_LIMIT_BYTES }],
    data: { gzipBytes: page.gzipBytes, scripts: page.scripts.map((script) => script.gzipBytes) },
  });
  return [
    jsRow('pages.list.js', '/careers: JS loaded at once, gzip -9', r.list),
    jsRow('pages.details.js', '/careers/{id}: JS loaded at once, gzip -9', r.details),
    ...r.lazyChunks.map(
      (chunk): FigureRow => ({
        key: `pages.lazy.${chunk.name}`,
        figure: `lazy chunk ${chunk.name}: JS, gzip -9`,
        value: formatKB(chunk.gzipBytes),
        data: { gzipBytes: chunk.gzipBytes },
      }),
    ),
    {
      key: 'pages.list.ttfb',
      figure: '/careers: time to first byte (median of 20)',
      value: formatMs(r.ttfb.list),
      data: { medianMs: r.ttfb.list },
    },
    {
      key: 'pages.details.ttfb',
      figure: '/careers/{id}: time to first byte (median of 20)',
      value: formatMs(r.ttfb.details),
      data: { medianMs: r.ttfb.details },
    },
  ];
}
