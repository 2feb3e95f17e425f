import type { Permissions } from '../../../lib/permissions/use-permissions';
import { canOpenScreen } from '../../../lib/screens';

/** Whether the custom fields screen is open to the user (lib/screens.ts decides, as for the route). */
export function canManageCustomFields(permissions: Permissions, tariffs: readonly string[]): boolean {
  return canOpenScreen('employeeFields', tariffs, permissions);
}
