import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import { bulkMailSelectionInputSchema } from '@kadry/shared/schemas/recruiting-bulk';
import {
  applicationMailResponseSchema,
  bulkResultResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  rejectInputSchema,
  rejectionResponseSchema,
  sendMailInputSchema,
} from '@kadry/shared/schemas/recruiting-mail';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import { getAccess } from '../../plugins/access/access';
import {
  getHistory,
  getRejection,
  rejectApplication,
  reopenApplication,
} from './application-history.service';
import {
  type ApplicationMailContext,
  cancelMail,
  sendApplicationMail,
  sendBulkMail,
} from './application-mail.service';
import { resolveSelectionIds } from './application-targets.service';

export type ApplicationActivityRoutesOptions = { db: Db; events: EventBus; jobs: JobQueue };

const config = { plan: 'ats' as const };
const tags = ['applications'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/**
 * Recruiting's daily work on an application (issue 17): mail to the candidate, rejection with a
 * reason, the activity history; and the same mail for many applications at once (a bulk rejection,
 * undoable, is in application-bulk.routes.ts).
 */
export const applicationActivityRoutes: FastifyPluginAsync<ApplicationActivityRoutesOptions> = async (
  app,
  opts,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<ApplicationMailContext> {
    return { db: opts.db, access: await getAccess(request), events: opts.events, jobs: opts.jobs };
  }

  routes.post(
    routePattern('recruiting.applications.mails'),
    {
      config,
      schema: {
        tags,
        summary: "Send a mail to the application's candidate",
        description:
          'Needs the Candidate update level on the application. The server fills the placeholders, ' +
          "sanitises the body and resolves the candidate's address (409 when there is none). A role " +
          'without `field_email` writes to no candidate (403): nobody writes to an address they may not ' +
          'see. ' +
          "Replies go to the sender's address (Reply-To). Delivered by the job queue; the answer's " +
          '`state` is `sent`, `queued` or `failed` (retried).',
        params: idParamsSchema,
        body: sendMailInputSchema,
        response: { 201: applicationMailResponseSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await sendApplicationMail(await contextOf(request), request.params.id, request.body) }),
  );

  routes.get(
    routePattern('recruiting.applications.rejection'),
    {
      config,
      schema: {
        tags,
        summary: 'Why, when and by whom the application was rejected (null when it is not)',
        params: idParamsSchema,
        response: { 200: rejectionResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getRejection(await contextOf(request), request.params.id) }),
  );

  routes.post(
    routePattern('recruiting.applications.rejection'),
    {
      config,
      schema: {
        tags,
        summary: 'Reject the application with a reason, optionally with a mail (now or delayed)',
        description:
          'Needs the Candidate update level. `reason_id`: an entry of the rejection_reason dictionary. ' +
          'The application keeps its stage (the stage of exit, for reporting). With `mail.delay_minutes` ' +
          'the mail is scheduled and can be cancelled until it leaves (POST recruiting.mails.cancel). 409 ' +
          'when already rejected or, with a mail, when the candidate left no address.',
        params: idParamsSchema,
        body: rejectInputSchema,
        response: { 201: rejectionResponseSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await rejectApplication(await contextOf(request), request.params.id, request.body) }),
  );

  routes.delete(
    routePattern('recruiting.applications.rejection'),
    {
      config,
      schema: {
        tags,
        summary: 'Reopen a rejected application (a scheduled rejection mail is cancelled)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await reopenApplication(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('recruiting.applications.history'),
    {
      config,
      schema: {
        tags,
        summary: "The application's activity history, newest first",
        description:
          'Received (with source), repeated submissions, stage moves (who, from, to), mails with their ' +
          'delivery state, rejection and reopening, and the comments the user may read. `kind` keeps one.',
        params: idParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({
      data: await getHistory(await contextOf(request), request.params.id, request.query.kind),
    }),
  );

  routes.post(
    routePattern('recruiting.applications.bulkMails'),
    {
      config,
      schema: {
        tags,
        summary: "Send one mail to many applications' candidates, in one transaction",
        description:
          'The selection is `application_ids` or `filter` (every application the user sees that matches ' +
          'the list filters). Answers the outcome per application: done, not_found, forbidden or no_email.',
        body: bulkMailSelectionInputSchema,
        response: { 200: bulkResultResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) => {
      const { application_ids, filter, mail } = request.body;
      const ctx = await contextOf(request);
      return sendBulkMail(ctx, await resolveSelectionIds(ctx, { application_ids, filter }), mail);
    },
  );

  routes.post(
    routePattern('recruiting.mails.cancel'),
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a scheduled (delayed) mail before it leaves',
        description: '409 when it is no longer scheduled (sent, being sent, or cancelled).',
        params: idParamsSchema,
        response: { 200: applicationMailResponseSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await cancelMail(await contextOf(request), request.params.id) }),
  );
};
