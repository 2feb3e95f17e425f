import autocannon from 'autocannon';
import { computeMedian } from './stats';

export type LoadOptions = { url: string; connections: number; durationSec: number; warmupSec: number };

export type LoadResult = {
  url: string;
  /** Completed requests per second over the measured time. */
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** What one autocannon run contributes to a LoadResult. */
export type LoadRound = Pick<autocannon.Result, 'duration' | 'non2xx' | 'errors' | 'timeouts'> & {
  requests: { total: number };
  latency: { p50: number; p99: number };
};

function runAutocannon(url: string, connections: number, durationSec: number): Promise<autocannon.Result> {
  // pipelining 1 and keep-alive: what browsers behind a proxy do; the same for endpoint and baseline.
  return autocannon({ url, connections, duration: durationSec, pipelining: 1, timeout: 10 });
}

/**
 * Rounds of one target merged: throughput over the summed time, the median round's p50 and the worst
 * round's p99 (a burst in one round is not averaged away).
 */
export function combineRounds(url: string, rounds: readonly LoadRound[]): LoadResult {
  const sum = (pick: (round: LoadRound) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  const seconds = sum((round) => round.duration);
  const requests = sum((round) => round.requests.total);
  return {
    url,
    requestsPerSec: seconds > 0 ? requests / seconds : 0,
    p50Ms: computeMedian(rounds.map((round) => round.latency.p50)),
    p99Ms: Math.max(...rounds.map((round) => round.latency.p99)),
    requests,
    non2xx: sum((round) => round.non2xx),
    errors: sum((round) => round.errors),
    timeouts: sum((round) => round.timeouts),
  };
}

/** autocannon at `connections` for `durationSec`, after a discarded warm-up run (JIT, caches, pools). */
export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSec > 0) await runAutocannon(options.url, options.connections, options.warmupSec);
  return combineRounds(options.url, [
    await runAutocannon(options.url, options.connections, options.durationSec),
  ]);
}

export type PairedLoadOptions = {
  endpointUrl: string;
  baselineUrl: string;
  connections: number;
  /** Measured seconds per target, split over the rounds. */
  durationSec: number;
  warmupSec: number;
  rounds: number;
};

/**
 * Loads an endpoint and its baseline in alternating rounds (endpoint, baseline, endpoint, …), so that
 * whatever else the machine does at a given moment falls on both alike and the ratio stays fair.
 */
export async function measureAgainstBaseline(
  options: PairedLoadOptions,
): Promise<{ endpoint: LoadResult; baseline: LoadResult }> {
  const { connections, warmupSec } = options;
  if (warmupSec > 0) {
    await runAutocannon(options.endpointUrl, connections, warmupSec);
    await runAutocannon(options.baselineUrl, connections, warmupSec);
  }
  const roundSec = options.durationSec / options.rounds;
  const endpointRounds: LoadRound[] = [];
  const baselineRounds: LoadRound[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    endpointRounds.push(await runAutocannon(options.endpointUrl, connections, roundSec));
    baselineRounds.push(await runAutocannon(options.baselineUrl, connections, roundSec));
  }
  return {
    endpoint: combineRounds(options.endpointUrl, endpointRounds),
    baseline: combineRounds(options.baselineUrl, baselineRounds),
  };
}

/** Why a load run cannot be trusted, or null when every request got a 2xx. */
export function describeLoadFailure(label: string, result: LoadResult): string | null {
  if (result.requests === 0) return `${label}: no request completed`;
  if (result.errors === 0 && result.non2xx === 0) return null;
  return `${label}: ${result.errors} errors (${result.timeouts} timeouts) and ${result.non2xx} non-2xx answers of ${result.requests} requests`;
}
