import { routePattern } from '@kadry/shared/routes';
import { fileResponseSchema, idParamsSchema, objectIdParamSchema } from '@kadry/shared/schemas/common';
import {
  createEmployeeBodySchema,
  customFieldDefinitionBodySchema,
  customFieldDefinitionResponseSchema,
  customFieldDefinitionsResponseSchema,
  EMPLOYEE_FILE_MAX_BYTES,
  EMPLOYEE_PHOTO_MAX_BYTES,
  employeeChangesQuerySchema,
  employeeChangesResponseSchema,
  employeeFileResponseSchema,
  employeeFilesResponseSchema,
  employeePicksResponseSchema,
  employeeResponseSchema,
  employeesQuerySchema,
  employeesResponseSchema,
  probationQuerySchema,
  salariesResponseSchema,
  salaryBodySchema,
  salaryResponseSchema,
  updateEmployeeBodySchema,
} from '@kadry/shared/schemas/employees';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { attachmentDisposition } from '../../lib/export-table';
import { readLimitedParts } from '../../lib/multipart-body';
import { sendStoredFile } from '../../lib/stored-files';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import type { FileStore } from '../../storage/file-store';
import {
  addCustomField,
  addFile,
  addSalary,
  changeCustomField,
  checkFileUpload,
  checkPhotoUpload,
  createEmployee,
  deleteEmployee,
  type EmployeesContext,
  findFileDownload,
  findPhoto,
  getEmployee,
  listAllVisibleEmployees,
  listChanges,
  listCustomFields,
  listFiles,
  listProbationEmployees,
  listSalaryHistory,
  listVisibleEmployees,
  removeCustomField,
  removeFile,
  removeSalary,
  setPhoto,
  updateEmployee,
} from './employees.service';

export type EmployeesRoutesOptions = {
  db: Db;
  fileStore: FileStore;
  now?: () => Date;
  /** Uploads' minimum rate (UPLOAD_MIN_BYTES_PER_SEC); 0 = none. */
  uploadMinBytesPerSec?: number;
  /** Changes of an employee's teams are announced here (`teams.members_changed`). */
  events?: EventBus | undefined;
};

const config = { plan: 'hrm' as const };
const tags = ['employees'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);
/** An upload is one file part; a few small text parts are tolerated (and ignored). */
const UPLOAD_LIMITS = { textParts: 4, valueBytes: 1_024, textBytes: 4_096 };

const salaryParamsSchema = z.object({ id: objectIdParamSchema, salaryId: objectIdParamSchema });
const fileParamsSchema = z.object({ id: objectIdParamSchema, fileId: objectIdParamSchema });

/**
 * The employee record (issue 13; docs/decisions/012-people-model.md, 013-visible-employees.md).
 * An employee the user does not see answers 404 like a missing one; one they see but may not change
 * answers 403; governed fields the user may not see are absent from answers and refused on write.
 */
