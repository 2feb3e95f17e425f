import type { Readable } from 'node:stream';
import { routePattern } from '@kadry/shared/routes';
import {
  absenceReportParamsSchema,
  absenceReportQuerySchema,
  absenceReportResponseSchema,
  hrReportQuerySchema,
  hrReportResponseSchema,
  reportModalParamsSchema,
  reportModalQuerySchema,
  reportModalResponseSchema,
  timelineExportQuerySchema,
  timelineImportQuerySchema,
  timelineImportResponseSchema,
  timelineQuerySchema,
  timelineResponseSchema,
} from '@kadry/shared/schemas/absence-reports';
import { fileResponseSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/tables';
import { AppError } from '../../../lib/app-error';
import type { EventBus } from '../../../lib/event-bus';
import { attachmentDisposition } from '../../../lib/export-table';
import { readLimitedParts } from '../../../lib/multipart-body';
import { getAccess, requireAbility } from '../../../plugins/access/access';
import { staffLocaleOf } from '../../../plugins/session';
import {
  exportHrReport,
  exportTimeline,
  getAbsenceReport,
  getHrReport,
  getReportModal,
  getTimeline,
  importTimeline,
  type ReportsContext,
  XLSX_CONTENT_TYPE,
} from './reports.service';

export type AbsenceReportsRoutesOptions = {
  db: Db;
  events: EventBus;
  now: () => Date;
  uploadMinBytesPerSec?: number;
};

const tags = ['absences'];
const config = { plan: 'hrm' as const };
const errors = errorResponses(...STAFF_ERRORS, 404, 422);
/** The import file: a few thousand rows of XLSX. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

function sendFile(reply: FastifyReply, file: { stream: Readable; fileName: string }) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/**
 * Absence reports and the timeline (issue 14; Timeline named actions of spec §6). Whose absences
 * show: people the user sees (decision 013) whom their AbsenceRequest view level reaches.
 */
export const absenceReportsRoutes: FastifyPluginAsync<AbsenceReportsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<ReportsContext> {
    return { db: opts.db, access: await getAccess(request), events: opts.events, now: opts.now };
  }

  routes.get(
    routePattern('dashboard.balance.absenceReport'),
    {
      config,
      schema: {
        tags,
        summary: 'A person’s absence balance report for a year (spec §3.2)',
        description:
          '`{id}` is an employee, or `current` for the user’s own. Groups keyed by type code, each with `absence_data` (approved and pending absences touching the year), each with `months`, each month with `title` (YYYY-MM) and `days_data.list` (the counted days, 1 or 0.5 each; hours for hourly types). `total` is the approved amount of the year. 404 for a person the user may not see.',
        params: absenceReportParamsSchema,
        querystring: absenceReportQuerySchema,
        response: { 200: absenceReportResponseSchema, ...errors },
      },
    },
    async (request) => getAbsenceReport(await contextOf(request), request.params.id, request.query.year),
  );

  routes.get(
    routePattern('dashboard.absence.reportModal'),
    {
      config,
      schema: {
        tags,
        summary: 'A person’s absences and balances for a year (the report modal)',
        description:
          'Every request touching the year (any status) and the balances of the year of each type that counts against one. 404 for a person the user may not see.',
        params: reportModalParamsSchema,
        querystring: reportModalQuerySchema,
        response: { 200: reportModalResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await getReportModal(await contextOf(request), request.params.people_id, request.query.year),
    }),
  );

  routes.get(
    routePattern('absences.report'),
    {
      config,
      schema: {
        tags,
        summary: 'Absence report of a team or the company (Timeline action absence_report_view)',
        description:
          'Approved days (hours for hourly types) per person or per team and type in a month or a year, counted inside the period on each person’s calendar, with totals over people. A team includes the teams below it.',
        querystring: hrReportQuerySchema,
        response: { 200: hrReportResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getHrReport(await contextOf(request), request.query) }),
  );

  routes.get(
    routePattern('absences.report.export'),
    {
      config,
      schema: {
        tags,
        summary: 'The absence report as XLSX, streamed (Timeline action absence_report_import_export)',
        description:
          'Text cells starting with = + - @, a tab or a carriage return are prefixed with a quote.',
        querystring: hrReportQuerySchema,
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendFile(reply, await exportHrReport(await contextOf(request), request.query, staffLocaleOf(request))),
  );

  routes.get(
    routePattern('absences.timeline'),
    {
      config,
      schema: {
        tags,
        summary: 'The absence timeline of a team or the company (Timeline action absence_report_view)',
        description:
          'One page of people (by name) employed in the months asked, each with their approved and pending absences (filtered by type) and the days they do not work (weekends of their calendar, holidays, company days off). At most 12 months.',
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema, ...errors },
      },
    },
    async (request) => getTimeline(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('absences.timeline.export'),
    {
      config,
      schema: {
        tags,
        summary: 'The timeline as XLSX, streamed (Timeline actions absence_report_view and _import_export)',
        description:
          'A row per person, a column per day: the absence type’s name (½ a half day, * pending), a dot on a non-working day.',
        querystring: timelineExportQuerySchema,
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendFile(reply, await exportTimeline(await contextOf(request), request.query, staffLocaleOf(request))),
  );

  routes.post(
    routePattern('absences.timeline.import'),
    {
      config,
      schema: {
        tags,
        summary: 'Import directly entered absences from XLSX (multipart field `file`)',
        description:
          'Columns by header: employee (employee number or work e-mail), absence_type (code or name), date_from, date_to (YYYY-MM-DD), half_day_start, half_day_end (yes/no), hours, comment. Each row goes through the request engine (counting, overlaps, balances, permissions). `dry_run=true` lists every row’s refusals and writes nothing; otherwise every row is entered in one transaction, or none (422) when any is refused. Timeline action absence_report_import_export and AbsenceRequest create_absence.',
        consumes: ['multipart/form-data'],
        querystring: timelineImportQuerySchema,
        response: { 200: timelineImportResponseSchema, ...errors, ...errorResponses(413, 415) },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'AbsenceRequest', 'create');
      },
    },
    async (request) => {
      const ctx = await contextOf(request);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      const parts = request.parts({
        limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
      });
      let file: Buffer | null = null;
      for await (const part of readLimitedParts(request.raw, parts, {
        maxTextBytes: 2048,
        minBytesPerSec: opts.uploadMinBytesPerSec ?? 0,
      })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw new AppError('file_too_large');
        file = Buffer.concat(chunks);
      }
      if (!file || file.length === 0) {
        throw new AppError('validation', { issues: { file: [{ key: 'public.fill_fields' }] } });
      }
      return { data: await importTimeline(ctx, file, request.query.dry_run, staffLocaleOf(request)) };
    },
  );
};
