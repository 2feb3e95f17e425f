import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const TimelinePage = lazy(() =>
  import('./components/timeline-page').then((module) => ({ default: module.TimelinePage })),
);
const ReportPage = lazy(() =>
  import('./components/report-page').then((module) => ({ default: module.ReportPage })),
);
const FeedsPage = lazy(() =>
  import('./components/feeds-page').then((module) => ({ default: module.FeedsPage })),
);

/** The absence timeline, the HR report and calendar feeds, for app-routes.tsx to put in its <Switch>. */
export const absenceReportRoutes = (
  <>
    <Route path="/absences/timeline">
      <ScreenGuard screen="absenceTimeline">
        <TimelinePage />
      </ScreenGuard>
    </Route>
    <Route path="/absences/report">
      <ScreenGuard screen="absenceReport">
        <ReportPage />
      </ScreenGuard>
    </Route>
    <Route path="/absences/feeds">
      <ScreenGuard screen="absenceFeeds">
        <FeedsPage />
      </ScreenGuard>
    </Route>
  </>
);
