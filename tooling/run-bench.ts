/**
 * `npm run bench`: finds the machine's Chromium for the Lighthouse figures (as npm test does; never a
 * download), then runs apps/server/bench/main.ts in its own process with the path in KADRY_CHROMIUM.
 * The bench imports nothing from tooling/; its arguments pass through.
 */
import { spawnSync } from 'node:child_process';
import { findChromium } from './system/system-tools';

const chromium = findChromium();
const result = spawnSync(
  process.execPath,
  ['--import', './tooling/tsx-register.mjs', 'apps/server/bench/main.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, ...(chromium.isFound ? { KADRY_CHROMIUM: chromium.path } : {}) },
  },
);
process.exit(result.status ?? 1);
