import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import type { EmailMessage, EmailSender } from '../../lib/email-sender';
import type { PublicCache } from '../../lib/public-cache';
import { requireCompany } from '../../plugins/company-resolver';
import type { FileStore } from '../../storage/file-store';
import {
  addTestVacancy,
  buildIntegrityReport,
  listApplications,
  readStoredApplication,
  type TestSupportContext,
} from './test-support.service';

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
  const ctx: TestSupportContext = { db: opts.db, fileStore: opts.fileStore, cache: opts.cache };
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

  routes.get('/api/test/applications', { schema: { hide: true } }, async (request) =>
    listApplications(ctx, requireCompany(request).id),
  );

  routes.get(
    '/api/test/applications/:id',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int() }) } },
    async (request) => readStoredApplication(ctx, requireCompany(request).id, request.params.id),
  );

  // Read-only consistency report for the reliability tests (crash, deploy): see buildIntegrityReport.
  routes.get('/api/test/integrity', { schema: { hide: true } }, async () => buildIntegrityReport(ctx));

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
    async (request, reply) =>
      reply.status(201).send(await addTestVacancy(ctx, requireCompany(request).id, request.body)),
  );
};
