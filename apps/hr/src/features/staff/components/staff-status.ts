import type { StaffUser } from '@kadry/shared/schemas/admin';
import type { StaffUserStatus } from '../api/get-staff-users';

/** As the list filter counts it: disabled first, then active = has a password, else invited. */
export function getStaffUserStatus(user: Pick<StaffUser, 'is_disabled' | 'has_password'>): StaffUserStatus {
  if (user.is_disabled) return 'disabled';
  return user.has_password ? 'active' : 'invited';
}

const STATUS_COLORS: Record<StaffUserStatus, 'green' | 'orange' | 'grey'> = {
  active: 'green',
  invited: 'orange',
  disabled: 'grey',
};

export function getStaffStatusColor(status: StaffUserStatus): 'green' | 'orange' | 'grey' {
  return STATUS_COLORS[status];
}
