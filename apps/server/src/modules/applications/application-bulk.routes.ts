import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  BULK_MATCHING_MAX,
  BULK_UNDO_SECONDS,
  bulkMoveInputSchema,
  bulkMoveResponseSchema,
  bulkRejectSelectionInputSchema,
  bulkUndoResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import { bulkResultResponseSchema } from '@kadry/shared/schemas/recruiting-mail';
import { bulkTagInputSchema } from '@kadry/shared/schemas/recruiting-tags';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import { getAccess } from '../../plugins/access/access';
import { type BulkMoveContext, moveBulk, undoBulkAction } from './application-bulk.service';
import { rejectBulk } from './application-history.service';
import { tagBulk } from './application-tags.service';
import { resolveSelectionIds } from './application-targets.service';

export type ApplicationBulkRoutesOptions = { db: Db; events: EventBus; jobs: JobQueue; now: () => Date };

const config = { plan: 'ats' as const };
const tags = ['applications'];

/**
 * The bulk actions that can be undone for a short while — stage moves, taggings, rejections without
 * mail — and their undo (issue 17, decision 033). They share the clock of the undo window.
 */
export const applicationBulkRoutes: FastifyPluginAsync<ApplicationBulkRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<BulkMoveContext> {
    return {
      db: opts.db,
      access: await getAccess(request),
      events: opts.events,
      jobs: opts.jobs,
      now: opts.now,
    };
  }

  routes.post(
    routePattern('recruiting.applications.bulkStage'),
    {
      config,
      schema: {
        tags,
        summary: 'Move many applications to a stage, in one transaction (optionally with a mail)',
        description:
          `The selection is \`application_ids\` or \`filter\` (the list's filters: every application the ` +
          `user sees that matches, at most ${BULK_MATCHING_MAX}, else 422). Needs the Candidate update ` +
          'level on each. Answers the outcome per application: done, not_found (missing or out of reach), ' +
          'forbidden, already_rejected, other_vacancy (the stage is not of its pipeline), unchanged, or ' +
          `no_email (with \`mail\`, no address: not moved). A move without mail can be undone for ` +
          `${BULK_UNDO_SECONDS} s (POST recruiting.bulkActions.undo with \`meta.action_id\`).`,
        body: bulkMoveInputSchema,
        response: { 200: bulkMoveResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) => moveBulk(await contextOf(request), request.body),
  );

  routes.post(
    routePattern('recruiting.applications.bulkRejection'),
    {
      config,
      schema: {
        tags,
        summary: 'Reject many applications with one reason (and mail), in one transaction',
        description:
          'The selection is `application_ids` or `filter` (every application the user sees that matches ' +
          'the list filters). Answers the outcome per application: done, not_found (missing or out of ' +
          'reach), forbidden (seen but not changeable), already_rejected, or no_email (a mail was asked ' +
          `and there is no address). Without mail it can be undone for ${BULK_UNDO_SECONDS} s ` +
          '(POST recruiting.bulkActions.undo with `meta.action_id`); with mail it cannot.',
        body: bulkRejectSelectionInputSchema,
        response: { 200: bulkResultResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) => {
      const { application_ids, filter, ...input } = request.body;
      const ctx = await contextOf(request);
      return rejectBulk(ctx, await resolveSelectionIds(ctx, { application_ids, filter }), input);
    },
  );

  routes.post(
    routePattern('recruiting.applications.bulkTags'),
    {
      config,
      schema: {
        tags,
        summary: 'Put one tag on many applications; the result per application',
        description:
          '`done` (also when it carried the tag already), `not_found` (missing or out of reach) or ' +
          '`forbidden` (seen but not changeable), in one transaction. It can be undone for ' +
          `${BULK_UNDO_SECONDS} s (POST recruiting.bulkActions.undo with \`meta.action_id\`): the undo takes ` +
          'the tag off only the applications that did not carry it before.',
        body: bulkTagInputSchema,
        response: { 200: bulkResultResponseSchema, ...errorResponses(...STAFF_ERRORS, 404, 422) },
      },
    },
    async (request) => tagBulk(await contextOf(request), request.body.application_ids, request.body.tag_id),
  );

  routes.post(
    routePattern('recruiting.bulkActions.undo'),
    {
      config,
      schema: {
        tags,
        summary: 'Undo a bulk move, tagging or rejection without mail',
        description:
          'Only by whoever made it (404 for anyone else). A move puts each application back in its ' +
          'former stage; those moved again or rejected since stay (moved_since, already_rejected), as ' +
          'do those whose former stage was deleted (stage_gone). A tagging takes the tag off the ' +
          'applications it was new on; a rejection reopens those it rejected; either leaves one changed ' +
          'since (tag taken off or re-added, application reopened) as it is (changed_since). 409 once ' +
          'undone, after the window, or when the action sent mail.',
        params: idParamsSchema,
        response: { 200: bulkUndoResponseSchema, ...errorResponses(...STAFF_ERRORS, 404, 409) },
      },
    },
    async (request) => undoBulkAction(await contextOf(request), request.params.id),
  );
};
