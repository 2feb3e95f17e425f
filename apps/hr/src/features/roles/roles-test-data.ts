import {
  type EntityPermissions,
  type PermissionsMap,
  permissionsMapSchema,
  type Role,
  roleSchema,
} from '@kadry/shared/permissions/schemas';
import { ENTITIES, type Entity } from '@kadry/shared/permissions/vocabulary';
import { type RoleWithUsage, roleWithUsageSchema } from '@kadry/shared/schemas/admin';
import type { z } from 'zod';

// Wire answers for the roles screens' tests (imported by *.test.ts(x) files only), parsed with the
// schemas the server answers with.

/** A full permissions map: every entity without settings, except the parts given. */
export function buildPermissionsMap(
  entities: Partial<Record<Entity, Partial<EntityPermissions>>> = {},
): PermissionsMap {
  return permissionsMapSchema.parse(
    Object.fromEntries(
      ENTITIES.map((entity) => [
        entity,
        { visibilitySettings: null, actions: [], fields_view: [], ...entities[entity] },
      ]),
    ),
  );
}

export function buildRole(overrides: Partial<z.input<typeof roleSchema>> = {}): Role {
  return roleSchema.parse({
    id: 5,
    key: null,
    name: 'Sourcer',
    updatedAt: '2031-03-10T09:00:00.000Z',
    permissions: buildPermissionsMap(),
    ...overrides,
  });
}

export function buildRoleWithUsage(
  overrides: Partial<z.input<typeof roleWithUsageSchema>> = {},
): RoleWithUsage {
  return roleWithUsageSchema.parse({
    id: 5,
    key: null,
    name: 'Sourcer',
    updatedAt: '2031-03-10T09:00:00.000Z',
    users_count: 0,
    ...overrides,
  });
}
