import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { findChromium, missingToolsLine } from '../tooling/system/system-tools';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// This file is evaluated by the runner and again by every worker; the environment carries the
// runner's choice of port and data directory to the workers, so they all reach the same server.
process.env.KADRY_E2E_PORT ??= String(await findFreePort());
process.env.KADRY_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'kadry-e2e-'));
const port = process.env.KADRY_E2E_PORT;
const dataDir = process.env.KADRY_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium or another local install (npm test provisions one); never a downloaded browser.
const chromium = findChromium();
if (!chromium.isFound) throw new Error(missingToolsLine(['chromium'], 'the browser tests'));

/**
 * Real Chromium (a local install, never a downloaded one) against the real server with a fresh database:
 * the demo data plus one vacancy with unsafe HTML (careers/seed-e2e-database.ts). The careers client
 * must be built first; `npm run test:e2e` does that.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One folder per run: Playwright empties its output folder at start, and several runs may share a tree.
  outputDir: path.join(repoRoot, 'e2e', 'test-results', `run-${port}`),
  globalTeardown: './careers/remove-data-dir.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium.path,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command:
      'npx tsx e2e/careers/seed-e2e-database.ts && npx tsx e2e/form/seed-captcha-company.ts && npx tsx e2e/hr/seed-hr-users.ts && npx tsx e2e/dashboard/seed-demo-first-start.ts && npx tsx apps/server/src/server.ts',
    cwd: repoRoot,
    url: `${baseURL}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // KADRY_TEST_ROUTES: the form specs read applications back through /api/test (e2e/form).
    // SHED_EVENT_LOOP_DELAY_MS=0: load shedding has its own test (plugins/load-shedding.test.ts); on a
    // busy machine a lagging event loop would otherwise turn page and asset loads into 503s.
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      KADRY_TEST_ROUTES: '1',
      // The test routes and the test captcha provider are refused in production (the default).
      NODE_ENV: 'test',
      SHED_EVENT_LOOP_DELAY_MS: '0',
    },
  },
});
