import type { EntityPermissions } from '@kadry/shared/permissions/schemas';
import type { Entity } from '@kadry/shared/permissions/vocabulary';
import { BUILT_IN_ROLES } from '@kadry/shared/schemas/auth';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { type NewRolePermissionRow, rolePermissions, roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import {
  bumpRolesUpdatedAt,
  findRolePermissions,
  type RoleRef,
  roleColumns,
} from '../../plugins/access/roles';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Built-in roles first, in their usual order, then the company's own by name. */
const ROLE_ORDER = sql`coalesce(array_position(array[${sql.join(
  BUILT_IN_ROLES.map((key) => sql`${key}`),
  sql`, `,
)}]::text[], ${roles.key}), ${BUILT_IN_ROLES.length + 1})`;

export async function listRoles(db: Db, companyId: number): Promise<RoleRef[]> {
  return db
    .select(roleColumns)
    .from(roles)
    .where(eq(roles.companyId, companyId))
    .orderBy(ROLE_ORDER, asc(roles.name), asc(roles.id));
}

/** role_permissions rows that store the given permissions of a role, one per entity. */
function toPermissionRows(
  role: Pick<RoleRef, 'id' | 'companyId'>,
  permissions: Partial<Record<Entity, EntityPermissions>>,
): NewRolePermissionRow[] {
  return Object.entries(permissions).map(([entity, entityPermissions]) => {
    const settings = entityPermissions.visibilitySettings;
    return {
      companyId: role.companyId,
      roleId: role.id,
      entity,
      createLevel: settings?.create ?? null,
      updateLevel: settings?.update ?? null,
      deleteLevel: settings?.delete ?? null,
      viewLevel: settings?.view ?? null,
      allLevel: settings?.all ?? null,
      actions: entityPermissions.actions,
      fieldsView: entityPermissions.fields_view,
    };
  });
}

/**
 * Serialises changes to a company's role names until the transaction ends, so two requests cannot
 * both find a name free and both take it (the table has no unique index on names: built-in roles
 * were named before names had to be unique).
 */
async function lockRoleNames(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_NAMES_LOCK}::integer, ${companyId}::integer)`);
}

/** Advisory lock namespace of role names (the second key is the company). */
const ROLE_NAMES_LOCK = 7_301;

function roleNameTakenError(): AppError {
  return new AppError('validation', {
    key: 'admin.roles.name_taken',
    issues: { name: [{ key: 'admin.roles.name_taken' }] },
  });
}

/** Whether another role of the company has this name, compared case-insensitively. */
async function isRoleNameTaken(
  db: Pick<Db, 'select'>,
  companyId: number,
  name: string,
  exceptRoleId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.companyId, companyId),
        sql`lower(${roles.name}) = lower(${name.trim()})`,
        exceptRoleId === undefined ? undefined : ne(roles.id, exceptRoleId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How many accounts (disabled ones included) have each role of the company; roles nobody has are absent. */
export async function countUsersByRole(db: Db, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ roleId: users.roleId, count: count() })
    .from(users)
    .where(eq(users.companyId, companyId))
    .groupBy(users.roleId);
  return new Map(rows.map((row) => [row.roleId, row.count]));
}

/**
 * Adds a company role (no key). It starts with the effective permissions of `copyFrom` — for a
 * built-in source, its defaults as edited so far — stored as rows for every entity, so later changes
 * to the source's defaults do not leak into the copy; without a source it allows nothing. Names are
 * unique in the company whatever their case (422 under `name`). Bumps rolesUpdatedAt.
 */
export async function createRole(
  db: Db,
  companyId: number,
  input: { name: string; copyFrom: Pick<RoleRef, 'id' | 'key' | 'companyId'> | null },
): Promise<RoleRef> {
  return db.transaction(async (tx) => {
    await lockRoleNames(tx, companyId);
    if (await isRoleNameTaken(tx, companyId, input.name)) throw roleNameTakenError();
    const [created] = await tx
      .insert(roles)
      .values({ companyId, key: null, name: input.name })
      .returning({ id: roles.id });
    if (!created) throw new Error('createRole: insert returned no row');
    if (input.copyFrom) {
      const permissions = await findRolePermissions(tx, input.copyFrom);
      const rows = toPermissionRows({ id: created.id, companyId }, permissions);
      if (rows.length > 0) await tx.insert(rolePermissions).values(rows);
    }
    await bumpRolesUpdatedAt(tx, companyId, created.id);
    const [role] = await tx
      .select(roleColumns)
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.id, created.id)));
    if (!role) throw new Error('createRole: the new role vanished');
    return role;
  });
}

/**
 * Deletes a company role nobody has: built-in roles → 422, a role someone has (disabled accounts
 * included) → 409 saying how many. Its permissions go with it (cascade). rolesUpdatedAt is bumped on
 * another role of the company before the delete, so the company's latest time still moves forward.
 */
export async function deleteRole(db: Db, role: RoleRef): Promise<void> {
  if (role.key !== null) {
    throw new AppError('validation', { key: 'admin.roles.built_in_delete' });
  }
  await db.transaction(async (tx) => {
    // Locked first: giving someone this role meanwhile waits for the delete, then fails its foreign key.
    const [locked] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, role.companyId), eq(roles.id, role.id)))
      .for('update');
    if (!locked) throw new AppError('not_found');
    const holders = await tx.$count(
      users,
      and(eq(users.companyId, role.companyId), eq(users.roleId, role.id)),
    );
    if (holders > 0)
      throw new AppError('conflict', { key: 'admin.roles.in_use', params: { count: holders } });
    const [other] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, role.companyId), ne(roles.id, role.id)))
      .orderBy(asc(roles.id))
      .limit(1);
    if (other) await bumpRolesUpdatedAt(tx, role.companyId, other.id);
    await tx.delete(roles).where(and(eq(roles.companyId, role.companyId), eq(roles.id, role.id)));
  });
}

/**
 * Edits a role: renames it and replaces the permissions of the entities given (others keep theirs),
 * then bumps rolesUpdatedAt, all in one transaction. A name another role of the company has → 422.
 */
export async function updateRole(
  db: Db,
  role: Pick<RoleRef, 'id' | 'companyId'>,
  input: { name?: string | undefined; permissions: Partial<Record<Entity, EntityPermissions>> },
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = toPermissionRows(role, input.permissions);
    if (rows.length > 0) {
      await tx
        .insert(rolePermissions)
        .values(rows)
        .onConflictDoUpdate({
          target: [rolePermissions.roleId, rolePermissions.entity],
          set: {
            createLevel: sql`excluded.create_level`,
            updateLevel: sql`excluded.update_level`,
            deleteLevel: sql`excluded.delete_level`,
            viewLevel: sql`excluded.view_level`,
            allLevel: sql`excluded.all_level`,
            actions: sql`excluded.actions`,
            fieldsView: sql`excluded.fields_view`,
          },
        });
    }
    if (input.name !== undefined) {
      await lockRoleNames(tx, role.companyId);
      if (await isRoleNameTaken(tx, role.companyId, input.name, role.id)) throw roleNameTakenError();
      await tx
        .update(roles)
        .set({ name: input.name })
        .where(and(eq(roles.companyId, role.companyId), eq(roles.id, role.id)));
    }
    await bumpRolesUpdatedAt(tx, role.companyId, role.id);
  });
}
