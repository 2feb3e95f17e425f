import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const TeamsPage = lazy(() =>
  import('./components/teams-page').then((module) => ({ default: module.TeamsPage })),
);
const OrgChartPage = lazy(() =>
  import('./components/org-chart-page').then((module) => ({ default: module.OrgChartPage })),
);
const TeamPage = lazy(() =>
  import('./components/team-page').then((module) => ({ default: module.TeamPage })),
);

/** The teams screens, for app-routes.tsx to put in its <Switch>. */
export const teamRoutes = (
  <>
    <Route path="/teams">
      <ScreenGuard screen="teams">
        <TeamsPage />
      </ScreenGuard>
    </Route>
    {/* Before /teams/:id, which would take "chart" for an id. */}
    <Route path="/teams/chart">
      <ScreenGuard screen="teams">
        <OrgChartPage />
      </ScreenGuard>
    </Route>
    <Route path="/teams/:id">
      {(params) => (
        <ScreenGuard screen="teams">
          <TeamPage key={params.id} id={Number(params.id)} />
        </ScreenGuard>
      )}
    </Route>
  </>
);
