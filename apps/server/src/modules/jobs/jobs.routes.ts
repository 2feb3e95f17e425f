import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import { jobsQuerySchema, jobsResponseSchema } from '@kadry/shared/schemas/jobs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/job-queue';
import { requireOwner } from '../../plugins/access/access';

export type JobsRoutesOptions = { jobs: JobQueue };

const tags = ['hr'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);

/**
 * The durable jobs of the company (docs/decisions/020-job-queue.md): owners see the dead letters (mail
 * that could not be handed over after every retry) and send one again.
 */
export const jobsRoutes: FastifyPluginAsync<JobsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ownersOnly = async (request: FastifyRequest) => {
    requireOwner(request);
  };

  routes.get(
    routePattern('admin.jobs'),
    {
      schema: {
        tags,
        summary: 'The company’s jobs in a state, dead letters by default (owners only)',
        querystring: jobsQuerySchema,
        response: { 200: jobsResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => {
      const owner = requireOwner(request);
      const rows = await opts.jobs.list(owner.companyId, request.query.state);
      return {
        data: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          state: row.state,
          attempts: row.attempts,
          max_attempts: row.maxAttempts,
          last_error: row.lastError,
          summary: row.summary,
          created_at: row.createdAt.toISOString(),
          available_at: row.availableAt.toISOString(),
          finished_at: row.finishedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  routes.post(
    routePattern('admin.jobs.retry'),
    {
      schema: {
        tags,
        summary: 'Run a dead job again with a fresh set of attempts (owners only)',
        description: 'Only a dead job can be retried: any other id → 404.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      const owner = requireOwner(request);
      if (!(await opts.jobs.retry(owner.companyId, request.params.id))) throw new AppError('not_found');
      return reply.code(204).send(null);
    },
  );
};
