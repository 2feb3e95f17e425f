import { useEndLoginAs } from '../../features/employees/api/login-as';
import { useT } from '../../lib/i18n';
import { usePageData } from '../../lib/page-data';

/**
 * While signed in as someone else ("login as", docs/decisions/016-login-as.md): whose account this
 * is, who opened it, and the way back, on every screen. A status region, so screen readers announce
 * it once; the button is an ordinary one in the tab order.
 */
export function ImpersonationBanner() {
  const t = useT();
  const { user } = usePageData();
  const endLoginAs = useEndLoginAs();
  if (!user.impersonator) return null;
  return (
    <div className="impersonation-banner" role="status">
      <p className="impersonation-banner__text">
        <strong>{t('hr.impersonation.banner', { name: user.name })}</strong>{' '}
        <span>{t('hr.impersonation.by', { name: user.impersonator.name })}</span>
      </p>
      <button
        type="button"
        className="impersonation-banner__return"
        disabled={endLoginAs.isPending}
        onClick={() => endLoginAs.mutate()}
      >
        {endLoginAs.isPending ? t('hr.impersonation.returning') : t('hr.impersonation.return')}
      </button>
    </div>
  );
}
