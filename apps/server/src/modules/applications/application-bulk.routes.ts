import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  BULK_MATCHING_MAX,
  BULK_UNDO_SECONDS,
  bulkMoveInputSchema,
  bulkMoveResponseSchema,
  bulkUndoResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import { getAccess } from '../../plugins/access/access';
import { type BulkMoveContext, moveBulk, undoBulkMove } from './application-bulk.service';

export type ApplicationBulkRoutesOptions = { db: Db; events: EventBus; jobs: JobQueue; now: () => Date };

const config = { plan: 'ats' as const };
const tags = ['applications'];

/** Bulk stage moves of applications and their undo (issue 17). */
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
    routePattern('recruiting.bulkActions.undo'),
    {
      config,
      schema: {
        tags,
        summary: 'Undo a bulk stage move: each application back to its former stage',
        description:
          'Only by whoever made the move (404 for anyone else). Applications moved again or rejected ' +
          'since stay where they are (moved_since, already_rejected); one whose former stage was deleted ' +
          'too (stage_gone). 409 once undone, after the window, or when the move sent mail.',
        params: idParamsSchema,
        response: { 200: bulkUndoResponseSchema, ...errorResponses(...STAFF_ERRORS, 404, 409) },
      },
    },
    async (request) => undoBulkMove(await contextOf(request), request.params.id),
  );
};
