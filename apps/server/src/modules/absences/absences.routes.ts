import { routePattern } from '@kadry/shared/routes';
import {
  ABSENCE_FILE_MAX_BYTES,
  ABSENCE_FILES_MAX,
  absenceBalanceResponseSchema,
  absenceDecisionBodySchema,
  absenceFilterQuerySchema,
  absenceFilterResponseSchema,
  absenceListQuerySchema,
  absenceListResponseSchema,
  absencePreviewResponseSchema,
  absenceRequestResponseSchema,
  absenceRequestsQuerySchema,
  absenceRequestsResponseSchema,
  absenceTypesResponseSchema,
  absentTodayQuerySchema,
  absentTodayResponseSchema,
  absentTodayTotalQuerySchema,
  absentTodayTotalResponseSchema,
  createAbsenceRequestBodySchema,
  createdAbsenceRequestResponseSchema,
  directEntryBodySchema,
  directEntryResponseSchema,
  ledgerQuerySchema,
  ledgerResponseSchema,
  managementCountResponseSchema,
  managementQuerySchema,
  managementResponseSchema,
  rejectAbsenceBodySchema,
  updateAbsenceEntryBodySchema,
} from '@kadry/shared/schemas/absences';
import { fileResponseSchema, idParamsSchema, objectIdParamSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { attachmentDisposition } from '../../lib/export-table';
import { readLimitedParts } from '../../lib/multipart-body';
import { translatorForLocale } from '../../lib/request-locale';
import { sendStoredFile, skipFilePart, storeFilePart, trackRequestUploads } from '../../lib/stored-files';
import { getAccess, requireAbility } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import { staffLocaleOf } from '../../plugins/session';
import type { FileStore } from '../../storage/file-store';
import {
  type AbsencesContext,
  type AbsenceUpload,
  cancelAbsenceRequest,
  countAbsentToday,
  countManagement,
  createAbsenceRequest,
  decideAbsenceRequest,
  deleteAbsenceEntry,
  enterAbsences,
  filterAbsences,
  findRequestDocument,
  getAbsenceRequest,
  getEmployeeBalance,
  getLedger,
  getOwnBalance,
  listAbsences,
  listAbsentToday,
  listManagement,
  listRequests,
  listTypes,
  previewAbsenceRequest,
  revokeAbsenceRequest,
  updateAbsenceEntry,
} from './absences.service';

export type AbsencesRoutesOptions = {
  db: Db;
  events: EventBus;
  now: () => Date;
  fileStore: FileStore;
  /** Uploads' minimum rate (UPLOAD_MIN_BYTES_PER_SEC); 0 = none. */
  uploadMinBytesPerSec?: number;
};

const config = { plan: 'hrm' as const };
const tags = ['absences'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);
const decisionErrors = errorResponses(...STAFF_ERRORS, 404, 409, 422);

/** A request's text parts: the body's fields (and `_method`), a few bytes each. */
const TEXT_LIMITS = { parts: 12, valueBytes: 4_096, textBytes: 8_192 };
/** The file parts a request's documents travel in: `files`, `files[]`, `files[0]` or `attached_files[0]`. */
const FILE_PART = /^(files|attached_files)(\[\d{0,2}\])?$/;
const BOOLEAN_FIELDS = new Set(['half_day_start', 'half_day_end']);
const NUMBER_FIELDS = new Set(['employee_id', 'hours']);

/** A multipart body's text parts as the JSON body would have them (booleans and numbers read). */
function bodyOfTexts(texts: Map<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of texts) {
    if (name === '_method') continue;
    if (BOOLEAN_FIELDS.has(name)) body[name] = value === 'true' || value === '1' || value === 'on';
    else if (NUMBER_FIELDS.has(name)) {
      if (value.trim() !== '') body[name] = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
    } else if (value !== '' || name === 'comment') body[name] = value;
  }
  return body;
}

/** An uploaded file's name as stored: trimmed, no path, at most 200 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(0, 200) || 'document';
}

/**
 * Absences under the `AbsenceRequest` permission (hrm plan; docs/decisions/018-absence-ledger.md).
 * A request out of the user's view answers 404 like a missing one.
 */
