import { setTimeout as sleep } from 'node:timers/promises';
import { send } from './http-send';
import type { PeopleCompany } from './people-company';
import type { FigureRow } from './report';
import { computeMedian, computePercentile } from './stats';
import { readRssBytes } from './upload-memory';

// What the people and statistics sections both measure: the same calls on the 10,000-people company
// and on the 100-people one, the big one's p95 as a ratio to the small one's; and the server's RSS
// before a step.

/** One measured call: `path` for either company, `count` sequential requests on each. */
export type RatioCall = {
  key: string;
  label: string;
  path: (company: PeopleCompany) => string;
  count: number;
};

export const formatMs = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

/** The p95 of `count` sequential GETs after a short warm-up; fails on any non-200. */
export async function measureP95(origin: string, company: PeopleCompany, pathname: string, count: number) {
  const times: number[] = [];
  const warmup = Math.max(2, Math.ceil(count / 10));
  for (let i = 0; i < warmup + count; i += 1) {
    const answer = await send(`${origin}${pathname}`, { headers: company.headers });
    if (answer.status !== 200) {
      throw new Error(
        `GET ${pathname} (${company.host}) answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`,
      );
    }
    if (i >= warmup) times.push(answer.ms);
  }
  return { p95: computePercentile(times, 95), median: computeMedian(times), samples: times.length };
}

/**
 * Each call on the big company, then on the small one: a row with the big one's p95, the small one's
 * as its baseline, and whether the ratio meets the goal of issue `issue` (≤ 2×). Logged under `section`.
 */
export async function measureCompanyRatios(input: {
  origin: string;
  big: PeopleCompany;
  small: PeopleCompany;
  calls: readonly RatioCall[];
  section: string;
  issue: number;
  log: (message: string) => void;
}): Promise<FigureRow[]> {
  const { origin, big, small } = input;
  const rows: FigureRow[] = [];
  for (const call of input.calls) {
    input.log(`${input.section}: ${call.label}`);
    const measuredBig = await measureP95(origin, big, call.path(big), call.count);
    const measuredSmall = await measureP95(origin, small, call.path(small), call.count);
    const ratio = measuredBig.p95 / measuredSmall.p95;
    rows.push({
      key: call.key,
      figure: `10,000 people: ${call.label}: p95`,
      value: formatMs(measuredBig.p95),
      baseline: `100 people: ${formatMs(measuredSmall.p95)}`,
      ratio: `${ratio.toFixed(2)}×`,
      targets: [{ label: `≤ 2× (#${input.issue})`, isMet: ratio <= 2 }],
      data: {
        p95Ms: measuredBig.p95,
        medianMs: measuredBig.median,
        smallP95Ms: measuredSmall.p95,
        smallMedianMs: measuredSmall.median,
        samples: measuredBig.samples,
      },
    });
  }
  return rows;
}

/** RSS before a step: the median of quiet samples. */
export async function quietRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    samples.push(readRssBytes(pid));
    await sleep(20);
  }
  return computeMedian(samples);
}
