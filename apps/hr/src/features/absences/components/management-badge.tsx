import { useT } from '../../../lib/i18n';
import { useManagementCount } from '../api/absences-api';

/**
 * The count beside the management tab's link: how many requests await the user's decision. The
 * number is shown to the eye; screen readers hear it as words inside the link.
 */
export function ManagementBadge() {
  const t = useT();
  const count = useManagementCount(true);
  const total = count.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <>
      <span className="badge" aria-hidden="true">
        {total}
      </span>
      <span className="visually-hidden">{t('hr.absences.awaiting_count', { count: total })}</span>
    </>
  );
}
