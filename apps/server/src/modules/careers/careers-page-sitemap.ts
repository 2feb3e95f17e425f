import { escapeHtml } from './careers-page-head';

export type SitemapEntry = {
  loc: string;
  lastmod?: string | undefined;
  /** Language versions of this URL (hreflang → absolute URL). */
  alternates?: readonly { hreflang: string; href: string }[];
};

/** sitemap.xml (sitemaps.org 0.9) with xhtml:link language alternates. */
export function buildSitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lines = [`    <loc>${escapeHtml(entry.loc)}</loc>`];
    if (entry.lastmod) lines.push(`    <lastmod>${escapeHtml(entry.lastmod)}</lastmod>`);
    for (const alternate of entry.alternates ?? []) {
      lines.push(
        `    <xhtml:link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}"/>`,
      );
    }
    return `  <url>\n${lines.join('\n')}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: the careers pages open to crawlers when indexing is on, everything closed when off. */
export function buildRobotsTxt(input: { indexing: boolean; sitemapUrl: string }): string {
  if (!input.indexing) return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Allow: /careers',
    'Disallow: /api/',
    'Disallow: /app/',
    '',
    `Sitemap: ${input.sitemapUrl}`,
    '',
  ].join('\n');
}
