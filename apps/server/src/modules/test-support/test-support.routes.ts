import { createHash } from 'node:crypto';
import { asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationFiles, applications, candidates } from '../../db/schema/applications';
import { storedFiles } from '../../db/schema/files';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EmailMessage, EmailSender } from '../../lib/email-sender';
import type { PublicCache } from '../../lib/public-cache';
import { FileNotFoundError, type FileStore } from '../../storage/file-store';

/** Mail the app sent, oldest first, for GET /api/test/emails. */
export type RecordedEmail = EmailMessage & { sentAt: string };

/** How many messages the recorder keeps (the oldest are dropped): a long browser-test run stays small. */
const MAILBOX_LIMIT = 1_000;

/**
 * An EmailSender that keeps a copy of every message it hands to `inner` (test routes only). A message
 * `inner` refused is not recorded: it was not sent.
 */
export function recordEmails(inner: EmailSender): EmailSender & { messages: RecordedEmail[] } {
  const messages: RecordedEmail[] = [];
  return {
    messages,
    async send(message) {
      await inner.send(message);
      messages.push({ ...message, sentAt: new Date().toISOString() });
      if (messages.length > MAILBOX_LIMIT) messages.splice(0, messages.length - MAILBOX_LIMIT);
    },
  };
}

/**
 * Routes for the browser tests only (KADRY_TEST_ROUTES=1): read an application back with the hashes
 * of its stored files, insert a vacancy with any body, read the mail sent to an address. Not
 * registered otherwise.
 */
export const testSupportRoutes: FastifyPluginAsync<{
  db: Db;
  fileStore: FileStore;
  cache: PublicCache;
  mailbox: { messages: RecordedEmail[] };
}> = async (app, opts) => {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The messages sent to one address, newest first (invitation and reset links for browser tests).
  routes.get(
    '/api/test/emails',
    { schema: { hide: true, querystring: z.object({ to: z.string().trim().min(1).max(320) }) } },
    async (request) => {
      const to = request.query.to.toLowerCase();
      return {
        data: opts.mailbox.messages.filter((message) => message.to.toLowerCase() === to).reverse(),
      };
    },
  );

  routes.get('/api/test/applications', { schema: { hide: true } }, async (request) => {
    const company = request.company;
    if (!company) throw new AppError('not_found');
    const rows = await db
      .select({ id: applications.id, vacancyId: applications.vacancyId, createdAt: applications.createdAt })
      .from(applications)
      .where(eq(applications.companyId, company.id))
      .orderBy(asc(applications.id));
    return { data: rows };
  });

  routes.get(
    '/api/test/applications/:id',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int() }) } },
    async (request) => {
      const [response] = await db
        .select()
        .from(applications)
        .where(eq(applications.id, request.params.id))
        .limit(1);
      if (!response) throw new AppError('not_found');
      const [candidate] = await db.select().from(candidates).where(eq(candidates.id, response.candidateId));
      const files = await db
        .select({
          fieldIndex: applicationFiles.fieldIndex,
          position: applicationFiles.position,
          key: storedFiles.storageKey,
          name: storedFiles.originalName,
          format: storedFiles.detectedFormat,
          size: storedFiles.size,
          sha256: storedFiles.sha256,
        })
        .from(applicationFiles)
        .innerJoin(storedFiles, eq(storedFiles.id, applicationFiles.storedFileId))
        .where(eq(applicationFiles.applicationId, response.id))
        .orderBy(asc(applicationFiles.fieldIndex), asc(applicationFiles.position));
      // Hash what storage really holds, not what the database says it holds.
      const stored = await Promise.all(
        files.map(async ({ key, ...file }) => {
          const hash = createHash('sha256');
          for await (const chunk of await opts.fileStore.get(key)) hash.update(chunk as Buffer);
          return { ...file, storedSha256: hash.digest('hex') };
        }),
      );
      return { data: { ...response, candidate, files: stored } };
    },
  );

  /**
   * Read-only consistency report for the reliability tests (crash, deploy): every application with its
   * idempotency key and file counts, and whatever would betray a half-written one — file rows no
   * application uses, file rows whose bytes are missing, stored bytes no row records (an interrupted
   * upload that the start-up sweep has not removed yet).
   */
  routes.get('/api/test/integrity', { schema: { hide: true } }, async () => {
    const applicationRows = await db
      .select({
        id: applications.id,
        idempotencyKey: applications.idempotencyKey,
        answers: applications.answers,
        candidateId: candidates.id,
      })
      .from(applications)
      .leftJoin(candidates, eq(candidates.id, applications.candidateId))
      .orderBy(asc(applications.id));
    const fileCounts = await db
      .select({ applicationId: applicationFiles.applicationId, files: count() })
      .from(applicationFiles)
      .groupBy(applicationFiles.applicationId);
    const filesByApplication = new Map(fileCounts.map((row) => [row.applicationId, row.files]));
    const unusedRows = await db
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .leftJoin(applicationFiles, eq(applicationFiles.storedFileId, storedFiles.id))
      .where(isNull(applicationFiles.id));
    const recorded = await db.select({ key: storedFiles.storageKey }).from(storedFiles);
    const recordedKeys = new Set(recorded.map((row) => row.key));
    const missingBytes: string[] = [];
    for (const key of recordedKeys) {
      try {
        (await opts.fileStore.get(key)).destroy();
      } catch (error) {
        if (!(error instanceof FileNotFoundError)) throw error;
        missingBytes.push(key);
      }
    }
    const unrecordedBytes: string[] = [];
    // Far in the future: every stored object, whatever its age.
    for await (const key of opts.fileStore.listOlderThan(new Date(8.64e15))) {
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
  });

  routes.post(
    '/api/test/vacancies',
    {
      schema: {
        hide: true,
        body: z.object({
          name: z.string(),
          description: z.string().nullable().optional(),
          demand: z.string().nullable().optional(),
          isHot: z.boolean().optional(),
          isPublished: z.boolean().optional(),
        }),
      },
    },
    async (request, reply) => {
      const company = request.company;
      if (!company) throw new AppError('not_found');
      const isPublished = request.body.isPublished ?? true;
      const [row] = await db
        .insert(vacancies)
        .values({
          companyId: company.id,
          name: request.body.name,
          description: request.body.description ?? null,
          demand: request.body.demand ?? null,
          isHot: request.body.isHot ?? false,
          isPublished,
          publishedAt: isPublished ? new Date() : null,
        })
        .returning({ id: vacancies.id });
      opts.cache.invalidate(company.id);
      return reply.status(201).send({ data: row });
    },
  );
};
