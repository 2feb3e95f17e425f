import { type ClientAssets, createClientAssetsReader } from '../../lib/vite-client-assets';

/** URL prefix the careers client build is served under; apps/careers/vite.config.ts `base` must match. */
export const CAREERS_STATIC_PREFIX = '/static/careers/';

export type CareersClientAssets = ClientAssets;

/** The careers page's linked files, re-read when its build changes. */
export function createCareersAssetsReader(clientDir: string): () => Promise<CareersClientAssets | null> {
  return createClientAssetsReader({
    clientDir,
    entrySource: 'src/app/entry-client.tsx',
    staticPrefix: CAREERS_STATIC_PREFIX,
    // The careers CSS is a few KB: carried in the page, it blocks no first paint (issue 18, Lighthouse).
    inlineStyles: true,
  });
}
