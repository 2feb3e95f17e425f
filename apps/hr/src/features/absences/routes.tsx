import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const MyAbsencesPage = lazy(() =>
  import('./components/my-absences-page').then((module) => ({ default: module.MyAbsencesPage })),
);
const RequestsPage = lazy(() =>
  import('./components/requests-page').then((module) => ({ default: module.RequestsPage })),
);

/** "My absences" and the management tab, for app-routes.tsx to put in its <Switch>. */
export const absenceRoutes = (
  <>
    <Route path="/absences">
      <ScreenGuard screen="absences">
        <MyAbsencesPage />
      </ScreenGuard>
    </Route>
    <Route path="/absences/requests">
      <ScreenGuard screen="absenceRequests">
        <RequestsPage />
      </ScreenGuard>
    </Route>
  </>
);
