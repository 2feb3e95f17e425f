import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** URL prefix the careers client build is served under; vite.config.ts `base` must match. */
export const CAREERS_STATIC_PREFIX = '/static/careers/';

/** The hashed files a careers page links: its entry script, its styles and the chunks to preload. */
export type CareersClientAssets = {
  entryScript: string | null;
  styles: string[];
  modulePreloads: string[];
};

type ManifestChunk = {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
};

const ENTRY_SOURCE = 'src/app/entry-client.tsx';

function isManifestChunk(value: unknown): value is ManifestChunk {
  return (
    typeof value === 'object' && value !== null && typeof (value as { file?: unknown }).file === 'string'
  );
}

/**
 * Reads dist/client/.vite/manifest.json. Only the entry and its static imports are linked: the
 * lazily loaded chunks (the application form, the language menu) download when first needed.
 * Without a build the page still renders on the server, just without hydration.
 */
export async function loadCareersClientAssets(clientDir: string): Promise<CareersClientAssets | null> {
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
    for (const css of chunk.css ?? []) styles.add(CAREERS_STATIC_PREFIX + css);
    if (!isEntry) preloads.add(CAREERS_STATIC_PREFIX + chunk.file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (isManifestChunk(imported) && !preloads.has(CAREERS_STATIC_PREFIX + imported.file))
        visit(imported, false);
    }
  };
  visit(entry, true);
  return {
    entryScript: CAREERS_STATIC_PREFIX + entry.file,
    styles: [...styles],
    modulePreloads: [...preloads],
  };
}
