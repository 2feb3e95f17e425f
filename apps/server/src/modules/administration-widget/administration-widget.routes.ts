import { routePattern } from '@kadry/shared/routes';
import {
  administrationsQuerySchema,
  administrationsResponseSchema,
} from '@kadry/shared/schemas/dashboard-administration';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import { listFollowedAccounts } from './administration-widget.service';

export type AdministrationWidgetRoutesOptions = { db: Db };

/** The dashboard's administration widget (issue 15): the followed staff accounts. */
export const administrationWidgetRoutes: FastifyPluginAsync<AdministrationWidgetRoutesOptions> = async (
  app,
  opts,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    routePattern('dashboard.administrations'),
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The staff accounts the administration widget follows: role, state, last sign-in',
        description:
          'Repeated `account_ids` (the widget’s saved parameter, at most 50); the company’s accounts among them in that order, others (and people the user does not see) left out. Owners and roles with Settings update at to_all (WIDGET_RULES). Accounts are picked from `employee.all` (`account_id`).',
        querystring: administrationsQuerySchema,
        response: { 200: administrationsResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) =>
      listFollowedAccounts(
        { db: opts.db, access: await getAccess(request), tariffs: request.company?.tariffs ?? [] },
        request.query,
      ),
  );
};
