import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { CareersRenderInput, CareersServerEntry } from '@kadry/shared/careers-page';

/** The careers page's app markup, for the server to put inside <div id="root">. */
export type RenderCareersApp = (input: CareersRenderInput) => string;

function isServerEntry(value: unknown): value is CareersServerEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { renderCareersApp?: unknown }).renderCareersApp === 'function'
  );
}

/**
 * The renderer of the careers app's server build (apps/careers/dist/server/entry-server.js, see
 * docs/decisions/001): loaded at run time, never imported from the app's source. It is loaded again
 * when the file changes (`npm run dev` rebuilds it while the server runs); otherwise a page costs one
 * stat. A missing build fails the page with a message naming the command that makes it.
 */
export function createCareersRendererLoader(entryFile: string): () => Promise<RenderCareersApp> {
  let cached: { mtimeMs: number; renderer: Promise<RenderCareersApp> } | null = null;
  return async () => {
    const mtimeMs = await stat(entryFile).then(
      (stats) => stats.mtimeMs,
      () => -1,
    );
    if (mtimeMs < 0) {
      throw new Error(`The careers page renderer ${entryFile} is missing: run \`npm run build\` first.`);
    }
    if (cached?.mtimeMs !== mtimeMs) {
      // ES modules are cached by URL: a rebuilt file is imported under a new one.
      const url = `${pathToFileURL(entryFile).href}?build=${mtimeMs}`;
      const renderer = import(url).then((module: unknown) => {
        if (!isServerEntry(module)) throw new Error(`${entryFile} does not export renderCareersApp`);
        return module.renderCareersApp;
      });
      cached = { mtimeMs, renderer };
      // A failed load is tried again on the next page rather than remembered.
      renderer.catch(() => {
        if (cached?.renderer === renderer) cached = null;
      });
    }
    return cached.renderer;
  };
}
