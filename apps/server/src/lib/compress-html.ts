import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0) return encoding;
  }
  return null;
}

/**
 * A server-rendered page compressed for the wire (issue 18: the HTML went uncompressed while the
 * scripts were brotli). Quality 5: a page is made per request, and 5 keeps it about a millisecond.
 */
export function compressHtml(html: string, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzipAsync(html, { level: 6 });
}
