import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts (environment, setup files); this file only lists them.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/ui', 'apps/server', 'apps/careers', 'apps/hr'],
    passWithNoTests: false,
  },
});
