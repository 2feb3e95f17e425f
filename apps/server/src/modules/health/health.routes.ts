import { routePattern } from '@kadry/shared/routes';
import { errorResponses } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

const statusSchema = z.object({ status: z.string() });

/** Liveness (`/health`: the process answers) and readiness (`/ready`: the database answers too). */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<void> }> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    routePattern('system.health'),
    {
      schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: statusSchema } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' }),
  );
  routes.get(
    routePattern('system.ready'),
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers too',
        response: { 200: statusSchema, ...errorResponses(503) },
      },
      logLevel: 'warn',
    },
    async (request) => {
      try {
        await opts.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        throw new AppError('service_unavailable', { retryAfter: 5, cause: error });
      }
      return { status: 'ready' };
    },
  );
};
