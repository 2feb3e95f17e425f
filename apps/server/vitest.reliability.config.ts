import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * Reliability tests (issue 6): each file starts real server processes and kills, drains, starves or
 * floods them. One file at a time — they measure memory and latency on a 2-core machine, and each
 * PGlite server costs ~1 GB — with timeouts sized for server restarts.
 */
export default defineProject({
  // So `vitest run -c apps/server/vitest.reliability.config.ts` from the repository root finds the tests.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['test/reliability/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    sequence: { groupOrder: 2 },
  },
});
