import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A goal a figure is held against, e.g. '≥ 50% (#2)', and whether this run met it. */
export type Target = { label: string; isMet: boolean };

/** One line of the result table; `data` keeps the raw numbers for the JSON file. */
export type FigureRow = {
  key: string;
  figure: string;
  value: string;
  baseline?: string;
  ratio?: string;
  targets?: Target[];
  data?: Record<string, number | string | boolean | null | readonly number[]>;
};

/** What `bench-results/latest.json` holds. */
export type BenchReport = {
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryBytes: number;
    node: string;
    platform: string;
    /** 1-minute load average before the run (other work skews every figure) and after it (includes the bench). */
    loadAverage: { before: number; after: number };
  };
  settings: {
    database: 'pglite' | 'postgresql';
    durationSec: number;
    warmupSec: number;
    rounds: number;
    connections: number;
    /** The sections run (`--only`); all of them when absent (reports written before the flag). */
    sections?: string[];
  };
  rows: FigureRow[];
  /** Anything that went wrong (failed requests, a failed step); non-empty makes the run exit non-zero. */
  failures: string[];
};

const COLUMNS = ['figure', 'value', 'baseline', 'ratio', 'target'] as const;

export function formatTargets(targets: readonly Target[] | undefined): string {
  if (!targets || targets.length === 0) return '';
  return targets.map((target) => `${target.label} ${target.isMet ? 'met' : 'MISSED'}`).join(' · ');
}

/** The rows as a plain-text table whose columns line up in a terminal. */
export function formatReportTable(rows: readonly FigureRow[]): string {
  const cells = rows.map((row) => [
    row.figure,
    row.value,
    row.baseline ?? '',
    row.ratio ?? '',
    formatTargets(row.targets),
  ]);
  const widths = COLUMNS.map((column, i) =>
    Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0)),
  );
  const render = (line: readonly string[]): string =>
    line
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [render(COLUMNS), render(widths.map((width) => '-'.repeat(width))), ...cells.map(render)].join('\n');
}

export async function writeReportJson(filePath: string, report: BenchReport): Promise<void> {
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, `${JSON.stringify(report, null, 2)}\n`);
}

export function formatRate(perSecond: number, unit = 'req/s'): string {
  const digits = perSecond >= 100 ? 0 : 1;
  return `${perSecond.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
}

export function formatMs(ms: number): string {
  return `${ms.toLocaleString('en-US', { maximumFractionDigits: ms >= 100 ? 0 : 1 })} ms`;
}

/** Decimal units throughout (1 MB = 10^6 bytes), so a target of '100 MB' is never read generously. */
export function formatMB(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** File sizes as the limits are written (50 MiB = 52,428,800 bytes, the spec's '50 MB'). */
export function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB`;
}

export function formatKB(bytes: number): string {
  return `${(bytes / 1e3).toFixed(1)} kB`;
}

/** value ÷ baseline as a percentage with one decimal, e.g. '61.7%'. */
export function formatRatio(value: number, baseline: number): string {
  if (!(baseline > 0)) return 'n/a';
  return `${((value / baseline) * 100).toFixed(1)}%`;
}
