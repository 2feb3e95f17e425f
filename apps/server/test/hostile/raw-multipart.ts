/**
 * Multipart bodies built byte by byte, so tests can send what no browser would: broken boundaries,
 * odd header lines, invalid UTF-8, bodies cut off anywhere. (`multipart()` in ../app.ts builds the
 * well-formed kind through FormData.)
 */

/** One part: its header lines as sent (without CRLF) and its content. */
export type RawPart = { headers: string[]; body: Uint8Array | string };

/** A part with an ordinary Content-Disposition, optionally a file. */
export function createRawPart(
  name: string,
  body: Uint8Array | string,
  file?: { fileName: string; contentType?: string },
): RawPart {
  const headers = [
    file
      ? `Content-Disposition: form-data; name="${name}"; filename="${file.fileName}"`
      : `Content-Disposition: form-data; name="${name}"`,
  ];
  if (file) headers.push(`Content-Type: ${file.contentType ?? 'application/octet-stream'}`);
  return { headers, body };
}

export type RawMultipartOptions = {
  /** The boundary the body uses (the content-type header may claim another). */
  boundary: string;
  /** Line break between header lines and around parts; a sloppy client sends '\n'. */
  lineBreak?: string;
  /** Leave out the closing `--boundary--`. */
  isUnterminated?: boolean;
  /** Bytes before the first boundary (the preamble, which parsers must skip). */
  preamble?: string;
};

/**
 * Header lines are encoded byte for byte as latin1 unless they hold characters above U+00FF (then
 * UTF-8), so a test can put raw invalid UTF-8 into a header by writing it as latin1 characters.
 */
function encodeHeader(line: string): Buffer {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for any char above latin1
  return /^[\u0000-\u00ff]*$/.test(line) ? Buffer.from(line, 'latin1') : Buffer.from(line, 'utf8');
}

function toBytes(body: Uint8Array | string): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
}

/** The bytes of a multipart body made of `parts`. */
export function buildRawMultipart(parts: readonly RawPart[], opts: RawMultipartOptions): Buffer {
  const eol = opts.lineBreak ?? '\r\n';
  const chunks: Buffer[] = [];
  if (opts.preamble) chunks.push(Buffer.from(`${opts.preamble}${eol}`, 'latin1'));
  for (const part of parts) {
    chunks.push(Buffer.from(`--${opts.boundary}${eol}`, 'latin1'));
    for (const line of part.headers) chunks.push(encodeHeader(line), Buffer.from(eol, 'latin1'));
    chunks.push(Buffer.from(eol, 'latin1'), toBytes(part.body), Buffer.from(eol, 'latin1'));
  }
  if (!opts.isUnterminated) chunks.push(Buffer.from(`--${opts.boundary}--${eol}`, 'latin1'));
  return Buffer.concat(chunks);
}
