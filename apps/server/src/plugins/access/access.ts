import { levelOf } from '@kadry/shared/permissions/permission-state';
import type { PermissionsMap } from '@kadry/shared/permissions/schemas';
import {
  type Entity,
  FIELD_KEYS,
  type FieldPermission,
  type Level,
  listEntityFields,
  type VisibilityAction,
} from '@kadry/shared/permissions/vocabulary';
import { isEntityInPlan } from '@kadry/shared/plans';
import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import { or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../session-store';
import { NO_PERMISSIONS } from './built-in-role-permissions';
import { findRolePermissions, isBuiltInRole } from './roles';
import { findTeamReach } from './team-reach';
import { narrowToScopes } from './token-scopes';

/**
 * What the signed-in user of a request may do, loaded once per request (`getAccess`): the
 * permissions of their role and the teams that "my team" means for them.
 */
export type Access = {
  user: SessionUser;
  role: { id: number; key: BuiltInRole | null };
  /** Every entity; those outside the company's plan are all-off, whatever the role says. */
  permissions: PermissionsMap;
  /**
   * The teams "my team" reaches (docs/decisions/012-people-model.md): those the user's employee
   * belongs to, and every team below one it manages.
   */
  teamIds: readonly number[];
  /** Accounts of the employees of those teams (the user's own when it is in one). */
  teammateIds: readonly number[];
  /** Employees of those teams (the user's own when it is in one). */
  teammateEmployeeIds: readonly number[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Loads the request's Access (memoised per request); registered by the permissions plugin. */
    loadAccess(request: FastifyRequest): Promise<Access>;
  }
}

/** Entities outside the company's plan answer as all-off. */
export function maskPermissionsByPlan(
  permissions: PermissionsMap,
  tariffs: readonly string[],
): PermissionsMap {
  const masked = { ...permissions };
  for (const entity of Object.keys(masked) as Entity[]) {
    if (!isEntityInPlan(tariffs, entity)) masked[entity] = NO_PERMISSIONS;
  }
  return masked;
}

/** Builds the per-request loader the permissions plugin decorates the app with. */
export function createAccessLoader(db: Db): (request: FastifyRequest) => Promise<Access> {
  const loaded = new WeakMap<FastifyRequest, Promise<Access>>();
  return (request) => {
    let access = loaded.get(request);
    if (!access) {
      access = loadAccess(db, request);
      loaded.set(request, access);
    }
    return access;
  };
}

async function loadAccess(db: Db, request: FastifyRequest): Promise<Access> {
  const user = request.user;
  if (!user) throw new AppError('unauthenticated');
  const key = isBuiltInRole(user.roleKey) ? user.roleKey : null;
  const [permissions, reach] = await Promise.all([
    findRolePermissions(db, { id: user.roleId, key, companyId: user.companyId }),
    findTeamReach(db, user),
  ]);
  // An API token acts as its creator, never beyond its scopes.
  const granted = request.apiToken ? narrowToScopes(permissions, request.apiToken.scopes) : permissions;
  return {
    user,
    role: { id: user.roleId, key },
    permissions: maskPermissionsByPlan(granted, request.company?.tariffs ?? []),
    ...reach,
  };
}

/** The request's Access; 401 without a signed-in user. */
export function getAccess(request: FastifyRequest): Promise<Access> {
  if (!request.user) throw new AppError('unauthenticated');
  return request.server.loadAccess(request);
}

/** The level an Access gives an action on an entity (not_visible when none). For services. */
export function levelFor(
  access: Pick<Access, 'permissions'>,
  entity: Entity,
  action: VisibilityAction,
): Level {
  return levelOf(access.permissions[entity].visibilitySettings, action);
}

/** levelFor, or 403 when the action is not_visible (collection actions: list, create). For services. */
export function requireLevel(
  access: Pick<Access, 'permissions'>,
  entity: Entity,
  action: VisibilityAction,
): Level {
  const level = levelFor(access, entity, action);
  if (level === 'not_visible') throw new AppError('forbidden');
  return level;
}

/** 403 unless the Access has the named action (spec §6). For services. */
export function requireAction(access: Pick<Access, 'permissions'>, entity: Entity, action: string): void {
  if (!hasNamedAction(access, entity, action)) throw new AppError('forbidden');
}

/** The level the user's role gives an action on an entity (not_visible when none). Never throws 403. */
export async function findLevel(
  request: FastifyRequest,
  entity: Entity,
  action: VisibilityAction,
): Promise<Level> {
  const access = await getAccess(request);
  return levelOf(access.permissions[entity].visibilitySettings, action);
}

/**
 * The level the user has for an action on an entity; 403 when it is not_visible. For collection
 * actions (list, create). For one object, use findLevel and answer 404 when the object is out of
 * reach (scopeWhere / canSeeObject), so hidden objects cannot be told from missing ones.
 */
export async function requireAbility(
  request: FastifyRequest,
  entity: Entity,
  action: VisibilityAction,
): Promise<Level> {
  const level = await findLevel(request, entity, action);
  if (level === 'not_visible') throw new AppError('forbidden');
  return level;
}

/** 403 unless the role gives at least one of `actions` on the entity a level other than not_visible. */
export async function requireAnyAbility(
  request: FastifyRequest,
  entity: Entity,
  actions: readonly VisibilityAction[],
): Promise<void> {
  const levels = await Promise.all(actions.map((action) => findLevel(request, entity, action)));
  if (levels.every((level) => level === 'not_visible')) throw new AppError('forbidden');
}

export function hasNamedAction(access: Pick<Access, 'permissions'>, entity: Entity, action: string): boolean {
  return access.permissions[entity].actions.includes(action);
}

/** 403 unless the user's role has the named action (spec §6: export, login as, approvals, …). */
export async function requireNamedAction(
  request: FastifyRequest,
  entity: Entity,
  action: string,
): Promise<void> {
  if (!hasNamedAction(await getAccess(request), entity, action)) throw new AppError('forbidden');
}

/**
 * How an entity's rows relate to users and teams, for scopeWhere. Give what the table has:
 * - `ownerId`: the user who owns the row (author, assignee, the employee's own account);
 * - `teamId`: the team the row belongs to;
 * - `ownedBy`: for rows with several owners (a vacancy's responsible recruiters): a condition true
 *   when the row is owned by any user of `userIds`, an SQL list usable inside `in (…)`.
 */
export type ScopeColumns = {
  ownerId?: SQLWrapper;
  teamId?: SQLWrapper;
  ownedBy?: (userIds: SQL) => SQL;
};

function ownedByAny(columns: ScopeColumns, userIds: SQL): SQL[] {
  const conditions: SQL[] = [];
  if (columns.ownerId) conditions.push(sql`${columns.ownerId} in (${userIds})`);
  if (columns.ownedBy) conditions.push(columns.ownedBy(userIds));
  return conditions;
}

/** A list of ids as one SQL value usable inside `in (…)`: an int[] parameter, unnested. */
function idList(ids: readonly number[]): SQL {
  return sql`select unnest(${`{${ids.join(',')}}`}::int[])`;
}

/** Who scopeWhere limits rows for: the user and their team reach (Access). */
export type ScopeSubject = Pick<Access, 'user' | 'teamIds' | 'teammateIds'>;

/**
 * The WHERE condition that limits a query of an entity's rows to what a level reaches; undefined
 * for to_all (no limit: still filter by company yourself). only_my: rows the user owns.
 * only_my_and_my_team: also rows of the teams "my team" reaches and rows owned by their members
 * (the Access's team reach, docs/decisions/012-people-model.md). not_visible, or a level the columns
 * cannot express (only_my without an owner), matches nothing.
 */
export function scopeWhere(level: Level, subject: ScopeSubject, columns: ScopeColumns): SQL | undefined {
  if (level === 'to_all') return undefined;
  if (level === 'not_visible') return sql`false`;
  const conditions = ownedByAny(columns, sql`${subject.user.id}`);
  if (level === 'only_my_and_my_team') {
    if (columns.teamId && subject.teamIds.length > 0) {
      conditions.push(sql`${columns.teamId} in (${idList(subject.teamIds)})`);
    }
    if (subject.teammateIds.length > 0) conditions.push(...ownedByAny(columns, idList(subject.teammateIds)));
  }
  return conditions.length > 0 ? or(...conditions) : sql`false`;
}

/** How one loaded object relates to users and teams, for canSeeObject. */
export type ObjectOwnership = {
  /** Checked when given: another company's object is never visible. */
  companyId?: number;
  ownerId?: number | null;
  ownerIds?: readonly number[];
  teamId?: number | null;
};

/** The in-memory twin of scopeWhere, for an object already loaded. */
export function canSeeObject(
  level: Level,
  access: Pick<Access, 'user' | 'teamIds' | 'teammateIds'>,
  object: ObjectOwnership,
): boolean {
  if (object.companyId !== undefined && object.companyId !== access.user.companyId) return false;
  if (level === 'not_visible') return false;
  if (level === 'to_all') return true;
  const owners = [...(object.ownerIds ?? []), ...(object.ownerId != null ? [object.ownerId] : [])];
  if (owners.includes(access.user.id)) return true;
  if (level === 'only_my') return false;
  if (object.teamId != null && access.teamIds.includes(object.teamId)) return true;
  return owners.some((owner) => access.teammateIds.includes(owner));
}

/** Keys of answers that some field permission governs (FIELD_KEYS). */
export type GovernedKey = (typeof FIELD_KEYS)[FieldPermission][number];
/** An object after stripHiddenFields: the governed keys may be missing. */
export type WithoutHiddenFields<T> = Omit<T, GovernedKey> & Partial<Pick<T, Extract<keyof T, GovernedKey>>>;

/**
 * A copy of an answer's object without the fields the role may not see on this entity: for each
 * field permission the entity has (ENTITY_FIELDS) and the role lacks (fields_view), the keys of
 * FIELD_KEYS are removed — field_salary → salary, field_files → files and cv, field_email → email,
 * field_phone → phone, field_system_role → system_role, field_position → position,
 * field_start_of_work → start_of_work, field_probation_period → probation_period,
 * field_birth_date → birth_date, field_address → address. Keys no field permission governs stay.
 */
export function stripHiddenFields<T extends object>(
  entity: Entity,
  access: Pick<Access, 'permissions'>,
  object: T,
): WithoutHiddenFields<T> {
  const visible = access.permissions[entity].fields_view;
  const copy: Record<string, unknown> = { ...(object as Record<string, unknown>) };
  for (const field of listEntityFields(entity)) {
    if (visible.includes(field)) continue;
    for (const key of FIELD_KEYS[field]) delete copy[key];
  }
  return copy as WithoutHiddenFields<T>;
}

/**
 * Only owners edit roles and staff accounts (assigning a role grants its permissions, so anyone who
 * could would give themselves everything); the check is by role key, so no edit can take it away.
 */
export function requireOwner(request: FastifyRequest): SessionUser {
  const user = request.user;
  if (!user) throw new AppError('unauthenticated');
  // An API token acts for an owner but is never one: owners' screens stay with their sessions.
  if (user.roleKey !== 'owner' || request.apiToken) throw new AppError('forbidden');
  return user;
}

/** Decorates the app with the per-request access loader that getAccess and the checks above use. */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorate('loadAccess', createAccessLoader(opts.db));
  },
  { name: 'kadry-access', dependencies: ['kadry-session'] },
);
