import { isDeepStrictEqual } from 'node:util';
import type { Locale } from '@kadry/shared/constants';
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
import {
  recordApplicationReceived,
  recordRepeatSubmission,
} from '../applications/application-history.service';
import { findOrAddArrivingCandidate } from '../applications/candidates.service';
import type { CaptchaVerifier } from '../captcha/captcha-verifier';
import {
  findLiveCvParse,
  findRecentApplicationsFrom,
  insertApplication,
  insertApplicationFiles,
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
  /** The careers page's language: mail to the candidate (the acknowledgement) is written in it. */
  locale: Locale;
};

/**
 * How long an identical repeat (same vacancy, same e-mail, the same answers and files, no idempotency
 * key) counts as the same application: a double click, a resubmitted page, a second tab (issue 18,
 * bug 9). A different answer or file is a new application, however soon.
 */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** Whether a submission repeats an earlier application exactly: every answer and every file's content. */
function isIdenticalRepeat(
  earlier: { answers: readonly { value: unknown }[]; fileHashes: ReadonlyMap<number, readonly string[]> },
  fields: readonly FormField[],
  answers: readonly (FieldAnswer | undefined)[],
  uploads: readonly { fieldIndex: number; sha256: string }[],
): boolean {
  if (earlier.answers.length !== fields.length) return false;
  return fields.every((field, index) => {
    const answer = answers[index] ?? { kind: 'empty' as const };
    if (answer.kind === 'files') {
      const hashes = uploads.filter((upload) => upload.fieldIndex === index).map((upload) => upload.sha256);
      return isDeepStrictEqual(hashes, earlier.fileHashes.get(index) ?? []);
    }
    const value = answer.kind === 'empty' ? null : answer.value;
    const before = earlier.answers[index]?.value ?? null;
    // An address is the same whatever its case.
    if (field.input_type === 'email' && typeof value === 'string' && typeof before === 'string')
      return value.toLowerCase() === before.toLowerCase();
    // Stored as jsonb, which reorders object keys: compare structurally.
    return isDeepStrictEqual(value, before);
  });
}

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

    const email = firstText(fields, decoded.answers, (f) => f.input_type === 'email');
    const source = findApplicationSource(
      decoded.source,
      fields,
      fields.map((field, index) => {
        const answer = decoded.answers[index];
        const value = !answer || answer.kind === 'empty' || answer.kind === 'files' ? null : answer.value;
        return { name: field.name, type: field.type, input_type: field.input_type, value };
      }),
    );
    const outcome = await db.transaction(async (tx) => {
      const companyId = input.company.id;
      // Without an idempotency key, the same person sending the same vacancy again within minutes is
      // the same application: the candidate sees success as before, staff see the repeat noted on the
      // first one rather than a second card. The lock makes two simultaneous repeats wait in turn.
      if (!input.idempotency && email) {
        const recent = await findRecentApplicationsFrom(tx, companyId, {
          vacancyId: input.vacancyId,
          email,
          since: new Date(input.now.getTime() - REPEAT_WINDOW_MS),
        });
        const earlier =
          recent.find((application) => isIdenticalRepeat(application, fields, decoded.answers, uploads))
            ?.id ?? null;
        if (earlier !== null) {
          await recordRepeatSubmission(tx, { companyId, applicationId: earlier, source, at: input.now });
          return { created: { data: { id: earlier } } satisfies ResponseCreated, isRepeat: true };
        }
      }
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
      let cvText: string | null = null;
      if (decoded.cacheId) {
        const parse = await findLiveCvParse(tx, companyId, decoded.cacheId, input.now);
        cvParseId = parse?.id ?? null;
        parsedName = parse?.parsed.name ?? null;
        cvText = parse?.text ?? null;
      }

      const name = [
        firstText(fields, decoded.answers, (f) => f.type === 'name'),
        firstText(fields, decoded.answers, (f) => f.type === 'middle_name'),
        firstText(fields, decoded.answers, (f) => f.type === 'surname'),
      ]
        .filter(Boolean)
        .join(' ');
      // The same person (e-mail or phone) applying again is the same candidate (decision 027).
      const candidateId = await findOrAddArrivingCandidate(tx, companyId, {
        // A form without name fields still gives the candidate a name when the CV had one.
        name: name || parsedName || '',
        email,
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

      const applicationSource = findApplicationSource(decoded.source, fields, answers);
      const applicationId = await insertApplication(tx, companyId, {
        vacancyId: input.vacancyId,
        candidateId,
        source: applicationSource,
        answers,
        cvParseId,
        cvText,
        createdAt: input.now,
        idempotencyKey: input.idempotency?.key ?? null,
        locale: input.locale,
      });
      await recordApplicationReceived(tx, {
        companyId,
        applicationId,
        source: applicationSource,
        at: input.now,
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
      return { created, isRepeat: false };
    });
    // A repeat keeps the first application's files; this one's are not needed.
    if (outcome.isRepeat) await deleteUploads(fileStore, uploads);
    return outcome.created;
  } catch (error) {
    await deleteUploads(fileStore, uploads);
    throw error;
  }
}
