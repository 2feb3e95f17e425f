import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** URL prefix the HR app's build is served under; apps/hr/vite.config.ts `base` must match. */
export const HR_STATIC_PREFIX = '/static/hr/';

/** The HR app's entry in its Vite manifest (apps/hr/vite.config.ts `input`). */
const ENTRY_SOURCE = 'src/app/entry-client.tsx';

/** The hashed files the shell links: the entry script, its styles and its static imports to preload. */
export type HrClientAssets = {
  entryScript: string;
  styles: string[];
  modulePreloads: string[];
};

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };

function isManifestChunk(value: unknown): value is ManifestChunk {
  return (
    typeof value === 'object' && value !== null && typeof (value as { file?: unknown }).file === 'string'
  );
}

/** Reads dist/client/.vite/manifest.json; null when the HR app has not been built. */
export async function loadHrClientAssets(clientDir: string): Promise<HrClientAssets | null> {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  const entry = manifest[ENTRY_SOURCE];
  if (!isManifestChunk(entry)) return null;
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const visit = (chunk: ManifestChunk, isEntry: boolean) => {
    for (const css of chunk.css ?? []) styles.add(HR_STATIC_PREFIX + css);
    if (!isEntry) preloads.add(HR_STATIC_PREFIX + chunk.file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (isManifestChunk(imported) && !preloads.has(HR_STATIC_PREFIX + imported.file))
        visit(imported, false);
    }
  };
  visit(entry, true);
  return { entryScript: HR_STATIC_PREFIX + entry.file, styles: [...styles], modulePreloads: [...preloads] };
}

/** Re-reads the manifest only when the build changes (`npm run dev` rebuilds while the server runs). */
export function createHrAssetsReader(clientDir: string): () => Promise<HrClientAssets | null> {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; assets: HrClientAssets | null } | null = null;
  return async () => {
    const mtimeMs = await stat(manifestPath).then(
      (stats) => stats.mtimeMs,
      () => -1,
    );
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, assets: mtimeMs < 0 ? null : await loadHrClientAssets(clientDir) };
    }
    return cached.assets;
  };
}
