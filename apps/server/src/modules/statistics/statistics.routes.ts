import { routePattern } from '@kadry/shared/routes';
import { fileResponseSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  childrenFilterSchema,
  childrenStatisticsQuerySchema,
  childrenStatisticsResponseSchema,
} from '@kadry/shared/schemas/statistics';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import { attachmentDisposition } from '../../lib/export-table';
import { getAccess } from '../../plugins/access/access';
import { staffLocaleOf } from '../../plugins/session';
import { exportChildren, getChildrenStatistics, type StatisticsContext } from './statistics.service';

export type StatisticsRoutesOptions = { db: Db; now?: () => Date };

const tags = ['statistics'];
const errors = errorResponses(...STAFF_ERRORS, 422);
const WHO =
  'Needs the Statistic view. A child is counted and listed only when the reader sees the parent employee (decision 013) and both the Statistic and the Employee.PersonalInfo view levels reach the parent (own, my team, anyone). Team filters take sub-teams along.';

/** Children statistics (issue 15, spec §7.2): counts by age and gender, the list, and its XLSX export. */
export const statisticsRoutes: FastifyPluginAsync<StatisticsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = opts.now ?? (() => new Date());
  const config = { plan: 'hrm' as const };

  async function contextOf(request: FastifyRequest): Promise<StatisticsContext> {
    return { db: opts.db, access: await getAccess(request), now, locale: staffLocaleOf(request) };
  }

  routes.get(
    routePattern('statistics.children'),
    {
      config,
      schema: {
        tags,
        summary: 'Employees’ children: counts by age and gender, and a page of them with their parent',
        description: `Children are relatives of a child type (typesRelative, \`is_child\`) with a birth date. ${WHO}`,
        querystring: childrenStatisticsQuerySchema,
        response: { 200: childrenStatisticsResponseSchema, ...errors },
      },
    },
    async (request) => getChildrenStatistics(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('statistics.children.export'),
    {
      config,
      schema: {
        tags,
        summary: 'The children the filter matches as XLSX, streamed (also the Employee export action)',
        description: `${WHO} The file name comes in the \`filename\` header (and Content-Disposition). Cells starting with = + - @, a tab or a carriage return are prefixed with a quote.`,
        querystring: childrenFilterSchema,
        response: { 200: fileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { stream, contentType, fileName } = await exportChildren(await contextOf(request), request.query);
      return reply
        .header('content-type', contentType)
        .header('filename', fileName)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
