import type { FormField, ResponseCreated } from '@kadry/shared/schemas/form';
import type { FileFacts, ValidationIssue } from '@kadry/shared/validation/rules';
import { type FieldAnswer, validateAnswers } from '@kadry/shared/validation/validate-field';
import { decodeResponseBody } from '@kadry/shared/wire/response-form';
import type { ApplicationAnswer } from '../../db/schema/applications';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { completeIdempotencyKey, type IdempotencyScope } from '../../lib/idempotency';
import type { FileStore } from '../../storage/file-store';
import type { CaptchaVerifier } from '../captcha/captcha-verifier';
import {
  findLiveCvParse,
  insertApplication,
  insertApplicationFiles,
  insertCandidate,
  insertStoredFiles,
} from './submission.queries';
import { findApplicationSource } from './submission-source';

/** A file streamed into storage during a submission, not yet recorded in the database. */
export type StoredUpload = {
  fieldIndex: number;
  partName: string;
  key: string;
  facts: FileFacts;
  sha256: string;
};

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
  /** The request body, read and its files stored (readSubmissionParts). */
  body: { texts: [string, string][]; uploads: StoredUpload[] };
  remoteIp: string;
  today: string;
  now: Date;
  idempotency: IdempotencyScope | null;
  /** Announces the new application (application.created) in the same transaction. */
  events: Pick<EventBus, 'publish'>;
  /** The request's trusted origin for links in mail about it (request.linkOrigin). */
  linkOrigin: string | null;
};

/**
 * Receives one application: files stored first, then the candidate, the application, its files, the
 * idempotency record and the application.created event committed in one transaction, so an
 * acknowledged application is complete (and announced exactly once) and a failed one leaves nothing.
 */
export async function submitApplication(input: SubmissionInput): Promise<ResponseCreated> {
  const { db, fileStore, fields } = input;
  const { texts, uploads } = input.body;
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
      const fileIds = await insertStoredFiles(
        tx,
        companyId,
        uploads.map((upload) => ({
          storageKey: upload.key,
          originalName: upload.facts.name,
          detectedFormat: upload.facts.format,
          size: upload.facts.size,
          sha256: upload.sha256,
        })),
      );

      let cvParseId: number | null = null;
      let parsedName: string | null = null;
      if (decoded.cacheId) {
        const parse = await findLiveCvParse(tx, companyId, decoded.cacheId, input.now);
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
      const candidateId = await insertCandidate(tx, companyId, {
        // A form without name fields still gives the candidate a name when the CV had one.
        name: name || parsedName || '',
        email: firstText(fields, decoded.answers, (f) => f.input_type === 'email'),
        phone: firstText(fields, decoded.answers, (f) => f.input_type === 'phone'),
      });

      const answers: ApplicationAnswer[] = fields.map((field, index) => {
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

      const applicationId = await insertApplication(tx, companyId, {
        vacancyId: input.vacancyId,
        candidateId,
        source: findApplicationSource(decoded.source, fields, answers),
        answers,
        cvParseId,
        createdAt: input.now,
        idempotencyKey: input.idempotency?.key ?? null,
      });

      const positions = new Map<number, number>();
      const fileRows = uploads.map((upload) => {
        const position = positions.get(upload.fieldIndex) ?? 0;
        positions.set(upload.fieldIndex, position + 1);
        return {
          applicationId,
          fieldIndex: upload.fieldIndex,
          storedFileId: fileIds.get(upload.key) ?? 0,
          position,
        };
      });
      await insertApplicationFiles(tx, companyId, fileRows);

      const created: ResponseCreated = { data: { id: applicationId } };
      if (input.idempotency) await completeIdempotencyKey(tx, input.idempotency, 201, created);
      await input.events.publish(tx, companyId, 'application.created', {
        applicationId,
        linkOrigin: input.linkOrigin,
      });
      return created;
    });
  } catch (error) {
    await deleteUploads(fileStore, uploads);
    throw error;
  }
}
