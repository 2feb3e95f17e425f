import type { CvFormat } from '@kadry/shared/constants';
import { CV_FORMATS } from '@kadry/shared/constants';
import { fileTypeFromBuffer } from 'file-type';

/**
 * How much of a file to hand to `detectFileFormat`. 64 KiB lets file-type read the first zip entries of an
 * Office/ODF file (`[Content_Types].xml`, `mimetype`), which come first in files written by Word, LibreOffice
 * and Google Docs; a zip whose telling entries come later is reported as 'zip' and refined by its directory.
 */
export const DETECT_HEAD_BYTES = 64 * 1024;

// file-type names an OLE compound file 'cfb'; for a CV upload that is a Word 97–2003 document.
const EXTENSION_ALIASES: Record<string, string> = { cfb: 'doc' };

/**
 * The format of a file judged by its first bytes only, never its name: file-type's lower-case extension
 * ('pdf', 'docx', 'odt', 'rtf', 'doc', 'png', 'exe', 'zip'…), else 'txt' for plain text, else null.
 */
export async function detectFileFormat(head: Uint8Array): Promise<string | null> {
  if (head.length === 0) return null;
  // A UTF-16 BOM (FF FE) also reads as an MPEG audio frame header, so BOM-marked text is settled first.
  if (hasBom(head) && isPlainText(head)) return 'txt';
  const detected = await fileTypeFromBuffer(head);
  if (detected) return EXTENSION_ALIASES[detected.ext] ?? detected.ext.toLowerCase();
  return isPlainText(head) ? 'txt' : null;
}

export function isCvFormat(format: string | null): format is CvFormat {
  return (CV_FORMATS as readonly string[]).includes(format ?? '');
}

/** Share of characters that may be control characters (other than tab, newlines, form feed) in text. */
const MAX_CONTROL_SHARE = 0.02;

/** Valid UTF-8 (or UTF-16 with a BOM), no NUL, and mostly printable. `head` may end mid-character. */
export function isPlainText(head: Uint8Array): boolean {
  const text = decodeTextHead(head);
  if (text === null || text.trim() === '') return false;
  let controls = 0;
  let total = 0;
  for (const char of text) {
    total += 1;
    const code = char.codePointAt(0) ?? 0;
    if (code === 0) return false;
    const isControl =
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0xfffd;
    if (isControl) controls += 1;
  }
  return controls / total <= MAX_CONTROL_SHARE;
}

function decodeTextHead(head: Uint8Array): string | null {
  const encoding = textEncodingOf(head);
  try {
    // stream: true tolerates a character cut at the end of the head; fatal rejects anything else invalid.
    return new TextDecoder(encoding, { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
}

function hasBom(bytes: Uint8Array): boolean {
  return textEncodingOf(bytes) !== 'utf-8' || (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf);
}

/** The encoding of a text file from its BOM, UTF-8 without one. */
export function textEncodingOf(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}
