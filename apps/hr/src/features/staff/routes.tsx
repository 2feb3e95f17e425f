import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const StaffPage = lazy(() =>
  import('./components/staff-page').then((module) => ({ default: module.StaffPage })),
);

/** The staff accounts screen, for app-routes.tsx to put in its <Switch>. */
export const staffRoutes = (
  <Route path="/staff">
    <ScreenGuard screen="staff">
      <StaffPage />
    </ScreenGuard>
  </Route>
);
