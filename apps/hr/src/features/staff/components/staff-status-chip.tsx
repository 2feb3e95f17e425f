import type { StaffUser } from '@kadry/shared/schemas/admin';
import { useT } from '../../../lib/i18n';
import { getStaffStatusColor, getStaffUserStatus } from './staff-status';

/** Active / Invitation sent / Disabled as a chip; the text carries the meaning, not the colour alone. */
export function StaffStatusChip({ user }: { user: Pick<StaffUser, 'is_disabled' | 'has_password'> }) {
  const t = useT();
  const status = getStaffUserStatus(user);
  const color = getStaffStatusColor(status);
  return (
    <span className={`chip chip--${color}`} data-color={color} data-status={status}>
      {t(`hr.staff.status.${status}`)}
    </span>
  );
}
