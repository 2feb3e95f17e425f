import { readFile } from 'node:fs/promises';
import type { CvFormat } from '@kadry/shared/constants';
import { CvParseError } from './cv-parse-error';
import { textEncodingOf } from './detect-format';
import { docToText } from './doc-to-text';
import { decodeXmlEntities, odtContentToText } from './odt-to-text';
import { rtfToText } from './rtf-to-text';
import { assertZipWithinLimits, openZipArchive, readZipText } from './zip-archive';

/** A CV's text is cut at this many characters: far beyond any real CV, well within what a row should hold. */
export const MAX_TEXT_CHARS = 200_000;
/** Only the first pages of a PDF are read: a CV is short, and page count is how a PDF makes work unbounded. */
const MAX_PDF_PAGES = 50;
// Raw text is cut before normalising, so a huge text file costs a bounded amount of work and memory.
const MAX_RAW_CHARS = MAX_TEXT_CHARS * 4;

/** The text of a CV file of a known format, whitespace normalised and capped at MAX_TEXT_CHARS. */
export async function extractText(path: string, format: CvFormat): Promise<string> {
  return extractTextFromBytes(await readFile(path), format);
}

/** `extractText` for bytes already in memory. Damaged files reject with CvParseError 'unreadable'. */
export async function extractTextFromBytes(data: Uint8Array, format: CvFormat): Promise<string> {
  const raw = await extractRawText(data, format);
  return normaliseText(raw.slice(0, MAX_RAW_CHARS)).slice(0, MAX_TEXT_CHARS);
}

async function extractRawText(data: Uint8Array, format: CvFormat): Promise<string> {
  switch (format) {
    case 'pdf':
      return extractPdfText(data);
    case 'docx':
      return extractDocxText(data);
    case 'odt':
      return extractOdtText(data);
    case 'rtf':
      return rtfToText(data, MAX_RAW_CHARS);
    case 'doc':
      return docToText(data);
    case 'txt':
      return decodeText(data.subarray(0, MAX_RAW_CHARS * 2));
  }
}

async function extractPdfText(data: Uint8Array): Promise<string> {
  // Loaded on first use: pdf.js is the largest module here and most CVs are not PDFs.
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may detach the buffer it is given, so it gets a copy.
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
  } catch (error) {
    throw new CvParseError('unreadable', `Unreadable PDF: ${(error as Error).message}`);
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_PDF_PAGES); number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
      page.cleanup();
    }
    return pages.join('\n\n');
  } catch (error) {
    throw new CvParseError('unreadable', `Unreadable PDF: ${(error as Error).message}`);
  } finally {
    await pdf.destroy();
  }
}

async function extractDocxText(data: Uint8Array): Promise<string> {
  const zip = await openZipArchive(data);
  // mammoth inflates parts whole, so a zip bomb has to be refused before it gets the file.
  await assertZipWithinLimits(zip);
  const { default: mammoth } = await import('mammoth');
  let text: string;
  try {
    text = (
      await mammoth.extractRawText({ buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) })
    ).value;
  } catch (error) {
    throw new CvParseError('unreadable', `Unreadable DOCX: ${(error as Error).message}`);
  }
  // Raw text drops hyperlink targets; a CV's LinkedIn or GitHub link is often only there.
  const links = externalLinkTargets((await readZipText(zip, 'word/_rels/document.xml.rels')) ?? '');
  return links.length > 0 ? `${text}\n\n${links.join('\n')}` : text;
}

async function extractOdtText(data: Uint8Array): Promise<string> {
  const zip = await openZipArchive(data);
  await assertZipWithinLimits(zip);
  const content = await readZipText(zip, 'content.xml');
  if (content === null) throw new CvParseError('unreadable', 'ODT without content.xml');
  return odtContentToText(content);
}

function externalLinkTargets(relationshipsXml: string): string[] {
  const targets: string[] = [];
  for (const match of relationshipsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const tag = match[0];
    if (!/TargetMode="External"/.test(tag) || !/\/hyperlink"/.test(tag)) continue;
    const target = decodeXmlEntities(/Target="([^"]*)"/.exec(tag)?.[1] ?? '');
    if (/^https?:\/\//i.test(target)) targets.push(target);
    else if (/^mailto:/i.test(target)) targets.push(target.slice('mailto:'.length));
  }
  return targets;
}

function decodeText(data: Uint8Array): string {
  return new TextDecoder(textEncodingOf(data)).decode(data);
}

/**
 * One space between words, one line per line, at most one blank line in a row; control and zero-width
 * characters removed; Unicode NFC so a decomposed "й" matches a composed one.
 */
export function normaliseText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?|[\v\f\u2028\u2029]/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200d\u2060\ufeff\ufffd]/g, '')
      .replace(/[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
