import { deriveActionState, levelOf } from '@kadry/shared/permissions/permission-state';
import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import type { Entity, FieldPermission, Level, VisibilityAction } from '@kadry/shared/permissions/vocabulary';

// What the HR app asks of the permissions answer. Null permissions (not loaded yet, or failed) allow
// nothing: the server enforces anyway, and showing less for a moment is the safe mistake.

/** Whether a visibility action is on (spec §4: no settings → off, not_visible → off, all by the all-level setting). */
export function can(permissions: UserPermissions | null, entity: Entity, action: VisibilityAction): boolean {
  return deriveActionState(permissions?.permissions[entity]?.visibilitySettings)[action];
}

/** The level of a visibility action (not_visible when unknown). */
export function findLevel(
  permissions: UserPermissions | null,
  entity: Entity,
  action: VisibilityAction,
): Level {
  return levelOf(permissions?.permissions[entity]?.visibilitySettings, action);
}

/** Whether the role has a named action of spec §6 on the entity (export, approvals, login as, …). */
export function canDo(permissions: UserPermissions | null, entity: Entity, action: string): boolean {
  return permissions?.permissions[entity]?.actions.includes(action) ?? false;
}

/** Whether the role may see a field of the entity (`fields_view`). */
export function canSeeField(
  permissions: UserPermissions | null,
  entity: Entity,
  field: FieldPermission,
): boolean {
  return permissions?.permissions[entity]?.fields_view.includes(field) ?? false;
}
