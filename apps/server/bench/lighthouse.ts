import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { FigureRow } from './report';

export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100 } as const;

export type LighthouseScores = { url: string; performance: number; accessibility: number };

/**
 * Lighthouse's performance and accessibility scores (0–100) of each page, with its default mobile
 * emulation (a mid-range phone on a throttled connection), in one headless Chromium.
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
    const scores: LighthouseScores[] = [];
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const categories = result?.lhr.categories;
      scores.push({
        url,
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      });
    }
    return scores;
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
    return [
      {
        key: `lighthouse.${index}.performance`,
        figure: `${label}: Lighthouse performance (mobile)`,
        value: String(score.performance),
        targets: [
          {
            label: `≥ ${LIGHTHOUSE_TARGETS.performance} (#6)`,
            isMet: score.performance >= LIGHTHOUSE_TARGETS.performance,
          },
        ],
        data: { score: score.performance },
      },
      {
        key: `lighthouse.${index}.accessibility`,
        figure: `${label}: Lighthouse accessibility`,
        value: String(score.accessibility),
        targets: [
          {
            label: `${LIGHTHOUSE_TARGETS.accessibility} (#6)`,
            isMet: score.accessibility >= LIGHTHOUSE_TARGETS.accessibility,
          },
        ],
        data: { score: score.accessibility },
      },
    ];
  });
}
