import { routePattern } from '@kadry/shared/routes';
import { errorResponses } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

const statusSchema = z.object({ status: z.string() });

export type HealthRoutesOptions = {
  ping: () => Promise<void>;
  /** Committed migrations the database has not applied (db/migration-status.ts). */
  countPendingMigrations: () => Promise<number>;
};

/**
 * Liveness (`/health`: the process answers, nothing else is asked) and readiness (`/ready`: the
 * database answers and has every committed migration), as separate probes for an orchestrator: a
 * failing readiness takes the process out of the load balancer, only a failing liveness restarts it.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, opts) => {
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
        summary: 'Readiness: the database answers and its migrations are applied',
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
      const pending = await opts.countPendingMigrations().catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not read the applied migrations');
        throw new AppError('service_unavailable', { retryAfter: 5, cause: error });
      });
      if (pending > 0) {
        request.log.warn({ pending }, 'database not ready: migrations are not applied yet');
        throw new AppError('service_unavailable', { retryAfter: 5 });
      }
      return { status: 'ready' };
    },
  );
};
