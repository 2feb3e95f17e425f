import type { PermissionsResponse, Role, UpdateRoleInput } from '@kadry/shared/permissions/schemas';
import type { RoleWithUsage } from '@kadry/shared/schemas/admin';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { Access } from '../../plugins/access/access';
import {
  findRole,
  findRolePermissions,
  findRolesUpdatedAt,
  type RoleRef,
  toRoleSummary,
} from '../../plugins/access/roles';
import { countUsersByRole, createRole, deleteRole, listRoles, updateRole } from './roles.queries';

/**
 * Roles and what they allow (spec §4, §6). Editing roles is for owners only: assigning permissions is
 * giving them, so whoever could would give themselves everything (decision 006). The routes check
 * that before anything else; these functions get the owner's company.
 */
export type RolesContext = { db: Db; companyId: number };

async function loadRole(db: Db, role: RoleRef): Promise<Role> {
  return { ...toRoleSummary(role), permissions: await findRolePermissions(db, role) };
}

async function findRoleOrThrow(ctx: RolesContext, roleId: number): Promise<RoleRef> {
  const role = await findRole(ctx.db, ctx.companyId, roleId);
  if (!role) throw new AppError('not_found');
  return role;
}

/** The signed-in user's own permissions, with their role and when roles last changed. */
export async function findMyPermissions(db: Db, access: Access): Promise<PermissionsResponse> {
  const [role, rolesUpdatedAt] = await Promise.all([
    findRole(db, access.user.companyId, access.role.id),
    findRolesUpdatedAt(db, access.user.companyId),
  ]);
  if (!role) throw new AppError('unauthenticated');
  return {
    data: {
      role: { id: role.id, key: access.role.key, name: role.name },
      rolesUpdatedAt,
      permissions: access.permissions,
    },
  };
}

/** Built-in roles first, then the company's own by name, each with how many accounts have it. */
export async function listRolesWithUsage(ctx: RolesContext): Promise<{ data: RoleWithUsage[] }> {
  const [list, usage] = await Promise.all([
    listRoles(ctx.db, ctx.companyId),
    countUsersByRole(ctx.db, ctx.companyId),
  ]);
  return { data: list.map((role) => ({ ...toRoleSummary(role), users_count: usage.get(role.id) ?? 0 })) };
}

/** Adds a role of the company's own, copying another role's effective permissions or with none. */
export async function addRole(
  ctx: RolesContext,
  body: { name: string; copy_from_role_id?: number | undefined },
): Promise<{ data: Role }> {
  const sourceId = body.copy_from_role_id;
  const source = sourceId === undefined ? null : await findRole(ctx.db, ctx.companyId, sourceId);
  if (sourceId !== undefined && !source) {
    throw new AppError('validation', {
      key: 'admin.roles.unknown_source',
      issues: { copy_from_role_id: [{ key: 'admin.roles.unknown_source' }] },
    });
  }
  const role = await createRole(ctx.db, ctx.companyId, { name: body.name, copyFrom: source });
  return { data: await loadRole(ctx.db, role) };
}

export async function getRole(ctx: RolesContext, roleId: number): Promise<{ data: Role }> {
  return { data: await loadRole(ctx.db, await findRoleOrThrow(ctx, roleId)) };
}

/** Renames a role and replaces the permissions of the entities sent; the others keep theirs. */
export async function editRole(
  ctx: RolesContext,
  roleId: number,
  body: UpdateRoleInput,
): Promise<{ data: Role }> {
  const existing = await findRoleOrThrow(ctx, roleId);
  await updateRole(ctx.db, existing, body);
  return getRole(ctx, existing.id);
}

/** Deletes a role of the company's own that nobody has (422 built-in, 409 in use). */
export async function removeRole(ctx: RolesContext, roleId: number): Promise<void> {
  await deleteRole(ctx.db, await findRoleOrThrow(ctx, roleId));
}
