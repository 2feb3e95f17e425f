import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The careers app's server-side renderer, as scripts/build.mjs builds it; test apps render with it. */
export const CAREERS_SERVER_ENTRY = fileURLToPath(
  new URL('../../careers/dist/server/entry-server.js', import.meta.url),
);

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Builds the careers page renderer when it is missing or older than its sources (the same
 * staleness-checked build `npm start` runs), so the server's tests work on a fresh clone.
 */
export function buildCareersRenderer(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', 'careers-server'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(`Building the careers page renderer failed (exit ${result.status ?? result.signal}).`);
  }
}
