import type { VisibilityAction } from '@kadry/shared/permissions/vocabulary';
import { routePattern } from '@kadry/shared/routes';
import {
  TEAM_PEOPLE_LIMIT,
  teamBodySchema,
  teamMembersBodySchema,
  teamPeopleQuerySchema,
  teamPeopleResponseSchema,
  teamResponseSchema,
  teamsQuerySchema,
  teamsResponseSchema,
} from '@kadry/shared/schemas/admin';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { parseObjectId } from '../../lib/object-id';
import { findLevel, getAccess, requireAbility, requireAnyAbility } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import { requireUser } from '../../plugins/session';
import { canReachTeam, teamScopeWhere } from './team-access';
import {
  createTeam,
  deleteTeam,
  findTeam,
  findTeamListExtras,
  findTeamMembers,
  listTeamPeople,
  listTeams,
  renameTeam,
  replaceTeamMembers,
  type TeamMemberRow,
  type TeamRow,
  toTeam,
} from './teams.queries';

export type TeamsRoutesOptions = { db: Db };

const idParams = z.object({ id: z.string() });
const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  419: errorBodySchema,
  422: errorBodySchema,
};

/**
 * Teams (issue 5, schemas/admin.ts) under the `Teams` permission, in every plan. A team out of the
 * user's view answers 404 like a missing one; one they see but may not change answers 403. The
 * recruiting lookup of team names (recruiting.teams) is separate and unchanged.
 */
export const teamsRoutes: FastifyPluginAsync<TeamsRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The team with its members, when the user's view level reaches it and `action`'s level does too. */
  async function findReachableTeam(
    request: FastifyRequest,
    rawId: string,
    action: VisibilityAction,
  ): Promise<{ team: TeamRow; members: TeamMemberRow[] }> {
    const user = requireUser(request);
    const team = await findTeam(db, user.companyId, parseObjectId(rawId));
    const members = team ? await findTeamMembers(db, team.id) : [];
    const viewLevel = await findLevel(request, 'Teams', 'view');
    if (!team || !canReachTeam(viewLevel, user.id, members)) throw new AppError('not_found');
    if (action !== 'view' && !canReachTeam(await findLevel(request, 'Teams', action), user.id, members)) {
      throw new AppError('forbidden');
    }
    return { team, members };
  }

  async function present(team: TeamRow) {
    return { data: toTeam(team, await findTeamMembers(db, team.id)) };
  }

  routes.get(
    routePattern('teams.all'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Teams the user may see',
        description:
          'By the Teams view level: to_all every team, only_my_and_my_team the teams the user belongs to, only_my the teams the user manages. Sorted by name.',
        querystring: teamsQuerySchema,
        response: { 200: teamsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const level = await requireAbility(request, 'Teams', 'view');
      const user = requireUser(request);
      const rows = await listTeams(db, user.companyId, {
        scope: teamScopeWhere(db, level, user),
        search: request.query.search || undefined,
      });
      const { counts, managers } = await findTeamListExtras(
        db,
        rows.map((row) => row.id),
      );
      const access = await getAccess(request);
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          members_count: counts.get(row.id) ?? 0,
          managers: managers.get(row.id) ?? [],
          is_member: access.teamIds.includes(row.id),
        })),
      };
    },
  );

  routes.post(
    routePattern('teams.all'),
    {
      schema: {
        tags: ['hr'],
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
    async (request, reply) => {
      const level = await requireAbility(request, 'Teams', 'create');
      const user = requireUser(request);
      const team = await createTeam(db, user.companyId, {
        name: request.body.name,
        managerId: level === 'to_all' ? undefined : user.id,
      });
      return reply.code(201).send(await present(team));
    },
  );

  routes.get(
    routePattern('teams.people'),
    {
      schema: {
        tags: ['hr'],
        summary: 'People who can be added to a team',
        description:
          'For whoever may create or update teams: enabled staff accounts (name and email), sorted by name, at most 100, searched by name or email.',
        querystring: teamPeopleQuerySchema,
        response: { 200: teamPeopleResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireAnyAbility(request, 'Teams', ['create', 'update']);
      const user = requireUser(request);
      return {
        data: await listTeamPeople(db, user.companyId, {
          search: request.query.search || undefined,
          limit: TEAM_PEOPLE_LIMIT,
        }),
      };
    },
  );

  routes.get(
    routePattern('teams.one'),
    {
      schema: {
        tags: ['hr'],
        summary: 'A team with its members',
        params: idParams,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { team, members } = await findReachableTeam(request, request.params.id, 'view');
      return { data: toTeam(team, members) };
    },
  );

  registerPutRoute(
    routes,
    routePattern('teams.one'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Rename a team; also POST with _method=PUT',
        params: idParams,
        body: teamBodySchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { team } = await findReachableTeam(request, request.params.id, 'update');
      return present(await renameTeam(db, team, request.body.name));
    },
  );

  routes.delete(
    routePattern('teams.one'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Delete a team',
        description: 'Its vacancies stay, without a team. Bumps rolesUpdatedAt (memberships end).',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { team } = await findReachableTeam(request, request.params.id, 'delete');
      await deleteTeam(db, team);
      return reply.code(204).send(null);
    },
  );

  registerPutRoute(
    routes,
    routePattern('teams.members'),
    {
      schema: {
        tags: ['hr'],
        summary: 'Replace a team’s members; also POST with _method=PUT',
        description:
          'The whole list; users must be accounts of the company (422 under members); a user listed twice is one member. Needs Teams update on the team. Bumps rolesUpdatedAt.',
        params: idParams,
        body: teamMembersBodySchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { team } = await findReachableTeam(request, request.params.id, 'update');
      await replaceTeamMembers(db, team, request.body.members);
      return present(team);
    },
  );
};
