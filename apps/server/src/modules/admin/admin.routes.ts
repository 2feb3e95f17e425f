import { routePattern } from '@kadry/shared/routes';
import {
  createStaffUserBodySchema,
  staffUserResponseSchema,
  staffUsersQuerySchema,
  staffUsersResponseSchema,
  updateStaffUserBodySchema,
} from '@kadry/shared/schemas/admin';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorBodySchema, errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import type { MailQueue } from '../../lib/mail-queue';
import { getAccess, requireOwner } from '../../plugins/access/access';
import { requireCompany } from '../../plugins/company-resolver';
import { registerPutRoute } from '../../plugins/method-override';
import { listStaffLocales } from '../../plugins/session';
import {
  editStaffUser,
  getStaffUser,
  inviteStaffUser,
  listStaffUsers,
  resendInvitation,
  type StaffUserChange,
  type StaffUsersContext,
} from './staff-users.service';

export type AdminRoutesOptions = {
  db: Db;
  mail: MailQueue;
  now: () => Date;
  /** Changes of people's teams are announced here (`teams.members_changed`). */
  events?: EventBus;
};

const tags = ['hr'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);
/**
 * Changes may also answer 409: a race the database settles (a role or team deleted meanwhile), or no
 * trusted origin for the invitation link (resending one).
 */
const changeErrors = errorResponses(...STAFF_ERRORS, 404, 409, 422);

/**
 * Staff accounts (issue 5, schemas/admin.ts): owners list, invite, edit and disable the company's
 * accounts. Owners only, checked before the body is validated, so nobody else learns anything.
 */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, opts) => {
  const { db, now } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ownersOnly = async (request: FastifyRequest) => {
    requireOwner(request);
  };

  async function contextOf(request: FastifyRequest): Promise<StaffUsersContext> {
    const actor = requireOwner(request);
    const company = requireCompany(request);
    return {
      db,
      actor,
      access: await getAccess(request),
      company,
      now: now(),
      mail: opts.mail,
      linkOrigin: request.linkOrigin,
      offeredLocales: listStaffLocales(company),
      events: opts.events,
    };
  }

  /** The account changed whatever happened to its mail: a failed invitation is logged, not answered. */
  function logInvitationFailure(request: FastifyRequest, change: StaffUserChange): void {
    if (!change.invitationFailure) return;
    request.log.error(
      { err: change.invitationFailure.error, userId: change.response.data.id },
      'sending an invitation failed',
    );
  }

  routes.get(
    routePattern('admin.users'),
    {
      schema: {
        tags,
        summary: 'Staff accounts (owners only)',
        description:
          'Search by name or email; filter by role, team and status (active = enabled with a password, invited = enabled without one, disabled). Sorted by name.',
        querystring: staffUsersQuerySchema,
        response: { 200: staffUsersResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => listStaffUsers(await contextOf(request), request.query),
  );

  routes.post(
    routePattern('admin.users'),
    {
      schema: {
        tags,
        summary: 'Invite a staff account (owners only)',
        description:
          'Creates the account without a password and emails the person a link to set one (valid 7 days). An email the company already has → 422 under email.',
        body: createStaffUserBodySchema,
        response: { 201: staffUserResponseSchema, ...changeErrors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      const change = await inviteStaffUser(await contextOf(request), request.body);
      logInvitationFailure(request, change);
      return reply.code(201).send(change.response);
    },
  );

  routes.get(
    routePattern('admin.users.one'),
    {
      schema: {
        tags,
        summary: 'One staff account (owners only)',
        params: idParamsSchema,
        response: { 200: staffUserResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => getStaffUser(await contextOf(request), request.params.id),
  );

  registerPutRoute(
    routes,
    routePattern('admin.users.one'),
    {
      schema: {
        tags,
        summary: 'Edit a staff account (owners only); also POST with _method=PUT',
        description:
          'Fields left out keep their value. Disabling ends the person’s sessions. Refused (422) when the company would be left without an enabled owner with a password, and when owners disable themselves. A new email voids earlier links; an account still invited gets a new invitation at the new address.',
        params: idParamsSchema,
        body: updateStaffUserBodySchema,
        response: { 200: staffUserResponseSchema, ...changeErrors },
      },
      preValidation: ownersOnly,
    },
    async (request) => {
      const change = await editStaffUser(await contextOf(request), request.params.id, request.body);
      logInvitationFailure(request, change);
      return change.response;
    },
  );

  routes.post(
    routePattern('admin.users.invite'),
    {
      schema: {
        tags,
        summary: 'Send a staff account a new set-password link (owners only)',
        description:
          'Earlier links of the account stop working. A disabled account → 422; no trusted origin for links → 409; a mail that could not be sent → 503.',
        params: idParamsSchema,
        response: { 204: z.null(), 503: errorBodySchema, ...changeErrors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      await resendInvitation(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
