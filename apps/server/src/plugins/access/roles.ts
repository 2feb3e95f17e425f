import type { EntityPermissions, PermissionsMap, RoleSummary } from '@kadry/shared/permissions/schemas';
import {
  ENTITIES,
  type Entity,
  isEntity,
  listEntityActions,
  listEntityFields,
} from '@kadry/shared/permissions/vocabulary';
import { BUILT_IN_ROLES, type BuiltInRole } from '@kadry/shared/schemas/auth';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { type RolePermissionRow, rolePermissions, roles } from '../../db/schema/roles';
import type { Db } from '../../db/tables';
import { findBuiltInPermissions, NO_PERMISSIONS } from './built-in-role-permissions';

// What a role allows and when roles last changed: read on every staff request (access.ts) and
// bumped by every module that changes what someone may do. The roles editor is modules/permissions.

/** The parts of a role row the permission code reads. */
export type RoleRef = { id: number; companyId: number; key: string | null; name: string; updatedAt: Date };

export function isBuiltInRole(key: string | null): key is BuiltInRole {
  return key !== null && (BUILT_IN_ROLES as readonly string[]).includes(key);
}

export function toRoleSummary(role: RoleRef): RoleSummary {
  return {
    id: role.id,
    key: isBuiltInRole(role.key) ? role.key : null,
    name: role.name,
    updatedAt: role.updatedAt.toISOString(),
  };
}

export const roleColumns = {
  id: roles.id,
  companyId: roles.companyId,
  key: roles.key,
  name: roles.name,
  updatedAt: roles.updatedAt,
};

/** A role of the company, or null (another company's role is not found either). */
export async function findRole(
  db: Pick<Db, 'select'>,
  companyId: number,
  roleId: number,
): Promise<RoleRef | null> {
  const [role] = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)))
    .limit(1);
  return role ?? null;
}

function toEntityPermissions(entity: Entity, row: RolePermissionRow): EntityPermissions {
  const known = new Set<string>([...listEntityActions(entity), ...listEntityFields(entity)]);
  const { createLevel, updateLevel, deleteLevel, viewLevel } = row;
  return {
    visibilitySettings:
      createLevel && updateLevel && deleteLevel && viewLevel
        ? {
            create: createLevel,
            update: updateLevel,
            delete: deleteLevel,
            view: viewLevel,
            all: row.allLevel,
          }
        : null,
    // Names the vocabulary no longer has are ignored rather than answered.
    actions: row.actions.filter((action) => known.has(action)),
    fields_view: row.fieldsView.filter((field) => known.has(field)),
  };
}

/**
 * What a role allows, for every entity: the stored row of an entity where the role has been edited,
 * otherwise the built-in default (built-in roles) or nothing (a company's own roles).
 */
export async function findRolePermissions(
  db: Pick<Db, 'select'>,
  role: Pick<RoleRef, 'id' | 'key' | 'companyId'>,
): Promise<PermissionsMap> {
  const rows = await db
    .select()
    .from(rolePermissions)
    .where(and(eq(rolePermissions.companyId, role.companyId), eq(rolePermissions.roleId, role.id)));
  const map: PermissionsMap = isBuiltInRole(role.key)
    ? findBuiltInPermissions(role.key)
    : (Object.fromEntries(ENTITIES.map((entity) => [entity, NO_PERMISSIONS])) as PermissionsMap);
  for (const row of rows) {
    if (isEntity(row.entity)) map[row.entity] = toEntityPermissions(row.entity, row);
  }
  return map;
}

/**
 * Marks the company's roles as changed, which refreshes every HR app's cached roles and permissions
 * (page data rolesUpdatedAt = the latest updated_at). Strictly later than any earlier value even when
 * clocks disagree, so a change is never missed. Call it whenever what a user may do changes (a role
 * edited, a user given another role, team membership changed).
 */
export async function bumpRolesUpdatedAt(
  db: Pick<Db, 'update'>,
  companyId: number,
  roleId: number,
): Promise<void> {
  await db
    .update(roles)
    .set({
      updatedAt: sql`greatest(now(), (select max(r.updated_at) from roles r where r.company_id = ${companyId}) + interval '1 millisecond')`,
    })
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)));
}

/**
 * bumpRolesUpdatedAt for changes that belong to no one role (team membership): it touches the
 * company's first role, which is enough, since rolesUpdatedAt is the latest time of any of them.
 */
export async function bumpCompanyRolesUpdatedAt(
  db: Pick<Db, 'select' | 'update'>,
  companyId: number,
): Promise<void> {
  const [first] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.companyId, companyId))
    .orderBy(asc(roles.id))
    .limit(1);
  if (first) await bumpRolesUpdatedAt(db, companyId, first.id);
}

/** ISO time of the latest change to any role of the company (page data settings.rolesUpdatedAt). */
export async function findRolesUpdatedAt(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ updatedAt: max(roles.updatedAt) })
    .from(roles)
    .where(eq(roles.companyId, companyId));
  return row?.updatedAt ? new Date(row.updatedAt).toISOString() : null;
}
