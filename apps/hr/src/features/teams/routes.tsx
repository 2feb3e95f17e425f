import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const TeamsPage = lazy(() =>
  import('./components/teams-page').then((module) => ({ default: module.TeamsPage })),
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
    <Route path="/teams/:id">
      {(params) => (
        <ScreenGuard screen="teams">
          <TeamPage key={params.id} id={Number(params.id)} />
        </ScreenGuard>
      )}
    </Route>
  </>
);
