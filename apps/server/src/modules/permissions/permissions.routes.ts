import {
  permissionsResponseSchema,
  roleResponseSchema,
  updateRoleBodySchema,
} from '@kadry/shared/permissions/schemas';
import { route, routePattern } from '@kadry/shared/routes';
import { createRoleBodySchema, rolesWithUsageResponseSchema } from '@kadry/shared/schemas/admin';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { getAccess, requireOwner } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  addRole,
  editRole,
  findMyPermissions,
  getRole,
  listRolesWithUsage,
  type RolesContext,
  removeRole,
} from './permissions.service';

export type PermissionsOptions = { db: Db };

const tags = ['roles'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/**
 * Permissions (spec §4, §6): `GET /vue-global/permissions`, and the roles API with which owners
 * edit roles. Enforcement lives in plugins/access.
 */
export const permissionsRoutes: FastifyPluginAsync<PermissionsOptions> = async (app, opts) => {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** Owners only, checked before the body is validated, so nobody else learns anything from a 422. */
  const ownersOnly = async (request: FastifyRequest) => {
    requireOwner(request);
  };
  const contextOf = (request: FastifyRequest): RolesContext => ({
    db,
    companyId: requireOwner(request).companyId,
  });

  routes.get(
    route('vueGlobal.permissions'),
    {
      schema: {
        tags,
        summary: "The signed-in user's permissions",
        description:
          'For every entity of the vocabulary: visibilitySettings (null when the role has none), named actions and visible fields. Entities outside the company plan are all-off. Cache it until the page data rolesUpdatedAt changes.',
        response: { 200: permissionsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await findMyPermissions(db, await getAccess(request));
      reply.header('cache-control', 'private, no-cache');
      return answer;
    },
  );

  routes.get(
    routePattern('roles.all'),
    {
      schema: {
        tags,
        summary: 'Roles of the company (owners only)',
        description:
          "Built-in roles first, then the company's own by name; each with how many accounts have it.",
        response: { 200: rolesWithUsageResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => listRolesWithUsage(contextOf(request)),
  );

  routes.post(
    routePattern('roles.all'),
    {
      schema: {
        tags,
        summary: 'Add a role (owners only)',
        description:
          "A role of the company's own, starting with the effective permissions of copy_from_role_id (any role of the company) or with none. Names are unique in the company, whatever their case. Bumps rolesUpdatedAt.",
        body: createRoleBodySchema,
        response: { 201: roleResponseSchema, ...errors, ...errorResponses(422) },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => reply.code(201).send(await addRole(contextOf(request), request.body)),
  );

  routes.delete(
    routePattern('roles.one'),
    {
      schema: {
        tags,
        summary: 'Delete a role (owners only)',
        description:
          'Built-in roles cannot be deleted (422); a role someone has, disabled accounts included, answers 409: give them another role first. Bumps rolesUpdatedAt.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(409, 422) },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      await removeRole(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('roles.one'),
    {
      schema: {
        tags,
        summary: 'One role with its permissions (owners only)',
        params: idParamsSchema,
        response: { 200: roleResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => getRole(contextOf(request), request.params.id),
  );

  registerPutRoute(
    routes,
    routePattern('roles.one'),
    {
      schema: {
        tags,
        summary: 'Edit a role (owners only); also POST with _method=PUT',
        description:
          'Renames the role and replaces the permissions of the entities sent; entities left out keep theirs. `all` is kept only when every single action has its level. Bumps rolesUpdatedAt.',
        params: idParamsSchema,
        body: updateRoleBodySchema,
        response: { 200: roleResponseSchema, ...errors, ...errorResponses(422) },
      },
      preValidation: ownersOnly,
    },
    async (request) => editRole(contextOf(request), request.params.id, request.body),
  );
};
