import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  createdWebhookResponseSchema,
  webhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhookSecretResponseSchema,
  webhooksResponseSchema,
} from '@kadry/shared/schemas/integrations';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import type { JobQueue } from '../../lib/job-queue';
import type { OutgoingPolicy } from '../../lib/outgoing-url';
import { requireOwner } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  type WebhooksContext,
} from './webhooks.service';

export type WebhooksRoutesOptions = { db: Db; jobs: JobQueue; policy: OutgoingPolicy };

const tags = ['integrations'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);

/** Webhooks and their delivery log (schemas/integrations.ts, docs/webhooks.md): owners only. */
export const webhooksRoutes: FastifyPluginAsync<WebhooksRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ownersOnly = async (request: FastifyRequest) => {
    requireOwner(request);
  };
  const contextOf = (request: FastifyRequest): WebhooksContext => ({
    db: opts.db,
    owner: requireOwner(request),
    policy: opts.policy,
    jobs: opts.jobs,
  });
  const urlRule =
    'The URL must be http or https and resolve only to public addresses: loopback, private, link-local, ' +
    'unique-local, CGNAT and metadata addresses are refused with 422 under `url` unless the server ' +
    'sets WEBHOOKS_ALLOW_PRIVATE_TARGETS=true. The rule is checked again on every delivery.';

  routes.get(
    routePattern('integrations.webhooks'),
    {
      schema: {
        tags,
        summary: 'The company’s webhooks with their latest delivery (owners only)',
        response: { 200: webhooksResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => ({ data: await listWebhooks(contextOf(request)) }),
  );

  routes.post(
    routePattern('integrations.webhooks'),
    {
      schema: {
        tags,
        summary: 'Register a webhook (owners only); its signing secret is answered this once',
        description: urlRule,
        body: webhookBodySchema,
        response: { 201: createdWebhookResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      const webhook = await createWebhook(contextOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send({ data: webhook });
    },
  );

  routes.get(
    routePattern('integrations.webhooks.one'),
    {
      schema: {
        tags,
        summary: 'One webhook (owners only)',
        params: idParamsSchema,
        response: { 200: webhookResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => ({ data: await getWebhook(contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('integrations.webhooks.one'),
    {
      schema: {
        tags,
        summary: 'Change a webhook’s URL, events, description or active switch; also POST with _method=PUT',
        description: urlRule,
        params: idParamsSchema,
        body: webhookBodySchema,
        response: { 200: webhookResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => ({ data: await updateWebhook(contextOf(request), request.params.id, request.body) }),
  );

  routes.delete(
    routePattern('integrations.webhooks.one'),
    {
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log (owners only)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      await deleteWebhook(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    routePattern('integrations.webhooks.secret'),
    {
      schema: {
        tags,
        summary: 'Rotate a webhook’s signing secret (owners only); the new one is answered this once',
        params: idParamsSchema,
        response: { 200: webhookSecretResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      const secret = await rotateWebhookSecret(contextOf(request), request.params.id);
      return reply.header('cache-control', 'no-store').send({ data: secret });
    },
  );

  routes.post(
    routePattern('integrations.webhooks.test'),
    {
      schema: {
        tags,
        summary: 'Send a test event (`ping`) to a webhook (owners only)',
        description: 'The delivery is queued and tried at once; follow it in the delivery log.',
        params: idParamsSchema,
        response: { 201: webhookDeliveryResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await sendTestEvent(contextOf(request), request.params.id) }),
  );

  routes.get(
    routePattern('integrations.webhooks.deliveries'),
    {
      schema: {
        tags,
        summary: 'A webhook’s delivery log, newest first, paged (owners only)',
        params: idParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => listWebhookDeliveries(contextOf(request), request.params.id, request.query),
  );

  routes.post(
    routePattern('integrations.webhooks.redeliver'),
    {
      schema: {
        tags,
        summary: 'Send one delivery again with a fresh set of attempts (owners only)',
        description: 'A delivery still pending answers 409.',
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliveryResponseSchema, ...errorResponses(...STAFF_ERRORS, 404, 409) },
      },
      preValidation: ownersOnly,
    },
    async (request) => ({
      data: await redeliver(contextOf(request), request.params.id, request.params.deliveryId),
    }),
  );
};