export const employeesRoutes: FastifyPluginAsync<EmployeesRoutesOptions> = async (app, opts) => {
  const { db, fileStore } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<EmployeesContext> {
    return {
      db,
      access: await getAccess(request),
      ...(opts.now ? { now: opts.now } : {}),
      ...(opts.events ? { events: opts.events } : {}),
    };
  }

  function partsOf(request: FastifyRequest, maxBytes: number) {
    if (!request.isMultipart()) throw new AppError('unsupported_media_type');
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: UPLOAD_LIMITS.textParts,
        fieldSize: UPLOAD_LIMITS.valueBytes,
        parts: UPLOAD_LIMITS.textParts + 1,
      },
    });
    return readLimitedParts(request.raw, parts, {
      maxTextBytes: UPLOAD_LIMITS.textBytes,
      minBytesPerSec: opts.uploadMinBytesPerSec ?? 0,
    });
  }

  routes.get(
    routePattern('employee.visibleEmployeesPaginated'),
    {
      config,
      schema: {
        tags,
        summary: 'The employees directory: employees the user sees, paged',
        description:
          'Visible employees by decision 013. `search` looks through names (both spellings), the employee number and — only when the user may see them — emails and phones. Filters other than search, team and status, and sorts other than by name, need the extended_filters_and_sorting action (403); filtering or sorting by a field the user may not see is 403.',
        querystring: employeesQuerySchema,
        response: { 200: employeesResponseSchema, ...errors },
      },
    },
    async (request) => listVisibleEmployees(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('employee.all'),
    {
      config,
      schema: {
        tags,
        summary: 'Every visible, not dismissed employee as a reference (pickers)',
        description:
          '`account_id` (the staff account, null for none) only for readers who administer accounts (Settings update at to_all).',
        response: { 200: employeePicksResponseSchema, ...errors },
      },
    },
    async (request) => listAllVisibleEmployees(await contextOf(request)),
  );

  routes.get(
    routePattern('employee.probation'),
    {
      config,
      schema: {
        tags,
        summary: 'Visible employees whose probation ends today or later, soonest first',
        description: 'Needs field_probation_period.',
        querystring: probationQuerySchema,
        response: { 200: employeesResponseSchema.pick({ data: true }), ...errors },
      },
    },
    async (request) => listProbationEmployees(await contextOf(request), request.query),
  );

  routes.post(
    routePattern('employee.create'),
    {
      config,
      schema: {
        tags,
        summary: 'Add an employee',
        description:
          'Needs Employee create. Below to_all the employee must be put in teams of the user. Writing a field the user may not see is 403; a work email or employee number another employee has is 409.',
        body: createEmployeeBodySchema,
        response: { 201: employeeResponseSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createEmployee(await contextOf(request), request.body)),
  );

  routes.get(
    routePattern('employee.one'),
    {
      config,
      schema: {
        tags,
        summary: 'One employee’s profile',
        description:
          'Sections (profile, contacts, personal info, files) by their sub-entity view level relative to the employee (own / my team / other); values of hidden sections are null or empty, and `can.view_sections` names the visible ones. Governed fields the user may not see are absent.',
        params: idParamsSchema,
        response: { 200: employeeResponseSchema, ...errors },
      },
    },
    async (request) => getEmployee(await contextOf(request), request.params.id),
  );

  registerPutRoute(
    routes,
    routePattern('employee.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Change an employee; also POST with _method=PUT',
        description:
          'Only the keys sent change (null clears); lists replace the stored ones. Each key needs its section’s update level; teams, manager, employee number and dismissal also need Employee update. A dismissal date disables the account and ends its sessions. One history row per changed field.',
        params: idParamsSchema,
        body: updateEmployeeBodySchema,
        response: { 200: employeeResponseSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => updateEmployee(await contextOf(request), request.params.id, request.body),
  );

  routes.delete(
    routePattern('employee.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete an employee',
        description:
          'Refused (409) while the employee has a staff account: remove the access, or dismiss instead.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await deleteEmployee(await contextOf(request), request.params.id, fileStore);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('employee.changes'),
    {
      config,
      schema: {
        tags,
        summary: 'An employee’s change history, newest first',
        description: 'Only changes of fields the user may see on this employee.',
        params: idParamsSchema,
        querystring: employeeChangesQuerySchema,
        response: { 200: employeeChangesResponseSchema, ...errors },
      },
    },
    async (request) => listChanges(await contextOf(request), request.params.id, request.query),
  );

  routes.get(
    routePattern('employee.salaries'),
    {
      config,
      schema: {
        tags,
        summary: 'An employee’s salary history (field_salary), latest first',
        params: idParamsSchema,
        response: { 200: salariesResponseSchema, ...errors },
      },
    },
    async (request) => listSalaryHistory(await contextOf(request), request.params.id),
  );

  routes.post(
    routePattern('employee.salaries'),
    {
      config,
      schema: {
        tags,
        summary: 'Add a salary entry (field_salary and Employee update)',
        params: idParamsSchema,
        body: salaryBodySchema,
        response: { 201: salaryResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addSalary(await contextOf(request), request.params.id, request.body)),
  );

  routes.delete(
    routePattern('employee.salaries.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a salary entry (field_salary and Employee update)',
        params: salaryParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSalary(await contextOf(request), request.params.id, request.params.salaryId);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('employee.files'),
    {
      config,
      schema: {
        tags,
        summary: 'An employee’s documents (Employee.Files and field_files)',
        params: idParamsSchema,
        response: { 200: employeeFilesResponseSchema, ...errors },
      },
    },
    async (request) => listFiles(await contextOf(request), request.params.id),
  );

  routes.post(
    routePattern('employee.files'),
    {
      config,
      schema: {
        tags,
        summary: 'Upload a document (multipart field `file`, up to 20 MB)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: employeeFileResponseSchema, ...errors, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(request);
      await checkFileUpload(ctx, request.params.id);
      let result: Awaited<ReturnType<typeof addFile>> | null = null;
      for await (const part of partsOf(request, EMPLOYEE_FILE_MAX_BYTES)) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || result) {
          part.file.resume();
          continue;
        }
        result = await addFile(ctx, fileStore, request.params.id, {
          stream: part.file,
          fileName: part.filename,
        });
      }
      if (!result) result = await addFile(ctx, fileStore, request.params.id, null);
      return reply.code(201).send(result);
    },
  );

  routes.get(
    routePattern('employee.files.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Download an employee’s document (as an attachment)',
        params: fileParamsSchema,
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await findFileDownload(await contextOf(request), request.params.id, request.params.fileId);
      return sendStoredFile(reply, fileStore, { ...file, disposition: attachmentDisposition(file.name) });
    },
  );

  routes.delete(
    routePattern('employee.files.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete an employee’s document',
        params: fileParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeFile(await contextOf(request), fileStore, request.params.id, request.params.fileId);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('employee.photo'),
    {
      config,
      schema: {
        tags,
        summary: 'An employee’s photo',
        params: idParamsSchema,
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const photo = await findPhoto(await contextOf(request), request.params.id);
      // A person's photo is personal data: never kept by the browser or a proxy (issue 18).
      return sendStoredFile(reply, fileStore, photo);
    },
  );

  registerPutRoute(
    routes,
    routePattern('employee.photo'),
    {
      config,
      schema: {
        tags,
        summary: 'Set an employee’s photo (multipart field `photo`: PNG, JPEG or WebP up to 5 MB)',
        description: 'One’s own photo, or anyone’s with the update_avatar action.',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: employeeResponseSchema, ...errors, ...errorResponses(413, 415) },
      },
    },
    async (request) => {
      const ctx = await contextOf(request);
      await checkPhotoUpload(ctx, request.params.id);
      let bytes: Buffer | null = null;
      for await (const part of partsOf(request, EMPLOYEE_PHOTO_MAX_BYTES)) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'photo' || bytes) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('file_too_large');
      }
      return setPhoto(ctx, fileStore, request.params.id, bytes);
    },
  );

  routes.get(
    routePattern('employee.fields'),
    {
      config,
      schema: {
        tags,
        summary: 'The company’s custom fields of the employee record',
        response: { 200: customFieldDefinitionsResponseSchema, ...errors },
      },
    },
    async (request) => listCustomFields(await contextOf(request)),
  );

  routes.post(
    routePattern('employee.fields'),
    {
      config,
      schema: {
        tags,
        summary: 'Add a custom field (Settings update or Employee update at to_all)',
        body: customFieldDefinitionBodySchema,
        response: { 201: customFieldDefinitionResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addCustomField(await contextOf(request), request.body)),
  );

  registerPutRoute(
    routes,
    routePattern('employee.fields.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Change a custom field (its type stays); also POST with _method=PUT',
        params: idParamsSchema,
        body: customFieldDefinitionBodySchema,
        response: { 200: customFieldDefinitionResponseSchema, ...errors },
      },
    },
    async (request) => changeCustomField(await contextOf(request), request.params.id, request.body),
  );

  routes.delete(
    routePattern('employee.fields.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a custom field and its values',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeCustomField(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
