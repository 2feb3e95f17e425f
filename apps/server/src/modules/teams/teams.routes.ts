import { routePattern } from '@kadry/shared/routes';
import {
  teamBodySchema,
  teamMembersBodySchema,
  teamPeopleQuerySchema,
  teamPeopleResponseSchema,
  teamResponseSchema,
  teamsQuerySchema,
  teamsResponseSchema,
  teamUpdateBodySchema,
} from '@kadry/shared/schemas/admin';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  teamMoveBodySchema,
  teamTreeQuerySchema,
  teamTreeResponseSchema,
  visibleTeamsQuerySchema,
  visibleTeamsResponseSchema,
} from '@kadry/shared/schemas/teams';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import { getAccess, requireAbility } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  addTeam,
  getTeam,
  getTeamTree,
  getVisibleTeams,
  listTeamCandidates,
  listVisibleTeams,
  moveTeamFor,
  removeTeam,
  replaceTeamMembersFor,
  type TeamsContext,
  updateTeamFor,
} from './teams.service';

export type TeamsRoutesOptions = {
  db: Db;
  /** Changes of people's teams are announced here (`teams.members_changed`). */
  events?: EventBus | undefined;
};

const tags = ['teams'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);
const deleteErrors = errorResponses(...STAFF_ERRORS, 404, 409, 422);

/**
 * Teams (schemas/admin.ts) under the `Teams` permission, in every plan. A team out of the user's view
 * answers 404 like a missing one; one they see but may not change answers 403. The recruiting lookup
 * of team names (recruiting.teams) is separate.
 */
export const teamsRoutes: FastifyPluginAsync<TeamsRoutesOptions> = async (app, opts) => {
  const { db, events } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<TeamsContext> {
    return { db, access: await getAccess(request), events };
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
          'Needs Teams create. Someone whose create level is narrower than to_all becomes the new team’s manager, so the team is within their reach. Names are unique in the company, whatever their case. Under `parent_id` (a team the user sees and whose create level reaches it; 422 under parent_id otherwise) it goes last among the children; `is_hidden` needs create at to_all.',
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
        summary: 'Rename a team or hide it; also POST with _method=PUT',
        description:
          'Needs Teams update on the team. Changing `is_hidden` needs update at to_all (403 otherwise) and bumps rolesUpdatedAt: hidden teams’ members are seen only by whom decision 013 lets.',
        params: idParamsSchema,
        body: teamUpdateBodySchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => updateTeamFor(await contextOf(request), request.params.id, request.body),
  );

  registerPutRoute(
    routes,
    routePattern('teams.move'),
    {
      schema: {
        tags,
        summary: 'Move a team in the tree; also POST with _method=PUT',
        description:
          'Needs Teams update on the team and on the new parent (the top level: update at to_all). `position` (0 = first among the new siblings) needs the change_order action; without it the team goes last under a new parent. A parent that is the team or lies below it answers 422 under parent_id. Siblings are renumbered in one transaction under the company’s tree lock.',
        params: idParamsSchema,
        body: teamMoveBodySchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => moveTeamFor(await contextOf(request), request.params.id, request.body),
  );

  routes.get(
    routePattern('teams.tree'),
    {
      schema: {
        tags,
        summary: 'The teams tree the user sees',
        description:
          'Flat, by parent, position and name, with member counts and managers (and with include=members every member’s name, for the org chart). Which teams: the Teams view level, narrowed by decision 013’s hidden-team rule (docs/decisions/015-teams-tree.md). filter=managed (the see_managed_teams action) keeps the teams the user manages and those below them.',
        querystring: teamTreeQuerySchema,
        response: { 200: teamTreeResponseSchema, ...errors },
      },
    },
    async (request) => getTeamTree(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('dictionaries.visibleTeams'),
    {
      schema: {
        tags,
        summary: 'Teams whose people the user sees',
        description:
          'For every signed-in staff user: the teams of decision 013 (their own teams and those below a team they manage; open teams with Teams view to_all or view_in_open_teams; hidden teams with see_hr_teams or view_in_hidden_teams). mode=list: `teams` sorted by name; mode=tree: nested, siblings by position.',
        querystring: visibleTeamsQuerySchema,
        response: { 200: visibleTeamsResponseSchema, ...errors },
      },
    },
    async (request) => getVisibleTeams(await contextOf(request), request.query),
  );

  routes.delete(
    routePattern('teams.one'),
    {
      schema: {
        tags,
        summary: 'Delete a team',
        description:
          'A team with child teams answers 409 (move or delete them first). Its memberships go with it; its vacancies stay, without a team. Bumps rolesUpdatedAt (memberships end).',
        params: idParamsSchema,
        response: { 204: z.null(), ...deleteErrors },
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
