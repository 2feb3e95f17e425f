import type { EntityPermissions, PermissionsMap, Role } from '@kadry/shared/permissions/schemas';
import { ENTITIES, type Entity } from '@kadry/shared/permissions/vocabulary';
import type { RoleWithUsage } from '@kadry/shared/schemas/admin';

// Wire answers for the roles screens' tests (imported by *.test.ts(x) files only).

/** A full permissions map: every entity without settings, except the parts given. */
export function buildPermissionsMap(
  entities: Partial<Record<Entity, Partial<EntityPermissions>>> = {},
): PermissionsMap {
  return Object.fromEntries(
    ENTITIES.map((entity) => [
      entity,
      { visibilitySettings: null, actions: [], fields_view: [], ...entities[entity] },
    ]),
  ) as PermissionsMap;
}

export function buildRole(overrides: Partial<Role> = {}): Role {
  return {
    id: 5,
    key: null,
    name: 'Sourcer',
    updatedAt: '2031-03-10T09:00:00.000Z',
    permissions: buildPermissionsMap(),
    ...overrides,
  };
}

export function buildRoleWithUsage(overrides: Partial<RoleWithUsage> = {}): RoleWithUsage {
  return {
    id: 5,
    key: null,
    name: 'Sourcer',
    updatedAt: '2031-03-10T09:00:00.000Z',
    users_count: 0,
    ...overrides,
  };
}
