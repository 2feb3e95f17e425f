import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const IntegrationsPage = lazy(() =>
  import('./components/integrations-page').then((module) => ({ default: module.IntegrationsPage })),
);

/** Settings → Integrations (API tokens and webhooks), for app-routes.tsx to put in its <Switch>. */
export const integrationsRoutes = (
  <Route path="/settings/integrations">
    <ScreenGuard screen="integrations">
      <IntegrationsPage />
    </ScreenGuard>
  </Route>
);
