import { open } from 'node:fs/promises';
import type { CvFormat } from '@kadry/shared/constants';
import { FILE_MAX_BYTES } from '@kadry/shared/constants';
import { CvParseError } from './cv-parse-error';
import { DETECT_HEAD_BYTES, detectFileFormat, isCvFormat } from './detect-format';
import type { CvContacts } from './extract-contacts';
import { extractContacts } from './extract-contacts';
import { extractTextFromBytes } from './extract-text';
import { detectZipDocumentFormat, openZipArchive } from './zip-archive';

/** A parsed CV: its format judged by content, its normalised text, and the contacts found in it. */
export type CvParseResult = { format: CvFormat; text: string; parsed: CvContacts };

/**
 * Detects, extracts and reads contacts from the CV at `path`, on the calling thread: the parser pool runs it
 * in a worker. Rejects with CvParseError for files that are not a readable CV.
 */
export async function parseCvFile(path: string): Promise<CvParseResult> {
  const data = await readWholeFile(path, FILE_MAX_BYTES);
  let format = await detectFileFormat(data.subarray(0, DETECT_HEAD_BYTES));
  if (format === 'zip') {
    // file-type only sees the head; a DOCX/ODT whose telling entries come later shows up as a plain zip.
    format = (await detectZipDocumentFormat(await openZipArchive(data))) ?? format;
  }
  if (!isCvFormat(format)) throw new CvParseError('unsupported', `Not a CV format: ${format ?? 'unknown'}`);
  const text = await extractTextFromBytes(data, format);
  return { format, text, parsed: extractContacts(text) };
}

async function readWholeFile(path: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new CvParseError('too_large', `CV file is larger than ${maxBytes} bytes`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
