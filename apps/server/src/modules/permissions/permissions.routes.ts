import {
  permissionsResponseSchema,
  type Role,
  roleResponseSchema,
  updateRoleBodySchema,
} from '@kadry/shared/permissions/schemas';
import { route } from '@kadry/shared/routes';
import { createRoleBodySchema, rolesWithUsageResponseSchema } from '@kadry/shared/schemas/admin';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { parseObjectId } from '../../lib/object-id';
import { getAccess, requireOwner } from '../../plugins/access/access';
import {
  findRole,
  findRolePermissions,
  findRolesUpdatedAt,
  type RoleRef,
  toRoleSummary,
} from '../../plugins/access/roles';
import { registerPutRoute } from '../../plugins/method-override';
import { countUsersByRole, createRole, deleteRole, listRoles, updateRole } from './roles.queries';

export type PermissionsOptions = { db: Db };

/** Paths of the roles API (spec §7.2 leaves them open). */
export const ROLES_PATH = '/api/v1/roles';
export const ROLE_PATH = '/api/v1/roles/:id';

const roleParams = z.object({ id: z.string() });
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 419: errorBodySchema };

/**
 * Permissions (spec §4, §6): `GET /vue-global/permissions`, and the roles API with which owners
 * edit roles. Enforcement lives in plugins/access.
 */
export const permissionsRoutes: FastifyPluginAsync<PermissionsOptions> = async (app, opts) => {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function loadRole(role: RoleRef): Promise<Role> {
    return { ...toRoleSummary(role), permissions: await findRolePermissions(db, role) };
  }

  routes.get(
    route('vueGlobal.permissions'),
    {
      schema: {
        tags: ['hr'],
        summary: "The signed-in user's permissions",
        description:
          'For every entity of the vocabulary: visibilitySettings (null when the role has none), named actions and visible fields. Entities outside the company plan are all-off. Cache it until the page data rolesUpdatedAt changes.',
        response: { 200: permissionsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const access = await getAccess(request);
      const [role, rolesUpdatedAt] = await Promise.all([
        findRole(db, access.user.companyId, access.role.id),
        findRolesUpdatedAt(db, access.user.companyId),
      ]);
      if (!role) throw new AppError('unauthenticated');
      reply.header('cache-control', 'private, no-cache');
      return {
        data: {
          role: { id: role.id, key: access.role.key, name: role.name },
          rolesUpdatedAt,
          permissions: access.permissions,
        },
      };
    },
  );

  routes.get(
    ROLES_PATH,
    {
      schema: {
        tags: ['hr'],
        summary: 'Roles of the company (owners only)',
        description:
          "Built-in roles first, then the company's own by name; each with how many accounts have it.",
        response: { 200: rolesWithUsageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireOwner(request);
      const [list, usage] = await Promise.all([
        listRoles(db, user.companyId),
        countUsersByRole(db, user.companyId),
      ]);
      return {
        data: list.map((role) => ({ ...toRoleSummary(role), users_count: usage.get(role.id) ?? 0 })),
      };
    },
  );

  routes.post(
    ROLES_PATH,
    {
      schema: {
        tags: ['hr'],
        summary: 'Add a role (owners only)',
        description:
          "A role of the company's own, starting with the effective permissions of copy_from_role_id (any role of the company) or with none. Names are unique in the company, whatever their case. Bumps rolesUpdatedAt.",
        body: createRoleBodySchema,
        response: { 201: roleResponseSchema, 422: errorBodySchema, ...errors },
      },
      // Owners only, before validation: nobody else learns anything from a 422.
      preValidation: async (request) => {
        requireOwner(request);
      },
    },
    async (request, reply) => {
      const user = requireOwner(request);
      const sourceId = request.body.copy_from_role_id;
      const source = sourceId === undefined ? null : await findRole(db, user.companyId, sourceId);
      if (sourceId !== undefined && !source) {
        throw new AppError('validation', {
          key: 'admin.roles.unknown_source',
          issues: { copy_from_role_id: [{ key: 'admin.roles.unknown_source' }] },
        });
      }
      const role = await createRole(db, user.companyId, { name: request.body.name, copyFrom: source });
      return reply.code(201).send({ data: await loadRole(role) });
    },
  );

  routes.delete(
    ROLE_PATH,
    {
      schema: {
        tags: ['hr'],
        summary: 'Delete a role (owners only)',
        description:
          'Built-in roles cannot be deleted (422); a role someone has, disabled accounts included, answers 409: give them another role first. Bumps rolesUpdatedAt.',
        params: roleParams,
        response: { 204: z.null(), 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireOwner(request);
      const role = await findRole(db, user.companyId, parseObjectId(request.params.id));
      if (!role) throw new AppError('not_found');
      await deleteRole(db, role);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    ROLE_PATH,
    {
      schema: {
        tags: ['hr'],
        summary: 'One role with its permissions (owners only)',
        params: roleParams,
        response: { 200: roleResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireOwner(request);
      const role = await findRole(db, user.companyId, parseObjectId(request.params.id));
      if (!role) throw new AppError('not_found');
      return { data: await loadRole(role) };
    },
  );

  registerPutRoute(
    routes,
    ROLE_PATH,
    {
      schema: {
        tags: ['hr'],
        summary: 'Edit a role (owners only); also POST with _method=PUT',
        description:
          'Renames the role and replaces the permissions of the entities sent; entities left out keep theirs. `all` is kept only when every single action has its level. Bumps rolesUpdatedAt.',
        params: roleParams,
        body: updateRoleBodySchema,
        response: { 200: roleResponseSchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = requireOwner(request);
      const existing = await findRole(db, user.companyId, parseObjectId(request.params.id));
      if (!existing) throw new AppError('not_found');
      await updateRole(db, existing, request.body);
      const updated = await findRole(db, user.companyId, existing.id);
      if (!updated) throw new AppError('not_found');
      return { data: await loadRole(updated) };
    },
  );
};
