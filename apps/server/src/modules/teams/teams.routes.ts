import { routePattern } from '@kadry/shared/routes';
import {
  teamBodySchema,
  teamMembersBodySchema,
  teamPeopleQuerySchema,
  teamPeopleResponseSchema,
  teamResponseSchema,
  teamsQuerySchema,
  teamsResponseSchema,
} from '@kadry/shared/schemas/admin';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { getAccess, requireAbility } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  addTeam,
  getTeam,
  listTeamCandidates,
  listVisibleTeams,
  removeTeam,
  renameTeamFor,
  replaceTeamMembersFor,
  type TeamsContext,
} from './teams.service';

export type TeamsRoutesOptions = { db: Db };

const tags = ['teams'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);

/**
 * Teams (schemas/admin.ts) under the `Teams` permission, in every plan. A team out of the user's view
 * answers 404 like a missing one; one they see but may not change answers 403. The recruiting lookup
 * of team names (recruiting.teams) is separate.
 */
export const teamsRoutes: FastifyPluginAsync<TeamsRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<TeamsContext> {
    return { db, access: await getAccess(request) };
  }

  routes.get(
    routePattern('teams.all'),
    {
      schema: {
        tags,
        summary: 'Teams the user may see',
        description:
          'By the Teams view level: to_all every team, only_my_and_my_team the teams the user belongs to, only_my the teams the user manages. Sorted by name.',
        querystring: teamsQuerySchema,
        response: { 200: teamsResponseSchema, ...errors },
      },
    },
    async (request) => listVisibleTeams(await contextOf(request), request.query),
  );

  routes.post(
    routePattern('teams.all'),
    {
      schema: {
        tags,
        summary: 'Add a team',
        description:
          'Needs Teams create. Someone whose create level is narrower than to_all becomes the new team’s manager, so the team is within their reach. Names are unique in the company, whatever their case.',
        body: teamBodySchema,
        response: { 201: teamResponseSchema, ...errors },
      },
      // Permission before validation: a role that may not create learns nothing from a 422.
      preValidation: async (request) => {
        await requireAbility(request, 'Teams', 'create');
      },
    },
    async (request, reply) => reply.code(201).send(await addTeam(await contextOf(request), request.body)),
  );

  routes.get(
    routePattern('teams.people'),
    {
      schema: {
        tags,
        summary: 'People who can be added to a team',
        description:
          'For whoever may create or update teams: enabled staff accounts (name and email), sorted by name, at most 100, searched by name or email. Below to_all, only the user and their teammates (docs/decisions/009-team-membership.md).',
        querystring: teamPeopleQuerySchema,
        response: { 200: teamPeopleResponseSchema, ...errors },
      },
    },
    async (request) => listTeamCandidates(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('teams.one'),
    {
      schema: {
        tags,
        summary: 'A team with its members',
        params: idParamsSchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => getTeam(await contextOf(request), request.params.id),
  );

  registerPutRoute(
    routes,
    routePattern('teams.one'),
    {
      schema: {
        tags,
        summary: 'Rename a team; also POST with _method=PUT',
        params: idParamsSchema,
        body: teamBodySchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => renameTeamFor(await contextOf(request), request.params.id, request.body),
  );

  routes.delete(
    routePattern('teams.one'),
    {
      schema: {
        tags,
        summary: 'Delete a team',
        description: 'Its vacancies stay, without a team. Bumps rolesUpdatedAt (memberships end).',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeTeam(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  registerPutRoute(
    routes,
    routePattern('teams.members'),
    {
      schema: {
        tags,
        summary: 'Replace a team’s members; also POST with _method=PUT',
        description:
          'The whole list; users must be accounts of the company (422 under members); a user listed twice is one member. Needs Teams update on the team. Below to_all, newcomers must be the user or their teammates (422 under members). Bumps rolesUpdatedAt.',
        params: idParamsSchema,
        body: teamMembersBodySchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => replaceTeamMembersFor(await contextOf(request), request.params.id, request.body),
  );
};
