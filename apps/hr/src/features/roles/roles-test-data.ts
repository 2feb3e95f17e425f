import type {
  EntityPermissions,
  PermissionsMap,
  Role,
  UserPermissions,
} from '@kadry/shared/permissions/schemas';
import { ENTITIES, type Entity } from '@kadry/shared/permissions/vocabulary';
import type { RoleWithUsage } from '@kadry/shared/schemas/admin';
import { vi } from 'vitest';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';

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

/** The signed-in owner (role id 1). */
export const ownerUserPermissions: UserPermissions = {
  ...buildPermissions(),
  role: { id: 1, key: 'owner', name: 'Owner' },
};

/**
 * jsdom lays nothing out and lacks browser calls the modal dialog makes: CSS.supports (while it locks
 * the page's scrolling), checkVisibility (to pick the element it focuses) and scrollIntoView. Call in
 * beforeEach; vi.unstubAllGlobals and the returned function undo it.
 */
export function installDialogShims(): () => void {
  const hadCheckVisibility = 'checkVisibility' in Element.prototype;
  const hadScrollIntoView = 'scrollIntoView' in Element.prototype;
  if (!hadScrollIntoView) Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('CSS', { ...globalThis.CSS, supports: () => false });
  const originalCheckVisibility = Element.prototype.checkVisibility;
  Element.prototype.checkVisibility = function (this: Element) {
    return this.closest('[hidden]') === null;
  };
  return () => {
    if (hadCheckVisibility) Element.prototype.checkVisibility = originalCheckVisibility;
    else Reflect.deleteProperty(Element.prototype, 'checkVisibility');
    if (!hadScrollIntoView) Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  };
}
