/**
 * Content-Types of the formats a stored upload may be served as, by the extension the upload's content
 * was detected as (modules/cv/detect-format.ts, at upload). A format missing here (an executable, an
 * archive of unknown kind, nothing recognised) is served as opaque bytes under `.bin`.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
};

const OPAQUE = { extension: 'bin', contentType: 'application/octet-stream' } as const;

/** A short extension the uploader gave the name (`.html`, `.pdf`), replaced by the detected one. */
const NAME_EXTENSION = /\.[a-z0-9]{1,5}$/i;

/**
 * How a stored upload is downloaded: its original name with the extension of the format its content
 * was detected as (a `CV.html` that is plain text comes as `CV.txt`), and that format's Content-Type.
 * The uploader's own extension never decides how a browser or the OS opens the file.
 */
export function describeDownload(
  originalName: string,
  detectedFormat: string | null,
): { name: string; contentType: string } {
  const format = detectedFormat?.toLowerCase() ?? '';
  const contentType = Object.hasOwn(CONTENT_TYPES, format) ? CONTENT_TYPES[format] : undefined;
  const { extension, contentType: type } = contentType ? { extension: format, contentType } : OPAQUE;
  const base = originalName.trim().replace(NAME_EXTENSION, '').trim();
  return { name: `${base === '' ? 'file' : base}.${extension}`, contentType: type };
}
