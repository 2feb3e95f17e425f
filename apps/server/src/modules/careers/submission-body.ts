import { finished, pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { FILE_MAX_BYTES } from '@kadry/shared/constants';
import type { FormField } from '@kadry/shared/schemas/form';
import { sanitizeFileName } from '@kadry/shared/validation/input-helpers';
import { parseBracketName } from '@kadry/shared/wire/response-form';
import { AppError } from '../../lib/app-error';
import { createUploadMeter } from '../../lib/temp-upload';
import type { FileStore } from '../../storage/file-store';
import { detectFileFormat } from '../cv/detect-format';
import { deleteUploads, type StoredUpload } from './submission.service';

// Reading a submission's multipart body (HTTP): text parts collected, files streamed into storage.

/** The original name as metadata: no directories, no characters that break file systems, bounded. */
function cleanOriginalName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = sanitizeFileName(base.replace(/[\u0000-\u001f\u007f]/g, ''))
    .trim()
    .slice(-200);
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned;
}

/**
 * Reads the multipart body: text parts are collected, file parts addressed to a files-type field
 * are streamed into storage (never held in memory) with their format judged from their bytes.
 * Files for anything else are drained and dropped. On any failure the files stored so far are deleted.
 */
export async function readSubmissionParts(
  parts: AsyncIterableIterator<Multipart>,
  fields: readonly FormField[],
  fileStore: FileStore,
  minUploadBytesPerSec = 0,
): Promise<{ texts: [string, string][]; uploads: StoredUpload[] }> {
  const texts: [string, string][] = [];
  const uploads: StoredUpload[] = [];
  const countByField = new Map<number, number>();
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('invalid_request');
        // Browsers send a textarea's line breaks as CRLF; what the candidate typed (and what the
        // browser measured against validation.max) has LF.
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        texts.push([part.fieldname, value.replace(/\r\n?/g, '\n')]);
        continue;
      }
      const path = parseBracketName(part.fieldname);
      const index =
        path?.[0] === 'fields' && typeof path[1] === 'number' && path[2] === 'input_value' ? path[1] : -1;
      const field = fields[index];
      const count = (countByField.get(index) ?? 0) + 1;
      if (field?.input_type !== 'files' || count > (field.input_meta?.maxFiles ?? 1)) {
        // Not a file this form asked for (or one too many): read it to the end and forget it.
        // `finished`, not once('end'/'error'): when the whole body arrived at once, a cut-off part is
        // already destroyed here, its error long emitted, and a listener added now would wait forever.
        part.file.resume();
        await finished(part.file);
        if (field?.input_type === 'files') countByField.set(index, count);
        continue;
      }
      countByField.set(index, count);
      const meter = createUploadMeter(FILE_MAX_BYTES, { minBytesPerSec: minUploadBytesPerSec });
      const [, stored] = await Promise.all([
        pipeline(part.file, meter),
        fileStore.put(meter, { maxBytes: FILE_MAX_BYTES }),
      ]);
      if (part.file.truncated) {
        await fileStore.delete(stored.key);
        throw new AppError('file_too_large');
      }
      uploads.push({
        fieldIndex: index,
        partName: part.fieldname,
        key: stored.key,
        sha256: stored.sha256,
        facts: {
          name: cleanOriginalName(part.filename),
          size: stored.size,
          format: await detectFileFormat(meter.head()),
        },
      });
    }
  } catch (error) {
    await deleteUploads(fileStore, uploads);
    throw normaliseUploadError(error);
  }
  // Fields whose files were dropped for exceeding maxFiles must still fail validation.
  for (const [index, count] of countByField) {
    const field = fields[index];
    if (field && count > (field.input_meta?.maxFiles ?? 1)) {
      await deleteUploads(fileStore, uploads);
      throw new AppError('validation', {
        issues: {
          [`fields.${index}.input_value`]: [
            {
              key: 'career_page.application_form.error_max_files',
              params: { max: field.input_meta?.maxFiles ?? 1 },
            },
          ],
        },
      });
    }
  }
  return { texts, uploads };
}

function normaliseUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (name === 'FileTooLargeError' || code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('file_too_large');
  return error;
}
