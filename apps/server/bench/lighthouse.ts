import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { FigureRow } from './report';

/** The four categories Lighthouse scores, with the target of each (issue 6; issue 18: all four 100). */
export const LIGHTHOUSE_CATEGORIES = [
  { id: 'performance', label: 'performance (mobile)', target: 100 },
  { id: 'accessibility', label: 'accessibility', target: 100 },
  { id: 'best-practices', label: 'best practices', target: 100 },
  { id: 'seo', label: 'SEO', target: 100 },
] as const;

export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]['id'];

export type LighthouseScores = {
  url: string;
  scores: Record<LighthouseCategory, number>;
  /** The scored audits of these categories that did not pass, with their score (0–1), for the report. */
  failing: { category: LighthouseCategory; audit: string; score: number }[];
};

/**
 * Lighthouse's performance, accessibility, best-practices and SEO scores (0–100) of each page, with
 * its default mobile emulation (a mid-range phone on a throttled connection), in one headless Chromium.
 */
export async function measureLighthouse(urls: readonly string[]): Promise<LighthouseScores[] | null> {
  // A local Chromium (Debian's, or another install), found by tooling/run-bench.ts (`npm run bench`)
  // and handed over in KADRY_CHROMIUM; no browser is ever downloaded.
  const chromiumPath = process.env.KADRY_CHROMIUM;
  if (!chromiumPath) return null;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const results: LighthouseScores[] = [];
    for (const url of urls) {
      const run = () =>
        lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: LIGHTHOUSE_CATEGORIES.map((category) => category.id),
        });
      let result = await run();
      // A run the browser could not finish (a protocol timeout on a busy machine) scores nothing:
      // it is tried once more rather than reported as zeros.
      if (result?.lhr.runtimeError) result = await run();
      const lhr = result?.lhr;
      const scores = Object.fromEntries(
        LIGHTHOUSE_CATEGORIES.map(({ id }) => [id, Math.round((lhr?.categories[id]?.score ?? 0) * 100)]),
      ) as Record<LighthouseCategory, number>;
      const failing = LIGHTHOUSE_CATEGORIES.flatMap(({ id }) =>
        (lhr?.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => ({ category: id, audit: ref.id, score: lhr?.audits[ref.id]?.score ?? null }))
          .filter(
            (entry): entry is { category: LighthouseCategory; audit: string; score: number } =>
              entry.score !== null && entry.score < 1,
          ),
      );
      results.push({ url, scores, failing });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

export function buildLighthouseRows(
  scores: LighthouseScores[] | null,
  labels: readonly string[],
): FigureRow[] {
  if (!scores)
    return [
      {
        key: 'lighthouse.skipped',
        figure: 'Lighthouse',
        value: `no Chromium found — skipped (npm test installs it; or set KADRY_CHROMIUM)`,
      },
    ];
  return scores.flatMap((score, index) => {
    const label = labels[index] ?? score.url;
    return LIGHTHOUSE_CATEGORIES.map(({ id, label: category, target }) => {
      const value = score.scores[id];
      const failing = score.failing.filter((entry) => entry.category === id);
      return {
        key: `lighthouse.${index}.${id}`,
        figure: `${label}: Lighthouse ${category}`,
        value:
          failing.length > 0
            ? `${value} (below 1: ${failing.map((entry) => entry.audit).join(', ')})`
            : String(value),
        targets: [{ label: `${target} (#6, #18)`, isMet: value >= target }],
        data: { score: value, failing: failing.map((entry) => `${entry.audit} ${entry.score}`).join(', ') },
      };
    });
  });
}
