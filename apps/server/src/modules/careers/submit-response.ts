import { finished, pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { FILE_MAX_BYTES } from '@kadry/shared/constants';
import type { FormField, ResponseCreated } from '@kadry/shared/schemas/form';
import { sanitizeFileName } from '@kadry/shared/validation/input-helpers';
import type { FileFacts, ValidationIssue } from '@kadry/shared/validation/rules';
import { type FieldAnswer, validateAnswers } from '@kadry/shared/validation/validate-field';
import { decodeResponseBody, parseBracketName } from '@kadry/shared/wire/response-form';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import type { Company } from '../../db/schema/companies';
import { cvParses } from '../../db/schema/cv-parses';
import { storedFiles } from '../../db/schema/files';
import { type ResponseAnswer, responseFiles, responses } from '../../db/schema/responses';
import { AppError } from '../../lib/app-error';
import { completeIdempotencyKey, type IdempotencyScope } from '../../lib/idempotency';
import { createUploadMeter } from '../../lib/temp-upload';
import type { FileStore } from '../../storage/file-store';
import type { CaptchaVerifier } from '../captcha/captcha-verifier';
import { detectFileFormat } from '../cv/detect-format';

/** A file streamed into storage during a submission, not yet recorded in the database. */
type StoredUpload = { fieldIndex: number; partName: string; key: string; facts: FileFacts; sha256: string };

/** The original name as metadata: no directories, no characters that break file systems, bounded. */
export function cleanOriginalName(raw: string | undefined): string {
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

export async function deleteUploads(fileStore: FileStore, uploads: readonly StoredUpload[]): Promise<void> {
  await Promise.all(uploads.map((upload) => fileStore.delete(upload.key).catch(() => undefined)));
}

function toIssueLists(issues: Record<string, ValidationIssue>): Record<string, ValidationIssue[]> {
  return Object.fromEntries(Object.entries(issues).map(([path, issue]) => [path, [issue]]));
}

/** The text of the first answered field of one of these types. */
function firstText(
  fields: readonly FormField[],
  answers: readonly FieldAnswer[],
  match: (f: FormField) => boolean,
) {
  for (const [index, field] of fields.entries()) {
    const answer = answers[index];
    if (match(field) && answer?.kind === 'text' && answer.value.trim() !== '') return answer.value.trim();
  }
  return null;
}

export type SubmissionInput = {
  db: Db;
  fileStore: FileStore;
  captcha: CaptchaVerifier;
  company: Company;
  vacancyId: number;
  fields: FormField[];
  parts: AsyncIterableIterator<Multipart>;
  remoteIp: string;
  today: string;
  now: Date;
  idempotency: IdempotencyScope | null;
  minUploadBytesPerSec?: number;
};

/**
 * Receives one application: files stored first, then the candidate, the response and its files
 * committed in one transaction (with the idempotency record), so an acknowledged application is
 * complete and a failed one leaves nothing behind.
 */
export async function submitResponse(input: SubmissionInput): Promise<ResponseCreated> {
  const { db, fileStore, fields } = input;
  const { texts, uploads } = await readSubmissionParts(
    input.parts,
    fields,
    fileStore,
    input.minUploadBytesPerSec,
  );
  try {
    const decoded = decodeResponseBody(
      texts,
      uploads.map((upload) => ({ name: upload.partName, file: upload.facts })),
      fields,
    );
    const issues = { ...validateAnswers(fields, decoded.answers, { today: input.today }), ...decoded.issues };
    if (Object.keys(issues).length > 0) throw new AppError('validation', { issues: toIssueLists(issues) });

    const verdict = await input.captcha.verify({
      token: decoded.captchaToken,
      expectedAction: 'login',
      remoteIp: input.remoteIp,
      settings: {
        siteKey: input.company.captchaSiteKey,
        secret: input.company.captchaSecret,
        projectId: input.company.captchaProjectId,
        threshold: input.company.captchaThreshold,
        allowedHosts:
          input.company.captchaAllowedHosts.length > 0
            ? input.company.captchaAllowedHosts
            : input.company.hosts,
      },
    });
    if (!verdict.ok) {
      throw new AppError(verdict.reason === 'unavailable' ? 'service_unavailable' : 'captcha_failed', {
        retryAfter: verdict.reason === 'unavailable' ? 5 : undefined,
        cause: { captcha: verdict.reason, detail: verdict.detail },
      });
    }

    return await db.transaction(async (tx) => {
      const companyId = input.company.id;
      const fileIds = new Map<string, number>();
      if (uploads.length > 0) {
        const rows = await tx
          .insert(storedFiles)
          .values(
            uploads.map((upload) => ({
              companyId,
              storageKey: upload.key,
              originalName: upload.facts.name,
              detectedFormat: upload.facts.format,
              size: upload.facts.size,
              sha256: upload.sha256,
            })),
          )
          .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
        for (const row of rows) fileIds.set(row.storageKey, row.id);
      }

      let cvParseId: number | null = null;
      let parsedName: string | null = null;
      if (decoded.cacheId) {
        const [parse] = await tx
          .select({ id: cvParses.id, parsed: cvParses.parsed })
          .from(cvParses)
          .where(
            and(
              eq(cvParses.companyId, companyId),
              eq(cvParses.cacheId, decoded.cacheId),
              gt(cvParses.expiresAt, input.now),
            ),
          )
          .limit(1);
        cvParseId = parse?.id ?? null;
        parsedName = parse?.parsed.name ?? null;
      }

      const name = [
        firstText(fields, decoded.answers, (f) => f.type === 'name'),
        firstText(fields, decoded.answers, (f) => f.type === 'middle_name'),
        firstText(fields, decoded.answers, (f) => f.type === 'surname'),
      ]
        .filter(Boolean)
        .join(' ');
      const [candidate] = await tx
        .insert(candidates)
        .values({
          companyId,
          // A form without name fields still gives the candidate a name when the CV had one.
          name: name || parsedName || '',
          email: firstText(fields, decoded.answers, (f) => f.input_type === 'email'),
          phone: firstText(fields, decoded.answers, (f) => f.input_type === 'phone'),
        })
        .returning({ id: candidates.id });
      if (!candidate) throw new Error('candidate insert returned nothing');

      const answers: ResponseAnswer[] = fields.map((field, index) => {
        const answer = decoded.answers[index] ?? { kind: 'empty' as const };
        const value =
          answer.kind === 'files'
            ? uploads
                .filter((upload) => upload.fieldIndex === index)
                .map((upload) => ({ file_id: fileIds.get(upload.key), ...upload.facts }))
            : answer.kind === 'empty'
              ? null
              : answer.value;
        return { name: field.name, type: field.type, input_type: field.input_type, value };
      });

      const [response] = await tx
        .insert(responses)
        .values({
          companyId,
          vacancyId: input.vacancyId,
          candidateId: candidate.id,
          source: decoded.source.slice(0, 200),
          answers,
          cvParseId,
          createdAt: input.now,
          idempotencyKey: input.idempotency?.key ?? null,
        })
        .returning({ id: responses.id });
      if (!response) throw new Error('response insert returned nothing');

      const positions = new Map<number, number>();
      const fileRows = uploads.map((upload) => {
        const position = positions.get(upload.fieldIndex) ?? 0;
        positions.set(upload.fieldIndex, position + 1);
        return {
          companyId,
          responseId: response.id,
          fieldIndex: upload.fieldIndex,
          storedFileId: fileIds.get(upload.key) ?? 0,
          position,
        };
      });
      if (fileRows.length > 0) await tx.insert(responseFiles).values(fileRows);

      const created: ResponseCreated = { data: { id: response.id } };
      if (input.idempotency) await completeIdempotencyKey(tx, input.idempotency, 201, created);
      return created;
    });
  } catch (error) {
    await deleteUploads(fileStore, uploads);
    throw error;
  }
}
