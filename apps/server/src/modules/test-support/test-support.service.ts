import { createHash } from 'node:crypto';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { PublicCache } from '../../lib/public-cache';
import { FileNotFoundError, type FileStore } from '../../storage/file-store';
import {
  findIntegrityRows,
  findStoredApplication,
  findStoredApplicationFiles,
  insertTestVacancy,
  listApplicationRows,
} from './test-support.queries';

/** What the browser-test routes read and write. */
export type TestSupportContext = { db: Db; fileStore: FileStore; cache: PublicCache };

/** The company's applications, oldest first. */
export async function listApplications(ctx: TestSupportContext, companyId: number) {
  return { data: await listApplicationRows(ctx.db, companyId) };
}

/** An application of the company as stored, with its candidate and the hashes of its stored files. */
export async function readStoredApplication(ctx: TestSupportContext, companyId: number, id: number) {
  const found = await findStoredApplication(ctx.db, companyId, id);
  if (!found) throw new AppError('not_found');
  const files = await findStoredApplicationFiles(ctx.db, companyId, found.application.id);
  // Hash what storage really holds, not what the database says it holds.
  const stored = await Promise.all(
    files.map(async ({ key, ...file }) => {
      const hash = createHash('sha256');
      for await (const chunk of await ctx.fileStore.get(key)) hash.update(chunk as Buffer);
      return { ...file, storedSha256: hash.digest('hex') };
    }),
  );
  return { data: { ...found.application, candidate: found.candidate, files: stored } };
}

/**
 * Read-only consistency report for the reliability tests (crash, deploy): every application with its
 * idempotency key and file counts, and whatever would betray a half-written one — file rows no
 * application uses, file rows whose bytes are missing, stored bytes no row records (an interrupted
 * upload that the start-up sweep has not removed yet).
 */
export async function buildIntegrityReport(ctx: TestSupportContext) {
  const { applicationRows, fileCounts, unusedRows, recorded } = await findIntegrityRows(ctx.db);
  const filesByApplication = new Map(fileCounts.map((row) => [row.applicationId, row.files]));
  const recordedKeys = new Set(recorded.map((row) => row.key));
  const missingBytes: string[] = [];
  for (const key of recordedKeys) {
    try {
      (await ctx.fileStore.get(key)).destroy();
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      missingBytes.push(key);
    }
  }
  const unrecordedBytes: string[] = [];
  // Far in the future: every stored object, whatever its age.
  for await (const key of ctx.fileStore.listOlderThan(new Date(8.64e15))) {
    if (!recordedKeys.has(key)) unrecordedBytes.push(key);
  }
  return {
    applications: applicationRows.map((row) => ({
      id: row.id,
      idempotencyKey: row.idempotencyKey,
      hasCandidate: row.candidateId !== null,
      fileCount: filesByApplication.get(row.id) ?? 0,
      // What the stored answers say was attached; must equal fileCount.
      answeredFileCount: row.answers.reduce(
        (sum, answer) =>
          sum + (answer.input_type === 'files' && Array.isArray(answer.value) ? answer.value.length : 0),
        0,
      ),
    })),
    storedFiles: recordedKeys.size,
    unusedFileRows: unusedRows.map((row) => row.key),
    missingBytes,
    unrecordedBytes,
  };
}

/** Adds a vacancy of the company with any body (published unless told otherwise) and drops the public cache. */
export async function addTestVacancy(
  ctx: TestSupportContext,
  companyId: number,
  body: {
    name: string;
    description?: string | null | undefined;
    demand?: string | null | undefined;
    isHot?: boolean | undefined;
    isPublished?: boolean | undefined;
  },
) {
  const isPublished = body.isPublished ?? true;
  const row = await insertTestVacancy(ctx.db, companyId, {
    name: body.name,
    description: body.description ?? null,
    demand: body.demand ?? null,
    isHot: body.isHot ?? false,
    isPublished,
    publishedAt: isPublished ? new Date() : null,
  });
  ctx.cache.invalidate(companyId);
  return { data: row };
}
