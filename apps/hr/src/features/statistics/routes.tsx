import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const ChildrenStatisticsPage = lazy(() =>
  import('./components/children-statistics-page').then((module) => ({
    default: module.ChildrenStatisticsPage,
  })),
);

/** Children statistics (issue 15), for app-routes.tsx to put in its <Switch>. */
export const statisticsRoutes = (
  <Route path="/statistics/children">
    <ScreenGuard screen="childrenStatistics">
      <ChildrenStatisticsPage />
    </ScreenGuard>
  </Route>
);
