import { routePattern } from '@kadry/shared/routes';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import { notificationsQuerySchema, notificationsResponseSchema } from '@kadry/shared/schemas/notifications';
import { markNotificationsReadInputSchema, notificationCountSchema } from '@kadry/shared/schemas/recruiting';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import { getAccess, requireAbility } from '../../plugins/access/access';
import { countMyUnread, listMine, markMineRead } from './notifications.service';

export type NotificationsRoutesOptions = { db: Db; now: () => Date };

const tags = ['notifications'];
const errors = errorResponses(...STAFF_ERRORS);

/** The list, the unread counter and mark-read; a user only ever touches their own notifications. */
export const notificationsRoutes: FastifyPluginAsync<NotificationsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  routes.get(
    routePattern('recruiting.notifications'),
    {
      schema: {
        tags,
        summary: "The user's notifications, newest first: new applications and absence request steps",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errors, ...errorResponses(422) },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'Notification', 'view');
      },
    },
    async (request) => listMine(db, await getAccess(request), request.query),
  );

  routes.get(
    routePattern('recruiting.notifications.count'),
    {
      schema: {
        tags,
        summary: "How many of the user's notifications are unread",
        response: { 200: notificationCountSchema, ...errors },
      },
    },
    async (request) => {
      await requireAbility(request, 'Notification', 'view');
      return { data: { unread: await countMyUnread(db, await getAccess(request)) } };
    },
  );

  routes.post(
    routePattern('recruiting.notifications.read'),
    {
      schema: {
        tags,
        summary: "Mark the user's notifications read: those listed, or all",
        body: markNotificationsReadInputSchema,
        response: { 200: notificationCountSchema, ...errors, ...errorResponses(422) },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'Notification', 'update');
      },
    },
    async (request) => {
      const unread = await markMineRead(db, await getAccess(request), request.body?.ids, opts.now());
      return { data: { unread } };
    },
  );
};
