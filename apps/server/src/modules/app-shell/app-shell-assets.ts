import { type ClientAssets, createClientAssetsReader } from '../../lib/vite-client-assets';

/** URL prefix the HR app's build is served under; apps/hr/vite.config.ts `base` must match. */
export const HR_STATIC_PREFIX = '/static/hr/';

export type HrClientAssets = ClientAssets;

/** The HR app's linked files, re-read when its build changes. */
export function createHrAssetsReader(clientDir: string): () => Promise<HrClientAssets | null> {
  return createClientAssetsReader({
    clientDir,
    entrySource: 'src/app/entry-client.tsx',
    staticPrefix: HR_STATIC_PREFIX,
  });
}
