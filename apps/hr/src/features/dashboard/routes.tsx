import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/layout/screen-guard';

const DashboardPage = lazy(() =>
  import('./components/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);

/** The dashboard (issue 15), the app's home page: app-routes.tsx shows it at / to whoever may see it. */
export function DashboardScreen() {
  return (
    <Suspense fallback={<PageLoading />}>
      <DashboardPage />
    </Suspense>
  );
}
