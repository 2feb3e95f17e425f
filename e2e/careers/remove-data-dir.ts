import { rm } from 'node:fs/promises';

/** Global teardown: the temporary DATA_DIR of the run (playwright.config.ts) goes away. */
export default async function removeDataDir(): Promise<void> {
  const dataDir = process.env.KADRY_E2E_DATA_DIR;
  if (dataDir?.includes('kadry-e2e-')) await rm(dataDir, { recursive: true, force: true });
}
