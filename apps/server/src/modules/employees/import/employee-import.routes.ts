import { routePattern } from '@kadry/shared/routes';
import { fileResponseSchema, idParamsSchema } from '@kadry/shared/schemas/common';
import {
  EMPLOYEE_IMPORT_MAX_BYTES,
  employeeImportResponseSchema,
  employeeImportRowsQuerySchema,
  employeeImportRowsResponseSchema,
} from '@kadry/shared/schemas/employee-import';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/tables';
import { AppError } from '../../../lib/app-error';
import type { EventBus } from '../../../lib/event-bus';
import { attachmentDisposition } from '../../../lib/export-table';
import { readLimitedParts } from '../../../lib/multipart-body';
import { translatorForLocale } from '../../../lib/request-locale';
import { getAccess } from '../../../plugins/access/access';
import { staffLocaleOf } from '../../../plugins/session';
import type { FileStore } from '../../../storage/file-store';
import {
  checkUploadedImport,
  confirmImport,
  discardImport,
  type EmployeeImportContext,
  formatOfFileName,
  getImport,
  listImportRows,
  requireImportAccess,
  sweepStaleImports,
  writeErrorFile,
  writeTemplate,
  XLSX_CONTENT_TYPE,
} from './employee-import.service';

export type EmployeeImportRoutesOptions = {
  db: Db;
  fileStore: FileStore;
  now?: () => Date;
  /** The upload's minimum rate (UPLOAD_MIN_BYTES_PER_SEC); 0 = none. */
  uploadMinBytesPerSec?: number;
  /** Changes of people's teams are announced here (`teams.members_changed`). */
  events?: EventBus;
};

const config = { plan: 'hrm' as const };
/** Checked imports older than a day are swept this often (and once at start). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const tags = ['employees'];
const errors = errorResponses(...STAFF_ERRORS, 404);
const ACCESS_NOTE =
  'Needs the Employee create and update levels at to_all: an import changes anyone. Columns of fields ' +
  'the user may not see are refused.';

/** Employee import: template, upload with a dry run, the rows and the error file, confirmation. */
export const employeeImportRoutes: FastifyPluginAsync<EmployeeImportRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = opts.now ?? (() => new Date());

  async function contextOf(request: FastifyRequest): Promise<EmployeeImportContext> {
    return {
      db: opts.db,
      access: await getAccess(request),
      fileStore: opts.fileStore,
      now,
      events: opts.events,
    };
  }

  const sweep = () =>
    sweepStaleImports(opts.db, opts.fileStore, now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'employee import sweep failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  routes.get(
    routePattern('employee.import.template'),
    {
      config,
      schema: {
        tags,
        summary: 'The import template (XLSX): a column per importable field, and a sheet of allowed values',
        description: ACCESS_NOTE,
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const stream = await writeTemplate(
        await contextOf(request),
        translatorForLocale(staffLocaleOf(request)),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition('employees-template.xlsx'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  routes.post(
    routePattern('employee.import'),
    {
      config,
      schema: {
        tags,
        summary: 'Upload an XLSX or CSV file of employees (multipart field `file`) and check it (dry run)',
        description:
          `${ACCESS_NOTE} Nothing is written but the import itself (status checked): each row is matched by ` +
          'employee_number, else by work email, and reported as create, update or error. An empty cell ' +
          'leaves the stored value unchanged.',
        consumes: ['multipart/form-data'],
        response: { 201: employeeImportResponseSchema, ...errors, ...errorResponses(413, 415, 422) },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(request);
      requireImportAccess(ctx.access);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      const parts = request.parts({
        limits: { fileSize: EMPLOYEE_IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
      });
      let upload: { fileName: string; storageKey: string; format: 'xlsx' | 'csv' } | null = null;
      try {
        for await (const part of readLimitedParts(request.raw, parts, {
          maxTextBytes: 4096,
          minBytesPerSec: opts.uploadMinBytesPerSec ?? 0,
        })) {
          if (part.type !== 'file') continue;
          const format = formatOfFileName(part.filename);
          if (part.fieldname !== 'file' || upload || !format) {
            part.file.resume();
            if (!format && part.fieldname === 'file') {
              throw new AppError('validation', {
                issues: { file: [{ key: 'hr.employeesImport.wrong_format' }] },
              });
            }
            continue;
          }
          const stored = await opts.fileStore.put(part.file, { maxBytes: EMPLOYEE_IMPORT_MAX_BYTES });
          if (part.file.truncated) {
            await opts.fileStore.delete(stored.key);
            throw new AppError('file_too_large');
          }
          upload = { fileName: part.filename, storageKey: stored.key, format };
        }
      } catch (error) {
        if (upload) await opts.fileStore.delete(upload.storageKey).catch(() => undefined);
        const name = (error as { name?: string } | null)?.name;
        if (name === 'FileTooLargeError') throw new AppError('file_too_large');
        throw error;
      }
      if (!upload) {
        throw new AppError('validation', { issues: { file: [{ key: 'public.fill_fields' }] } });
      }
      const data = await checkUploadedImport(ctx, upload);
      return reply.status(201).send({ data });
    },
  );

  routes.get(
    routePattern('employee.import.one'),
    {
      config,
      schema: {
        tags,
        summary: 'One import: its status and the counts of its dry run',
        params: idParamsSchema,
        response: { 200: employeeImportResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getImport(await contextOf(request), request.params.id) }),
  );

  routes.delete(
    routePattern('employee.import.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Discard a checked import that will not be confirmed (its file goes with it)',
        description: `${ACCESS_NOTE} 409 once the import was confirmed. Checked imports older than a day are dropped anyway.`,
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await discardImport(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('employee.import.rows'),
    {
      config,
      schema: {
        tags,
        summary: "The dry run's rows (what each creates or updates, and every error), paged",
        params: idParamsSchema,
        querystring: employeeImportRowsQuerySchema,
        response: { 200: employeeImportRowsResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => listImportRows(await contextOf(request), request.params.id, request.query),
  );

  routes.get(
    routePattern('employee.import.errors'),
    {
      config,
      schema: {
        tags,
        summary: 'The rows with errors as XLSX, each with its row number and an `errors` column',
        params: idParamsSchema,
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await writeErrorFile(
        await contextOf(request),
        request.params.id,
        translatorForLocale(staffLocaleOf(request)),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  routes.post(
    routePattern('employee.import.confirm'),
    {
      config,
      schema: {
        tags,
        summary:
          'Import a checked file in one transaction (every row checked again; any error: nothing written)',
        description: ACCESS_NOTE,
        params: idParamsSchema,
        response: { 200: employeeImportResponseSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request) => ({ data: await confirmImport(await contextOf(request), request.params.id) }),
  );
};
