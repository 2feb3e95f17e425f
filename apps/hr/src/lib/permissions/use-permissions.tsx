import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import type { Entity, FieldPermission, Level, VisibilityAction } from '@kadry/shared/permissions/vocabulary';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { can, canDo, canSeeField, findLevel } from './permission-checks';
import { type PermissionsState, type PermissionsStore, permissionsStore } from './permissions-store';

const PermissionsContext = createContext<PermissionsStore | null>(null);
const RolesUpdatedContext = createContext<((rolesUpdatedAt: string) => void) | null>(null);

/** The later of two ISO times (null: none); ISO strings of one format compare as text. */
function pickLater(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a >= b ? a : b;
}

export type PermissionsProviderProps = {
  /** From the page data: the current user's id, settings.rolesUpdatedAt and settings.releaseVersion. */
  userId: number;
  rolesUpdatedAt: string | null;
  releaseVersion: string;
  store?: PermissionsStore;
  children: ReactNode;
};

/**
 * Loads the signed-in user's permissions once and shares them; loads again when rolesUpdatedAt
 * changes (after a role edit the app passes the new value). Failures are reported by the API client
 * (request-error event); until loaded, every check answers false.
 */
export function PermissionsProvider({
  userId,
  rolesUpdatedAt,
  releaseVersion,
  store = permissionsStore,
  children,
}: PermissionsProviderProps) {
  // A role saved in this tab moves rolesUpdatedAt on before the page data does (at the next page load).
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const effectiveUpdatedAt = pickLater(rolesUpdatedAt, savedAt);
  const notifyRolesUpdated = useCallback(
    (updatedAt: string) => setSavedAt((current) => pickLater(current, updatedAt)),
    [],
  );
  useEffect(() => {
    // The rejection is already in the store's state and broadcast by the API client.
    store.load({ userId, rolesUpdatedAt: effectiveUpdatedAt, releaseVersion }).catch(() => {});
  }, [store, userId, effectiveUpdatedAt, releaseVersion]);
  return (
    <PermissionsContext.Provider value={store}>
      <RolesUpdatedContext.Provider value={notifyRolesUpdated}>{children}</RolesUpdatedContext.Provider>
    </PermissionsContext.Provider>
  );
}

/**
 * Tells the provider a role changed (pass the server's new rolesUpdatedAt, e.g. the saved role's
 * updatedAt), so the signed-in user's permissions load again.
 */
export function useNotifyRolesUpdated(): (rolesUpdatedAt: string) => void {
  const notify = useContext(RolesUpdatedContext);
  if (!notify) throw new Error('useNotifyRolesUpdated must be used inside a PermissionsProvider');
  return notify;
}

export type Permissions = {
  status: PermissionsState['status'];
  permissions: UserPermissions | null;
  can(entity: Entity, action: VisibilityAction): boolean;
  findLevel(entity: Entity, action: VisibilityAction): Level;
  canDo(entity: Entity, action: string): boolean;
  canSeeField(entity: Entity, field: FieldPermission): boolean;
};

/** The user's permissions and checks over them; re-renders when they load or change. */
export function usePermissions(): Permissions {
  const store = useContext(PermissionsContext);
  if (!store) throw new Error('usePermissions must be used inside a PermissionsProvider');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(() => {
    const { permissions } = state;
    return {
      status: state.status,
      permissions,
      can: (entity, action) => can(permissions, entity, action),
      findLevel: (entity, action) => findLevel(permissions, entity, action),
      canDo: (entity, action) => canDo(permissions, entity, action),
      canSeeField: (entity, field) => canSeeField(permissions, entity, field),
    };
  }, [state]);
}
