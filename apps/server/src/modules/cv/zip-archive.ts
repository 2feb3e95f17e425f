import JSZip from 'jszip';
import { CvParseError } from './cv-parse-error';

/** Bounds on what a CV archive (DOCX, ODT) may inflate to; a file past them is refused as `too_large`. */
export type ZipLimits = { maxEntries: number; maxEntryBytes: number; maxTotalBytes: number };

// A CV's document.xml is rarely over 1 MiB and its images are already compressed, so a 50 MiB upload stays
// well under these; a zip bomb (kilobytes that inflate to gigabytes) does not.
const CV_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
};

/** Reads a zip's directory (nothing is inflated yet); a damaged archive is `unreadable`. */
export async function openZipArchive(data: Uint8Array): Promise<JSZip> {
  try {
    return await JSZip.loadAsync(data);
  } catch (error) {
    throw new CvParseError('unreadable', `Damaged zip archive: ${(error as Error).message}`);
  }
}

/**
 * Inflates every entry once, streaming and discarding, and refuses the archive as `too_large` as soon as an
 * entry or the total passes the limits. The sizes an archive declares can lie, so only real output is
 * counted; memory stays at one chunk whatever the archive claims. Run this before any library (mammoth)
 * inflates entries whole.
 */
export async function assertZipWithinLimits(zip: JSZip, limits: ZipLimits = CV_ZIP_LIMITS): Promise<void> {
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  if (entries.length > limits.maxEntries) {
    throw new CvParseError('too_large', `Zip archive has more than ${limits.maxEntries} entries`);
  }
  let total = 0;
  for (const entry of entries) {
    const size = await countInflatedBytes(
      entry,
      Math.min(limits.maxEntryBytes, limits.maxTotalBytes - total),
    );
    total += size;
  }
}

/** The entry's text (UTF-8), or null when the archive has no such entry. Call after the limits check. */
export async function readZipText(zip: JSZip, name: string): Promise<string | null> {
  const entry = zip.file(name);
  if (!entry) return null;
  try {
    return await entry.async('string');
  } catch (error) {
    throw new CvParseError('unreadable', `Damaged zip entry ${name}: ${(error as Error).message}`);
  }
}

/** Tells a DOCX or ODT apart from any other zip by its entries, for when the head was not enough. */
export async function detectZipDocumentFormat(zip: JSZip): Promise<'docx' | 'odt' | null> {
  if (zip.file('word/document.xml')) return 'docx';
  const mimetype = zip.file('mimetype');
  if (mimetype && (await countInflatedBytes(mimetype, 200).catch(() => 201)) <= 200) {
    const text = (await mimetype.async('string')).trim();
    if (text === 'application/vnd.oasis.opendocument.text') return 'odt';
  }
  return null;
}

function countInflatedBytes(entry: JSZip.JSZipObject, maxBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const stream = entry.nodeStream('nodebuffer');
    const stop = (error: Error | null) => {
      stream.removeAllListeners('data');
      stream.removeAllListeners('end');
      stream.pause();
      if (error) reject(error);
      else resolve(size);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop(new CvParseError('too_large', `Zip entry ${entry.name} inflates past ${maxBytes} bytes`));
      }
    });
    stream.on('end', () => stop(null));
    stream.on('error', (error: Error) =>
      stop(new CvParseError('unreadable', `Damaged zip entry ${entry.name}: ${error.message}`)),
    );
  });
}
