import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The hashed files a page links from a Vite build: its entry script, its styles and the chunks to preload. */
export type ClientAssets = {
  entryScript: string;
  styles: string[];
  modulePreloads: string[];
  /** With `inlineStyles`: the styles' text, for the page to carry in a <style> instead of linking them. */
  inlineCss?: string;
};

export type ClientBuild = {
  /** Where the build is (…/dist/client). */
  clientDir: string;
  /** The entry's source path as the manifest names it, e.g. 'src/app/entry-client.tsx'. */
  entrySource: string;
  /** The URL prefix the build is served under; the app's Vite `base` must match. */
  staticPrefix: string;
  /**
   * Read the entry's styles for the page to inline: a page whose CSS is small renders a round trip
   * sooner without a render-blocking stylesheet request (Lighthouse, issue 18).
   */
  inlineStyles?: boolean;
};

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };

function isManifestChunk(value: unknown): value is ManifestChunk {
  return (
    typeof value === 'object' && value !== null && typeof (value as { file?: unknown }).file === 'string'
  );
}

/**
 * Reads dist/client/.vite/manifest.json; null when the app has not been built. Only the entry and its
 * static imports are linked: lazily loaded chunks download when first needed.
 */
async function loadClientAssets(build: ClientBuild): Promise<ClientAssets | null> {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(await readFile(path.join(build.clientDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  const entry = manifest[build.entrySource];
  if (!isManifestChunk(entry)) return null;
  const prefix = build.staticPrefix;
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const visit = (chunk: ManifestChunk, isEntry: boolean) => {
    for (const css of chunk.css ?? []) styles.add(prefix + css);
    if (!isEntry) preloads.add(prefix + chunk.file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (isManifestChunk(imported) && !preloads.has(prefix + imported.file)) visit(imported, false);
    }
  };
  visit(entry, true);
  const assets: ClientAssets = {
    entryScript: prefix + entry.file,
    styles: [...styles],
    modulePreloads: [...preloads],
  };
  if (build.inlineStyles) {
    // A style file that cannot be read is linked instead, as without the option.
    const texts = await Promise.all(
      assets.styles.map((href) =>
        readFile(path.join(build.clientDir, href.slice(prefix.length)), 'utf8').catch(() => null),
      ),
    );
    if (texts.every((text) => text !== null)) assets.inlineCss = texts.join('\n');
  }
  return assets;
}

/**
 * The manifest is re-read only when the build changes (`npm run dev` rebuilds while the server runs);
 * otherwise one stat per page is all it costs.
 */
export function createClientAssetsReader(build: ClientBuild): () => Promise<ClientAssets | null> {
  const manifestPath = path.join(build.clientDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; assets: ClientAssets | null } | null = null;
  return async () => {
    const mtimeMs = await stat(manifestPath).then(
      (stats) => stats.mtimeMs,
      () => -1,
    );
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, assets: mtimeMs < 0 ? null : await loadClientAssets(build) };
    }
    return cached.assets;
  };
}
