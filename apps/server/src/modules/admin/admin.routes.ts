import { routePattern } from '@kadry/shared/routes';
import {
  createStaffUserBodySchema,
  staffUserResponseSchema,
  staffUsersQuerySchema,
  staffUsersResponseSchema,
  updateStaffUserBodySchema,
} from '@kadry/shared/schemas/admin';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EmailSender } from '../../lib/email-sender';
import { parseObjectId } from '../../lib/object-id';
import { requireOwner } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import { listStaffLocales } from '../../plugins/session';
import type { SessionUser } from '../../plugins/session-store';
import { sendInvitation } from '../auth/password-reset.service';
import {
  findStaffUser,
  findStaffUserPage,
  findTeamsOfUsers,
  type StaffUserRow,
  toStaffUser,
} from './staff-users.queries';
import { createStaffUser, updateStaffUser } from './staff-users.service';

export type AdminRoutesOptions = {
  db: Db;
  emailSender: EmailSender;
  now: () => Date;
};

const idParams = z.object({ id: z.string() });
const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  419: errorBodySchema,
  422: errorBodySchema,
};

function requireCompany(request: FastifyRequest): Company {
  if (!request.company) throw new AppError('not_found');
  return request.company;
}

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

  async function present(row: StaffUserRow) {
    const teams = await findTeamsOfUsers(db, [row.id]);
    return { data: toStaffUser(row, teams.get(row.id) ?? []) };
  }

  /** Sends the set-password link; links point only at a trusted origin (see company-resolver). */
  async function sendLink(request: FastifyRequest, actor: SessionUser, row: StaffUserRow): Promise<void> {
    const baseUrl = request.linkOrigin;
    if (baseUrl === null) throw new AppError('conflict', { key: 'errors.no_link_origin' });
    return sendInvitation(db, {
      company: requireCompany(request),
      user: row,
      inviterName: actor.name,
      now: now(),
      baseUrl,
      sender: opts.emailSender,
    });
  }

  routes.get(
    routePattern('admin.users'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Staff accounts (owners only)',
        description:
          'Search by name or email; filter by role, team and status (active = enabled with a password, invited = enabled without one, disabled). Sorted by name.',
        querystring: staffUsersQuerySchema,
        response: { 200: staffUsersResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => {
      const user = requireOwner(request);
      const query = request.query;
      const { rows, total } = await findStaffUserPage(
        db,
        user.companyId,
        {
          search: query.search || undefined,
          role_id: query.role_id,
          team_id: query.team_id,
          status: query.status,
        },
        { page: query.page, perPage: query.per_page },
      );
      const teams = await findTeamsOfUsers(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toStaffUser(row, teams.get(row.id) ?? [])),
        meta: {
          current_page: query.page,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
          per_page: query.per_page,
          total,
        },
      };
    },
  );

  routes.post(
    routePattern('admin.users'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Invite a staff account (owners only)',
        description:
          'Creates the account without a password and emails the person a link to set one (valid 7 days). An email the company already has → 422 under email.',
        body: createStaffUserBodySchema,
        response: { 201: staffUserResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      const actor = requireOwner(request);
      const company = requireCompany(request);
      const row = await createStaffUser(db, {
        companyId: actor.companyId,
        body: request.body,
        offeredLocales: listStaffLocales(company),
      });
      // The account exists whatever happens to the mail; a failed mail is logged and the owner can
      // send the link again (admin.users.invite), which reports the failure.
      await sendLink(request, actor, row).catch((error: unknown) =>
        request.log.error({ err: error, userId: row.id }, 'sending an invitation failed'),
      );
      return reply.code(201).send(await present(row));
    },
  );

  routes.get(
    routePattern('admin.users.one'),
    {
      schema: {
        tags: ['hr'],
        summary: 'One staff account (owners only)',
        params: idParams,
        response: { 200: staffUserResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => {
      const actor = requireOwner(request);
      const row = await findStaffUser(db, actor.companyId, parseObjectId(request.params.id));
      if (!row) throw new AppError('not_found');
      return present(row);
    },
  );

  registerPutRoute(
    routes,
    routePattern('admin.users.one'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Edit a staff account (owners only); also POST with _method=PUT',
        description:
          'Fields left out keep their value. Disabling ends the person’s sessions. Refused (422) when the company would be left without an enabled owner with a password, and when owners disable themselves. A new email voids earlier links; an account still invited gets a new invitation at the new address.',
        params: idParams,
        body: updateStaffUserBodySchema,
        response: { 200: staffUserResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => {
      const actor = requireOwner(request);
      const company = requireCompany(request);
      const { user: row, shouldReinvite } = await updateStaffUser(db, {
        companyId: actor.companyId,
        actorId: actor.id,
        userId: parseObjectId(request.params.id),
        body: request.body,
        offeredLocales: listStaffLocales(company),
      });
      if (shouldReinvite) {
        await sendLink(request, actor, row).catch((error: unknown) =>
          request.log.error({ err: error, userId: row.id }, 'sending an invitation failed'),
        );
      }
      return present(row);
    },
  );

  routes.post(
    routePattern('admin.users.invite'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Send a staff account a new set-password link (owners only)',
        description:
          'Earlier links of the account stop working. A disabled account → 422; a mail that could not be sent → 503.',
        params: idParams,
        response: { 204: z.null(), 503: errorBodySchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      const actor = requireOwner(request);
      const row = await findStaffUser(db, actor.companyId, parseObjectId(request.params.id));
      if (!row) throw new AppError('not_found');
      if (row.isDisabled) throw new AppError('validation', { key: 'admin.users.invite_disabled' });
      try {
        await sendLink(request, actor, row);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('service_unavailable', {
          key: 'admin.users.invite_failed',
          retryAfter: 60,
          cause: error,
        });
      }
      return reply.code(204).send(null);
    },
  );
};
