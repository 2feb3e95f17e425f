import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const UsagePage = lazy(() =>
  import('./components/usage-page').then((module) => ({ default: module.UsagePage })),
);

/** Settings → Usage (issue 15, owners), for app-routes.tsx to put in its <Switch>. */
export const usageRoutes = (
  <Route path="/settings/usage">
    <ScreenGuard screen="usage">
      <UsagePage />
    </ScreenGuard>
  </Route>
);
