import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  commentInputSchema,
  commentListResponseSchema,
  commentParamsSchema,
  commentResponseSchema,
  commentUpdateInputSchema,
} from '@kadry/shared/schemas/recruiting';
import { mentionableListResponseSchema } from '@kadry/shared/schemas/recruiting-tags';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import type { MailQueue } from '../../lib/mail-queue';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  addComment,
  type CommentContext,
  deleteComment,
  editComment,
  listComments,
  listMentionable,
} from './comments.service';

export type CommentsRoutesOptions = { db: Db; mail: MailQueue };

const config = { plan: 'ats' as const };
const tags = ['applications'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/** Comments on applications: private or shared (decision 011), with mentions, edits and deletion. */
export const commentsRoutes: FastifyPluginAsync<CommentsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<CommentContext> {
    return {
      db: opts.db,
      access: await getAccess(request),
      mail: opts.mail,
      linkOrigin: request.linkOrigin,
      log: request.log,
    };
  }

  routes.get(
    routePattern('recruiting.applications.comments'),
    {
      config,
      schema: {
        tags,
        summary: "An application's comments the user may read, oldest first",
        description:
          'A comment is private to its author unless shared. The list holds the shared comments, the ' +
          "user's own, and — with the Candidate action `see_all_comments` — everyone's private ones. " +
          'Deleted comments are left out (the history keeps an entry for each).',
        params: idParamsSchema,
        response: { 200: commentListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listComments(await contextOf(request), request.params.id) }),
  );

  routes.post(
    routePattern('recruiting.applications.comments'),
    {
      config,
      schema: {
        tags,
        summary: 'Comment on an application, mentioning colleagues with `<@id>`',
        description:
          'Needs the Candidate update level on the application. The comment is private to its author ' +
          'unless `is_shared` is true, which shows it to everyone who may see the application; sharing ' +
          'needs the Candidate action `share_comments`, and without it the request is refused with 403 ' +
          '(nothing is saved) rather than quietly kept private. Each mentioned colleague must be able to ' +
          'read the comment (reach the application; for a private comment, `see_all_comments`), else 422 ' +
          'under `text`; they are notified in the app (comment_mentioned) and by mail.',
        params: idParamsSchema,
        body: commentInputSchema,
        response: { 201: commentResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const comment = await addComment(await contextOf(request), request.params.id, {
        text: request.body.text,
        isShared: request.body.is_shared,
      });
      return reply.code(201).send({ data: comment });
    },
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.applications.comments.one'),
    {
      config,
      schema: {
        tags,
        summary: "Edit one's own comment (marked edited); also POST with _method=PUT",
        description:
          'Only its author, with the Candidate update level on the application (403 for a colleague’s ' +
          'comment, 404 for one the user cannot read). Mentions as for a new comment: colleagues the edit ' +
          'adds are notified. Sharing may change under the same `share_comments` rule.',
        params: commentParamsSchema,
        body: commentUpdateInputSchema,
        response: { 200: commentResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({
      data: await editComment(await contextOf(request), request.params.id, request.params.commentId, {
        text: request.body.text,
        isShared: request.body.is_shared,
      }),
    }),
  );

  routes.delete(
    routePattern('recruiting.applications.comments.one'),
    {
      config,
      schema: {
        tags,
        summary: "Delete one's own comment; the history keeps an entry without its text",
        params: commentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteComment(await contextOf(request), request.params.id, request.params.commentId);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('recruiting.applications.mentionable'),
    {
      config,
      schema: {
        tags,
        summary: 'Colleagues who may be mentioned in a comment on the application',
        description:
          'Enabled staff whose Candidate view level reaches the application, the user left out; ' +
          '`reads_private` says who may also be mentioned in a private comment. Candidate update level.',
        params: idParamsSchema,
        response: { 200: mentionableListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listMentionable(await contextOf(request), request.params.id) }),
  );
};
