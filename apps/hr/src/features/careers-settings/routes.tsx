import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const CareersSettingsPage = lazy(() =>
  import('./components/careers-settings-page').then((module) => ({ default: module.CareersSettingsPage })),
);

/** The careers-site settings screen, for app-routes.tsx to put in its <Switch>. */
export const careersSettingsRoutes = (
  <Route path="/careers-settings">
    <ScreenGuard screen="careersSettings">
      <CareersSettingsPage />
    </ScreenGuard>
  </Route>
);
