import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    // Reliability tests start real server processes; they have their own config and script.
    exclude: ['test/reliability/**', 'node_modules/**'],
    // Migrates one template database per run; each test file starts from a copy (test/db.ts).
    globalSetup: ['test/global-setup.ts'],
    // Checks that every statement the app under test sent filters by company_id (docs/scaling.md).
    setupFiles: ['test/tenant-filter/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is WASM with a large heap: separate processes, and few of them (each copy costs memory).
    pool: 'forks',
    maxWorkers: 2,
    // Runs as its own group (after the browser-side projects), since its worker limit differs.
    sequence: { groupOrder: 1 },
  },
});
