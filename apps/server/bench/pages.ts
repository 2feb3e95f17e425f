import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { getRaw } from './http-get';
import { computeMedian } from './stats';

/** The JS a page makes the browser load at once: script src and modulepreload href, resolved and unique. */
export function extractScriptUrls(html: string, pageUrl: string): string[] {
  const urls = new Set<string>();
  const attribute = (tag: string, name: string): string | null => {
    const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) urls.add(new URL(src, pageUrl).href);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, 'href');
    if (href && rel.includes('modulepreload')) urls.add(new URL(href, pageUrl).href);
  }
  return [...urls];
}

/** Bytes after gzip at level 9: what a well-configured server would send at best. */
export function measureGzipBytes(content: Buffer): number {
  return gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
}

export type PageJs = {
  url: string;
  status: number;
  scripts: { url: string; bytes: number; gzipBytes: number }[];
};

/** Fetches a page and every script it loads at once, gzipping each on its own (as each travels alone). */
export async function measurePageJs(pageUrl: string): Promise<PageJs & { gzipBytes: number }> {
  const page = await getRaw(pageUrl);
  const scripts = [];
  for (const url of extractScriptUrls(page.body.toString('utf8'), pageUrl)) {
    const script = await getRaw(url);
    if (script.status !== 200) throw new Error(`GET ${url} (loaded by ${pageUrl}) answered ${script.status}`);
    scripts.push({ url, bytes: script.body.length, gzipBytes: measureGzipBytes(script.body) });
  }
  return {
    url: pageUrl,
    status: page.status,
    scripts,
    gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
  };
}

/** Median time to first byte over `samples` sequential requests, each on a fresh connection. */
export async function measureTtfb(
  url: string,
  samples = 20,
): Promise<{ medianMs: number; samplesMs: number[] }> {
  const samplesMs: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const answer = await getRaw(url);
    if (answer.status >= 500) throw new Error(`GET ${url} answered ${answer.status}`);
    samplesMs.push(answer.ttfbMs);
  }
  return { medianMs: computeMedian(samplesMs), samplesMs };
}

type ManifestChunk = { file: string; name?: string; isDynamicEntry?: boolean; imports?: string[] };

/**
 * Chunks loaded later (dynamic imports, e.g. the application form on Apply), from the Vite manifest:
 * each with its own file plus the files it imports that the page has not loaded already.
 */
export async function findLazyChunks(clientDir: string): Promise<{ name: string; files: string[] }[]> {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const eager = new Set<string>();
  const collect = (key: string, into: Set<string>, stop: Set<string>): void => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || stop.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into, stop);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if ((chunk as { isEntry?: boolean }).isEntry) collect(key, eager, new Set());
  }
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const files = new Set<string>();
      collect(key, files, eager);
      return { name: chunk.name ?? key, files: [...files] };
    });
}

export type CareersPagesResult = {
  list: PageJs & { gzipBytes: number };
  details: PageJs & { gzipBytes: number };
  lazyChunks: { name: string; gzipBytes: number }[];
  ttfb: { list: number; details: number };
};

/** JS weight and time to first byte of the careers pages; null when the client is not built. */
export async function measureCareersPages(
  origin: string,
  vacancyId: number,
  clientDir: string,
): Promise<CareersPagesResult | null> {
  if (!existsSync(clientDir)) return null;
  const listUrl = `${origin}/careers`;
  const detailsUrl = `${origin}/careers/${vacancyId}`;
  const list = await measurePageJs(listUrl);
  const details = await measurePageJs(detailsUrl);
  for (const page of [list, details]) {
    if (page.status !== 200) throw new Error(`GET ${page.url} answered ${page.status}`);
  }
  const lazyChunks = [];
  for (const chunk of await findLazyChunks(clientDir)) {
    let gzipBytes = 0;
    for (const file of chunk.files) gzipBytes += measureGzipBytes(await readFile(path.join(clientDir, file)));
    lazyChunks.push({ name: chunk.name, gzipBytes });
  }
  const ttfbList = await measureTtfb(listUrl);
  const ttfbDetails = await measureTtfb(detailsUrl);
  return { list, details, lazyChunks, ttfb: { list: ttfbList.medianMs, details: ttfbDetails.medianMs } };
}
