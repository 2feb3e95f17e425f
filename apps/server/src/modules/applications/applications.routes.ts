import { routePattern } from '@kadry/shared/routes';
import { fileResponseSchema, idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  applicationDetailsResponseSchema,
  applicationExportQuerySchema,
  applicationListQuerySchema,
  applicationListResponseSchema,
  applicationSummaryResponseSchema,
  moveApplicationInputSchema,
} from '@kadry/shared/schemas/recruiting';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import { attachmentDisposition, writeCsv, writeXlsx } from '../../lib/export-table';
import type { JobQueue } from '../../lib/job-queue';
import { sendStoredFile } from '../../lib/stored-files';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import { staffLocaleOf } from '../../plugins/session';
import type { FileStore } from '../../storage/file-store';
import { moveApplicationWithMail } from './application-mail.service';
import {
  type ApplicationContext,
  exportApplications,
  findDownload,
  getApplication,
  listApplications,
} from './applications.service';

export type ApplicationsRoutesOptions = {
  db: Db;
  fileStore: FileStore;
  events: EventBus;
  /** Candidate mail (a stage move may send one). */
  jobs: JobQueue;
};

const config = { plan: 'ats' as const };
const tags = ['applications'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/** Applications of the vacancies the user reaches through the Candidate permission. */
export const applicationsRoutes: FastifyPluginAsync<ApplicationsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  async function contextOf(request: FastifyRequest): Promise<ApplicationContext> {
    return { db, access: await getAccess(request), events: opts.events };
  }

  routes.get(
    routePattern('recruiting.applications'),
    {
      config,
      schema: {
        tags,
        summary: 'Applications the user may see, newest first',
        description: 'The search matches the name, and e-mail and phone only for roles that see them.',
        querystring: applicationListQuerySchema,
        response: { 200: applicationListResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => listApplications(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('recruiting.applications.export'),
    {
      config,
      schema: {
        tags,
        summary: 'Export the applications matching the filters as CSV or XLSX (export_database)',
        querystring: applicationExportQuerySchema,
        response: { 200: fileResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const table = await exportApplications(await contextOf(request), query, staffLocaleOf(request));
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
      if (format === 'xlsx') {
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachmentDisposition('candidates.xlsx'))
          .send(await writeXlsx(table));
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('candidates.csv'))
        .send(writeCsv(table));
    },
  );

  routes.get(
    routePattern('recruiting.applications.one'),
    {
      config,
      schema: {
        tags,
        summary: 'One application with its answers, files, CV text and the same person’s other applications',
        params: idParamsSchema,
        response: { 200: applicationDetailsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await getApplication(await contextOf(request), request.params.id, staffLocaleOf(request)),
    }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.applications.stage'),
    {
      config,
      schema: {
        tags,
        summary: "Move an application to a stage of its vacancy's pipeline; also POST with _method=PUT",
        description:
          'Recorded in the history (who, from, to). With `mail`, a mail to the candidate about the move ' +
          'is sent in the same transaction (as POST recruiting.applications.mails). 409 while rejected.',
        params: idParamsSchema,
        body: moveApplicationInputSchema,
        response: { 200: applicationSummaryResponseSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request) => ({
      data: await moveApplicationWithMail(
        { ...(await contextOf(request)), jobs: opts.jobs },
        request.params.id,
        request.body,
      ),
    }),
  );

  routes.get(
    routePattern('recruiting.files.download'),
    {
      config,
      schema: {
        tags,
        summary: 'Download a file of an application (as an attachment)',
        description:
          'Named and typed by the format detected from the content at upload, not by the name the ' +
          'candidate gave it: a `CV.html` that is plain text downloads as `CV.txt`, `text/plain`; an ' +
          'unrecognised format as `.bin`, `application/octet-stream`. Always with `nosniff`.',
        params: idParamsSchema,
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await findDownload(await contextOf(request), request.params.id);
      return sendStoredFile(reply, opts.fileStore, {
        ...file,
        disposition: attachmentDisposition(file.name),
      });
    },
  );
};
