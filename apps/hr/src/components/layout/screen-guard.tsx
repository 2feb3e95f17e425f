import { type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n';
import { usePageData } from '../../lib/page-data';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { canOpenScreen, type Screen } from '../../lib/screens';
import { PageHeading } from '../ui/page-heading';

/** What shows while a lazily loaded screen's code arrives. */
export function PageLoading() {
  const t = useT();
  return (
    <p role="status" className="query-state">
      {t('hr.common.loading')}
    </p>
  );
}

export function NotFoundPage() {
  const t = useT();
  return (
    <section>
      <PageHeading>{t('hr.common.not_found')}</PageHeading>
      <p>
        <Link href="/">{t('hr.common.home')}</Link>
      </p>
    </section>
  );
}

/**
 * Renders a screen only for users whose plan and role open it; others see not-found, like the API's
 * 404. The screen may be lazy: it loads inside its own Suspense boundary.
 */
export function ScreenGuard({ screen, children }: { screen: Screen; children: ReactNode }) {
  const { settings } = usePageData();
  const permissions = usePermissions();
  if (permissions.status !== 'ready' && permissions.permissions === null) {
    return permissions.status === 'error' ? <NotFoundPage /> : null;
  }
  return canOpenScreen(screen, settings.tariffs, permissions) ? (
    <Suspense fallback={<PageLoading />}>{children}</Suspense>
  ) : (
    <NotFoundPage />
  );
}
