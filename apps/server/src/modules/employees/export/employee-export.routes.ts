import { routePattern } from '@kadry/shared/routes';
import { fileResponseSchema } from '@kadry/shared/schemas/common';
import { employeeExportQuerySchema } from '@kadry/shared/schemas/employee-import';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/tables';
import { attachmentDisposition } from '../../../lib/export-table';
import { getAccess } from '../../../plugins/access/access';
import { staffLocaleOf } from '../../../plugins/session';
import { exportEmployees } from './employee-export.service';

export type EmployeeExportRoutesOptions = { db: Db };

/** The visible directory as a spreadsheet. */
export const employeeExportRoutes: FastifyPluginAsync<EmployeeExportRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    routePattern('employee.export'),
    {
      config: { plan: 'hrm' as const },
      schema: {
        tags: ['employees'],
        summary:
          'Export the visible directory (its filters) as XLSX or CSV, streamed (Employee action export)',
        description:
          'Only the columns of fields the user may see; per row, sections the user may not see for that ' +
          'employee are empty. Cells starting with = + - @, a tab or a carriage return are prefixed with a quote.',
        querystring: employeeExportQuerySchema,
        response: { 200: fileResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request, reply) => {
      const { stream, contentType, fileName } = await exportEmployees(
        { db: opts.db, access: await getAccess(request) },
        request.query,
        staffLocaleOf(request),
      );
      return reply
        .header('content-type', contentType)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