export const absencesRoutes: FastifyPluginAsync<AbsencesRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { fileStore } = opts;
  /** Documents stored while reading a request's body; removed unless the request kept them. */
  const uploads = trackRequestUploads<AbsenceUpload>(app, fileStore);

  async function contextOf(request: FastifyRequest): Promise<AbsencesContext> {
    return {
      db: opts.db,
      access: await getAccess(request),
      events: opts.events,
      now: opts.now,
      linkOrigin: request.linkOrigin,
    };
  }

  const view = async (request: FastifyRequest) => {
    await requireAbility(request, 'AbsenceRequest', 'view');
  };
  /** The dashboard's own absence widgets (absent today, absences): the Dashboard view as well. */
  const dashboardView = async (request: FastifyRequest) => {
    await requireAbility(request, 'Dashboard', 'view');
    await requireAbility(request, 'AbsenceRequest', 'view');
  };

  /**
   * A multipart request: its documents go to the FileStore as they arrive, its text parts become the
   * body the schema then checks like a JSON one.
   */
  async function readMultipartRequest(request: FastifyRequest): Promise<void> {
    const files = uploads.start(request);
    const minBytesPerSec = opts.uploadMinBytesPerSec ?? 0;
    const parts = request.parts({
      limits: {
        fileSize: ABSENCE_FILE_MAX_BYTES,
        files: ABSENCE_FILES_MAX,
        fields: TEXT_LIMITS.parts,
        fieldSize: TEXT_LIMITS.valueBytes,
        parts: TEXT_LIMITS.parts + ABSENCE_FILES_MAX,
      },
    });
    const texts = new Map<string, string>();
    for await (const part of readLimitedParts(request.raw, parts, {
      maxTextBytes: TEXT_LIMITS.textBytes,
      minBytesPerSec,
    })) {
      if (part.type === 'field') {
        texts.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
        continue;
      }
      if (!FILE_PART.test(part.fieldname)) {
        await skipFilePart(part);
        continue;
      }
      const stored = await storeFilePart(fileStore, part, {
        maxBytes: ABSENCE_FILE_MAX_BYTES,
        minBytesPerSec,
      });
      if (stored.outcome === 'too_large') throw new AppError('file_too_large');
      if (stored.outcome === 'empty') continue;
      const detected = await fileTypeFromBuffer(stored.head);
      files.push({
        key: stored.key,
        name: cleanName(part.filename),
        size: stored.size,
        sha256: stored.sha256,
        format: detected?.ext ?? null,
      });
    }
    request.body = bodyOfTexts(texts);
  }

  routes.get(
    routePattern('absences.types'),
    {
      config,
      schema: {
        tags,
        summary: 'Absence types of the company',
        description: 'Every type, enabled or not, in order; seeded with the defaults on first use.',
        response: { 200: absenceTypesResponseSchema, ...errors },
      },
      preValidation: async (request) => {
        await getAccess(request);
      },
    },
    async (request) => ({ data: await listTypes(await contextOf(request)) }),
  );

  routes.post(
    routePattern('employeeRequest.requests'),
    {
      config,
      schema: {
        tags,
        summary: 'Request an absence (JSON, or multipart with documents)',
        description:
          'For the user (default) or an employee their AbsenceRequest create level reaches. Days are counted on the employee’s calendar (holidays never count) and split over calendar years. 422 under the field: `date_from` when no day counts or the range overlaps a pending or approved request of the same person, `absence_type` when over the available balance of a period (pending requests count as used) and the policy does not allow going negative, `files` when the type needs a document (sick_days_doc) and none came. Multipart: the same fields as text parts, documents as file parts `files` (or `files[0]`, `attached_files[0]`; up to 5 of 20 MB). Approved at once when the type needs no approval, or when someone with `create_absence` enters it for another person.',
        consumes: ['application/json', 'multipart/form-data'],
        body: createAbsenceRequestBodySchema,
        response: { 201: createdAbsenceRequestResponseSchema, ...errors, ...errorResponses(413) },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'AbsenceRequest', 'create');
        if (request.isMultipart()) await readMultipartRequest(request);
      },
    },
    async (request, reply) => {
      const taken = uploads.take(request);
      const created = await createAbsenceRequest(await contextOf(request), request.body, taken.files);
      taken.keep();
      return reply.code(201).send({ data: created });
    },
  );

  routes.post(
    routePattern('employeeRequest.requests.preview'),
    {
      config,
      schema: {
        tags,
        summary: 'Count a would-be request without sending it',
        description:
          'The same body, engine and refusals (422 under the field) as sending it; answers the counted days (or hours) per year and what would be left of the balance. Writes nothing but the accruals due.',
        body: createAbsenceRequestBodySchema,
        response: { 200: absencePreviewResponseSchema, ...errors },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'AbsenceRequest', 'create');
      },
    },
    async (request) => ({ data: await previewAbsenceRequest(await contextOf(request), request.body) }),
  );

  for (const name of ['employeeRequest.requests.one', 'dashboard.requests.id'] as const) {
    routes.get(
      routePattern(name),
      {
        config,
        schema: {
          tags,
          summary: 'One absence request with its approval steps and documents',
          params: idParamsSchema,
          response: { 200: absenceRequestResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await getAbsenceRequest(await contextOf(request), request.params.id) }),
    );
  }

  routes.get(
    routePattern('employeeRequest.requests.file'),
    {
      config,
      schema: {
        tags,
        summary: 'Download a document of a request (as an attachment)',
        description: 'For whoever may see the request; 404 otherwise.',
        params: z.object({ id: objectIdParamSchema, fileId: objectIdParamSchema }),
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await findRequestDocument(
        await contextOf(request),
        request.params.id,
        request.params.fileId,
      );
      return sendStoredFile(reply, fileStore, { ...file, disposition: attachmentDisposition(file.name) });
    },
  );

  routes.get(
    routePattern('dashboard.requests.all'),
    {
      config,
      schema: {
        tags,
        summary: 'Absence requests the user may see',
        description:
          'Requests of employees the user sees whose AbsenceRequest view level reaches them (own / my team / anyone), and those naming the user as an approver; newest first. Filters: status, type, employee, team (with the teams below it), and a date range the request meets.',
        querystring: absenceRequestsQuerySchema,
        response: { 200: absenceRequestsResponseSchema, ...errors },
      },
      preValidation: view,
    },
    async (request) => listRequests(await contextOf(request), request.query, 'all'),
  );

  routes.get(
    routePattern('dashboard.requests.my'),
    {
      config,
      schema: {
        tags,
        summary: 'The user’s own absence requests',
        description: 'Newest first; employee and team filters are ignored.',
        querystring: absenceRequestsQuerySchema,
        response: { 200: absenceRequestsResponseSchema, ...errors },
      },
      preValidation: view,
    },
    async (request) => listRequests(await contextOf(request), request.query, 'my'),
  );

  routes.get(
    routePattern('absences.management'),
    {
      config,
      schema: {
        tags,
        summary: 'The management tab: requests awaiting the user’s decision',
        description:
          'Pending requests whose current step the user may decide now (the type’s approval action, not their own, the named approver or an update level reaching the employee; to_all for an HR step), oldest first. Needs `management_tab` or an approval action.',
        querystring: managementQuerySchema,
        response: { 200: managementResponseSchema, ...errors },
      },
    },
    async (request) => listManagement(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('absences.management.count'),
    {
      config,
      schema: {
        tags,
        summary: 'How many requests await the user’s decision (the badge)',
        response: { 200: managementCountResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await countManagement(await contextOf(request)) }),
  );

  routes.post(
    routePattern('employeeRequest.requests.approve'),
    {
      config,
      schema: {
        tags,
        summary: 'Approve the current step of a request',
        description:
          'Needs the type’s approval action (approve_vacation, approve_sick_leave, …); never one’s own request. The step’s named approver (the manager, or the type’s fallback approver) may decide it; otherwise an AbsenceRequest update level that reaches the employee (to_all for an HR step). 409 when the request no longer awaits a decision.',
        params: idParamsSchema,
        body: absenceDecisionBodySchema.optional(),
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({
      data: await decideAbsenceRequest(
        await contextOf(request),
        request.params.id,
        'approve',
        request.body?.reason || undefined,
      ),
    }),
  );

  routes.post(
    routePattern('employeeRequest.requests.reject'),
    {
      config,
      schema: {
        tags,
        summary: 'Reject a request (with a reason)',
        description: 'Who may approve the current step may reject it; the rest of the chain is skipped.',
        params: idParamsSchema,
        body: rejectAbsenceBodySchema,
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({
      data: await decideAbsenceRequest(
        await contextOf(request),
        request.params.id,
        'reject',
        request.body.reason,
      ),
    }),
  );

  routes.post(
    routePattern('employeeRequest.requests.cancel'),
    {
      config,
      schema: {
        tags,
        summary: 'Withdraw a pending request',
        description: 'By whoever made it or the employee it is for; 409 once decided.',
        params: idParamsSchema,
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({ data: await cancelAbsenceRequest(await contextOf(request), request.params.id) }),
  );

  routes.post(
    routePattern('employeeRequest.requests.revoke'),
    {
      config,
      schema: {
        tags,
        summary: 'Revoke an approved absence',
        description:
          'By whoever may approve its type for the employee, or with `delete_absence` and an update level that reaches them. The days return to the balance as reversal entries.',
        params: idParamsSchema,
        body: absenceDecisionBodySchema.optional(),
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({
      data: await revokeAbsenceRequest(
        await contextOf(request),
        request.params.id,
        request.body?.reason || undefined,
      ),
    }),
  );

  routes.post(
    routePattern('absences.entries'),
    {
      config,
      schema: {
        tags,
        summary: 'Enter absences directly (create_absence), for people or a whole team',
        description:
          'One transaction; each person is checked alone (visible and reachable by the AbsenceRequest create level, days to count, no overlap, within the balance) and a refused person gets nothing written, reported with the reasons under the fields. Someone else’s absence is approved at once.',
        body: directEntryBodySchema,
        response: { 200: directEntryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const t = translatorForLocale(staffLocaleOf(request));
      const outcomes = await enterAbsences(await contextOf(request), request.body);
      return {
        data: outcomes.map(({ issues, ...outcome }) => ({
          ...outcome,
          errors: issues
            ? Object.fromEntries(
                Object.entries(issues).map(([field, list]) => [
                  field,
                  list.map((issue) => t(issue.key, issue.params)),
                ]),
              )
            : null,
        })),
        meta: {
          created: outcomes.filter((outcome) => outcome.result === 'created').length,
          refused: outcomes.filter((outcome) => outcome.result === 'refused').length,
        },
      };
    },
  );

  registerPutRoute(
    routes,
    routePattern('absences.entries.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Change the dates of an approved absence (update_absence); also POST with _method=PUT',
        description:
          'Recounted and checked like a new request (its own days given back first); the ledger gets a reversal of the old amounts and the new absence. 409 unless approved.',
        params: idParamsSchema,
        body: updateAbsenceEntryBodySchema,
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({
      data: await updateAbsenceEntry(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('absences.entries.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Remove an approved absence (delete_absence)',
        description:
          'Revoked, its days returned through reversal entries: nothing is deleted. 409 unless approved.',
        params: idParamsSchema,
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({ data: await deleteAbsenceEntry(await contextOf(request), request.params.id) }),
  );

  routes.get(
    routePattern('dashboard.balance.absence'),
    {
      config,
      schema: {
        tags,
        summary: 'The user’s own absence balances',
        description:
          'Per enabled type that counts against a balance, for the current year of the user’s calendar: accrued (accruals, carry-over, expiry, adjustments), used (approved absences net of reversals), pending, available = accrued − used − pending.',
        response: { 200: absenceBalanceResponseSchema, ...errors },
      },
      preValidation: view,
    },
    async (request) => ({ data: await getOwnBalance(await contextOf(request)) }),
  );

  routes.get(
    routePattern('absences.balances.employee'),
    {
      config,
      schema: {
        tags,
        summary: 'An employee’s absence balances',
        description:
          'For an employee the user sees whose AbsenceRequest view level reaches them; 404 otherwise.',
        params: idParamsSchema,
        response: { 200: absenceBalanceResponseSchema, ...errors },
      },
      preValidation: view,
    },
    async (request) => ({ data: await getEmployeeBalance(await contextOf(request), request.params.id) }),
  );

  routes.get(
    routePattern('absences.ledger'),
    {
      config,
      schema: {
        tags,
        summary: 'A balance line by line',
        description:
          'The ledger entries (accruals, carry-over, expiry, adjustments, absences and reversals) whose sum is the balance of one type and year (the current one by default); one’s own, or an employee’s the user may see with AbsenceRequest view (404 otherwise).',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerResponseSchema, ...errors },
      },
      preValidation: view,
    },
    async (request) => ({ data: await getLedger(await contextOf(request), request.query) }),
  );

  routes.get(
    routePattern('dashboard.absence.list'),
    {
      config,
      schema: {
        tags,
        summary: 'Approved absences of the people the user sees',
        description:
          'Meeting the range (by default: not ended by today in the user’s calendar), soonest first; `absence_type` filters by code.',
        querystring: absenceListQuerySchema,
        response: { 200: absenceListResponseSchema, ...errors },
      },
      preValidation: dashboardView,
    },
    async (request) => listAbsences(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('dashboard.absence.filter'),
    {
      config,
      schema: {
        tags,
        summary: 'Absence types with their number of absences, most first',
        description: 'Over the same absences and range as the list.',
        querystring: absenceFilterQuerySchema,
        response: { 200: absenceFilterResponseSchema, ...errors },
      },
      preValidation: dashboardView,
    },
    async (request) => ({ data: await filterAbsences(await contextOf(request), request.query) }),
  );

  routes.get(
    routePattern('dashboard.absentToday.list'),
    {
      config,
      schema: {
        tags,
        summary: 'Who is away today',
        description:
          '“Today” in each person’s own calendar time zone; approved absences of types people are away on (not overtime, night shifts, weekend work or day transfers), of the people the user sees; by name.',
        querystring: absentTodayQuerySchema,
        response: { 200: absentTodayResponseSchema, ...errors },
      },
      preValidation: dashboardView,
    },
    async (request) => listAbsentToday(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('dashboard.absentToday.total'),
    {
      config,
      schema: {
        tags,
        summary: 'How many are away today (the list’s total)',
        querystring: absentTodayTotalQuerySchema,
        response: { 200: absentTodayTotalResponseSchema, ...errors },
      },
      preValidation: dashboardView,
    },
    async (request) => ({
      data: await countAbsentToday(await contextOf(request), request.query.absence_type),
    }),
  );
};
