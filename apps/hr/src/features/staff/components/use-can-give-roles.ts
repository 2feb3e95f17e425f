import { listEntityFields } from '@kadry/shared/permissions/vocabulary';
import { usePermissions } from '../../../lib/permissions/use-permissions';

/**
 * Whether the signed-in role may give an account its role: it needs `field_system_role` on Employee
 * and on the profile (a field one may not see is never written; the server answers 403 otherwise).
 * The owner role can be edited like any other, so even an owner can lack it.
 */
export function useCanGiveRoles(): boolean {
  const permissions = usePermissions();
  const field = 'field_system_role';
  if (!permissions.canSeeField('Employee', field)) return false;
  return (
    !listEntityFields('Employee.Profile').includes(field) ||
    permissions.canSeeField('Employee.Profile', field)
  );
}
