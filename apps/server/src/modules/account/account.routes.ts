import { routePattern } from '@kadry/shared/routes';
import {
  accountResponseSchema,
  changePasswordBodySchema,
  updateAccountBodySchema,
} from '@kadry/shared/schemas/admin';
import { CSRF_HEADER, PASSWORD_MAX_LENGTH } from '@kadry/shared/schemas/auth';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../config/env';
import type { Db } from '../../db/tables';
import { csrfTokenOf } from '../../plugins/csrf';
import { registerPutRoute } from '../../plugins/method-override';
import { listStaffLocales, readDeviceTokens, requireUser, startUserSession } from '../../plugins/session';
import { changeOwnPassword, findAccount, updateAccount } from './account.service';

export type AccountRoutesOptions = {
  db: Db;
  env: Pick<
    Env,
    | 'SESSION_MAX_HOURS'
    | 'SIGN_IN_MAX_FAILURES_PER_ACCOUNT'
    | 'SIGN_IN_MAX_FAILURES_PER_IP'
    | 'SIGN_IN_LOCKOUT_MINUTES'
  >;
  now: () => Date;
};

const errors = { 401: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema };

/**
 * The new password's length is checked by the handler rather than the schema, so a short one hears
 * the reset form's translated message ("Use at least 12 characters") instead of a generic one.
 */
const passwordBodySchema = changePasswordBodySchema.extend({
  password: z.string().max(PASSWORD_MAX_LENGTH * 4),
});

/** One's own account (issue 5, schemas/admin.ts): name, language, time zone and password. Everyone signed in. */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, opts) => {
  const { db, env, now } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    routePattern('account.profile'),
    {
      schema: {
        tags: ['hr'],
        summary: 'The signed-in user’s own account',
        response: { 200: accountResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await findAccount(db, requireUser(request)) }),
  );

  registerPutRoute(
    routes,
    routePattern('account.profile'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Edit one’s own name, language or time zone; also POST with _method=PUT',
        description:
          'Fields left out keep their value. The language must be one the company offers its staff (422 under locale); it takes effect on the next page load.',
        body: updateAccountBodySchema,
        response: { 200: accountResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const account = await updateAccount(db, user, request.body, listStaffLocales(request.company));
      return { data: account };
    },
  );

  routes.post(
    routePattern('account.password'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Change one’s own password',
        description:
          'Needs the current password (422 under current_password; wrong ones count towards the sign-in lockout as the sign-in form would count them from this browser, 429 when locked). The new one follows the reset form’s rules. Every other session of the account ends; this one continues under a new cookie, and its new CSRF token comes back in the X-CSRF-TOKEN header.',
        body: passwordBodySchema,
        response: { 204: z.null(), 429: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const changedAt = now();
      await changeOwnPassword(db, {
        user,
        currentPassword: request.body.current_password,
        password: request.body.password,
        passwordConfirmation: request.body.password_confirmation,
        ip: request.ip,
        deviceTokens: readDeviceTokens(request),
        now: changedAt,
        limits: {
          maxFailuresPerAccount: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
          maxFailuresPerIp: env.SIGN_IN_MAX_FAILURES_PER_IP,
          lockoutMs: env.SIGN_IN_LOCKOUT_MINUTES * 60_000,
        },
      });
      // Every session ended with the change, this one included: it goes on under a new token (the
      // same rotation as signing in), so a copy of the old cookie opens nothing.
      await startUserSession(request, reply, {
        db,
        userId: user.id,
        companyId: user.companyId,
        now: changedAt,
        maxAgeMs: env.SESSION_MAX_HOURS * 3_600_000,
      });
      // The CSRF token derives from the session: the app's meta-tag copy is stale from now on.
      reply.header(CSRF_HEADER, csrfTokenOf(request) ?? '');
      return reply.code(204).send(null);
    },
  );
};
