import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the demo assets (the demo company's logo) are answered. */
export const DEMO_ASSETS_PREFIX = '/assets/demo/';

const DEMO_ASSETS_DIR = fileURLToPath(new URL('../db/demo/assets', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

export type DemoAsset = {
  /** The file's own name ('logo.svg'), answered at its old URL too. */
  name: string;
  /** The name with its content's hash ('logo.1a2b3c4d5e6f.svg'): what pages link, cached for good. */
  hashedName: string;
  contentType: string;
  bytes: Buffer;
};

let assets: Map<string, DemoAsset> | null = null;

/** The demo assets by name and by hashed name, read once (a few small files shipped with the server). */
function readDemoAssets(): Map<string, DemoAsset> {
  if (assets) return assets;
  const byName = new Map<string, DemoAsset>();
  for (const name of readdirSync(DEMO_ASSETS_DIR)) {
    const extension = path.extname(name).toLowerCase();
    const contentType = CONTENT_TYPES[extension];
    if (!contentType) continue;
    const bytes = readFileSync(path.join(DEMO_ASSETS_DIR, name));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    const asset = {
      name,
      hashedName: `${path.basename(name, extension)}.${hash}${extension}`,
      contentType,
      bytes,
    };
    byName.set(name, asset);
    byName.set(asset.hashedName, asset);
  }
  assets = byName;
  return byName;
}

/** The asset answered under this name (its own or its hashed one), saying which; null when none. */
export function findDemoAsset(name: string): { asset: DemoAsset; isHashed: boolean } | null {
  const asset = readDemoAssets().get(name);
  return asset ? { asset, isHashed: asset.hashedName === name } : null;
}

/** '/assets/demo/logo.svg' → '/assets/demo/logo.<hash>.svg'; null for any other URL. */
export function versionDemoAssetUrl(url: string): string | null {
  if (!url.startsWith(DEMO_ASSETS_PREFIX)) return null;
  const asset = readDemoAssets().get(url.slice(DEMO_ASSETS_PREFIX.length));
  return asset ? `${DEMO_ASSETS_PREFIX}${asset.hashedName}` : null;
}
