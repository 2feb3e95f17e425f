import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const AbsenceSettingsPage = lazy(() =>
  import('./components/absence-settings-page').then((module) => ({ default: module.AbsenceSettingsPage })),
);

/** The absence settings screen (types, policies, work calendars), for app-routes.tsx's <Switch>. */
export const absenceSettingsRoutes = (
  <>
    <Route path="/settings/absences">
      <ScreenGuard screen="absenceSettings">
        <AbsenceSettingsPage section={undefined} />
      </ScreenGuard>
    </Route>
    <Route path="/settings/absences/:section">
      {(params) => (
        <ScreenGuard screen="absenceSettings">
          <AbsenceSettingsPage section={params.section} />
        </ScreenGuard>
      )}
    </Route>
  </>
);
