import { route, routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import {
  LOGIN_AS_MAX_AGE_MS,
  type LoginAsResponse,
  loginAsActionsQuerySchema,
  loginAsActionsResponseSchema,
  loginAsResponseSchema,
  sendAccessResponseSchema,
} from '@kadry/shared/schemas/employee-access';
import { sendAccessBodySchema } from '@kadry/shared/schemas/employees';
import { errorBodySchema, errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../config/env';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { MailQueue } from '../../lib/mail-queue';
import { getAccess } from '../../plugins/access/access';
import { requireCompany } from '../../plugins/company-resolver';
import {
  endUserSession,
  listStaffLocales,
  markLoginAsRequest,
  requireUser,
  startUserSession,
} from '../../plugins/session';
import { findSessionExpiry } from '../../plugins/session-store';
import {
  canReturnToImpersonator,
  type EmployeeAccessContext,
  findLoginAsActions,
  findLoginAsTarget,
  resendEmployeeAccess,
  revokeEmployeeAccess,
  sendEmployeeAccess,
} from './employee-access.service';

export type EmployeeAccessRoutesOptions = {
  db: Db;
  env: Pick<Env, 'SESSION_MAX_HOURS'>;
  mail: MailQueue;
  now: () => Date;
};

const tags = ['hr'];
const config = { plan: 'hrm' as const };
const errors = errorResponses(...STAFF_ERRORS, 404, 409, 422);

/**
 * An employee's staff account (spec §6 send_access, decision 012) and "login as" (spec §6 login_as,
 * docs/decisions/016-login-as.md).
 */
export const employeeAccessRoutes: FastifyPluginAsync<EmployeeAccessRoutesOptions> = async (app, opts) => {
  const { db, now } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<EmployeeAccessContext> {
    const company = requireCompany(request);
    return {
      db,
      access: await getAccess(request),
      company,
      now: now(),
      mail: opts.mail,
      linkOrigin: request.linkOrigin,
      offeredLocales: listStaffLocales(company),
    };
  }

  routes.post(
    routePattern('employee.access'),
    {
      config,
      schema: {
        tags,
        summary: 'Send an employee access: create their staff account and invite it',
        description:
          'Needs the Employee send_access action and the employee visible (else 404). The account signs in with the employee’s work email (none → 422 under email), gets the role and language sent, and an invitation link (7 days) to set its password. Only owners give the owner role; others only a role within their own permissions (422 under role_id). An enabled account already there → 409; a disabled one is enabled again. A mail that could not be sent is reported as invitation_sent: false.',
        params: idParamsSchema,
        body: sendAccessBodySchema,
        response: { 201: sendAccessResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await sendEmployeeAccess(await contextOf(request), request.params.id, request.body);
      if (result.invitationFailure) {
        request.log.error(
          { err: result.invitationFailure.error, userId: result.response.data.user_id },
          'sending an invitation failed',
        );
      }
      return reply.code(201).send(result.response);
    },
  );

  routes.delete(
    routePattern('employee.access'),
    {
      config,
      schema: {
        tags,
        summary: 'Revoke an employee’s access: disable their account and end its sessions',
        description:
          'Needs send_access and the employee visible. No enabled account → 409; one’s own → 422; an owner’s account only by an owner (403), never the company’s last active owner (422).',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeEmployeeAccess(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    routePattern('employee.access.resend'),
    {
      config,
      schema: {
        tags,
        summary: 'Send an invited employee a new invitation link',
        description:
          'Earlier links stop working. Needs send_access and the employee visible; an account that is not waiting for its first password → 409; a mail that could not be sent → 503.',
        params: idParamsSchema,
        response: { 204: z.null(), 503: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await resendEmployeeAccess(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    routePattern('employee.loginAs'),
    {
      config,
      schema: {
        tags,
        summary: 'Login as: sign in as the employee’s account, with a way back',
        description:
          'Needs the Employee login_as action, the employee visible (else 404) with an enabled account (else 409), not oneself (409), not already under login as (409), and an owner’s account only for an owner (403). Ends the current session and starts one as the employee (at most an hour, never beyond the current session), recorded as opened by the caller: the cookie and its CSRF token change, so load the redirect.',
        params: idParamsSchema,
        response: { 200: loginAsResponseSchema, ...errors },
      },
    },
    async (request, reply): Promise<LoginAsResponse> => {
      const actor = requireUser(request);
      const access = await getAccess(request);
      const { userId } = await findLoginAsTarget({ db, access }, request.params.id);
      const startedAt = now();
      // Never beyond the actor's own session: login as cannot stretch a session's absolute lifetime.
      const actorExpiry = request.sessionToken
        ? await findSessionExpiry(db, actor.companyId, request.sessionToken)
        : null;
      const ends = Math.min(
        startedAt.getTime() + LOGIN_AS_MAX_AGE_MS,
        actorExpiry?.getTime() ?? Number.POSITIVE_INFINITY,
      );
      if (ends <= startedAt.getTime()) throw new AppError('unauthenticated');
      await startUserSession(request, reply, {
        db,
        userId,
        companyId: actor.companyId,
        now: startedAt,
        maxAgeMs: ends - startedAt.getTime(),
        impersonatorUserId: actor.id,
      });
      // The start is the login-as log's first row of the session (decision 016, addendum).
      markLoginAsRequest(request, {
        companyId: actor.companyId,
        userId,
        employeeId: request.params.id,
        impersonatorUserId: actor.id,
      });
      request.log.info(
        { impersonatorUserId: actor.id, userId, employeeId: request.params.id },
        'login as started',
      );
      return { data: { redirect: route('app.home') } };
    },
  );

  routes.post(
    routePattern('loginAs.end'),
    {
      schema: {
        tags,
        summary: 'End login as and return to one’s own account',
        description:
          'Only in a login-as session (else 409). Ends it and starts a new session of the account that opened it; when that account has been disabled meanwhile, only signs out. The cookie and its CSRF token change: load the redirect.',
        response: { 200: loginAsResponseSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
    },
    async (request, reply): Promise<LoginAsResponse> => {
      const user = requireUser(request);
      const impersonator = user.impersonator;
      if (!impersonator) throw new AppError('conflict', { key: 'employees.login_as.not_active' });
      const log = { impersonatorUserId: impersonator.id, userId: user.id };
      if (!(await canReturnToImpersonator(db, user.companyId, impersonator.id))) {
        await endUserSession(request, reply, db);
        request.log.info(log, 'login as ended; the impersonator can no longer sign in');
        return { data: { redirect: route('auth.signIn') } };
      }
      await startUserSession(request, reply, {
        db,
        userId: impersonator.id,
        companyId: user.companyId,
        now: now(),
        maxAgeMs: opts.env.SESSION_MAX_HOURS * 3_600_000,
      });
      request.log.info(log, 'login as ended');
      return { data: { redirect: route('app.home') } };
    },
  );

  routes.get(
    routePattern('loginAs.actions'),
    {
      config,
      schema: {
        tags,
        summary: 'What was done while logged in as someone: the login-as log',
        description:
          'Every request that may change something (POST, PUT, PATCH, DELETE; refused ones too, with their status) answered in a login-as session, the start and end of login as among them, newest first: the route’s pattern and its :id, never the query or body. Needs the Employee login_as action (else 403); only the company’s rows, done as employees the caller may see; employee_id keeps those done as that employee.',
        querystring: loginAsActionsQuerySchema,
        response: { 200: loginAsActionsResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) => findLoginAsActions({ db, access: await getAccess(request) }, request.query),
  );
};
