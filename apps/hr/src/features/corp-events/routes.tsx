import { lazy } from 'react';
import { Route } from 'wouter';
import { NotFoundPage, ScreenGuard } from '../../components/layout/screen-guard';

const CorpEventsPage = lazy(() =>
  import('./components/corp-events-page').then((module) => ({ default: module.CorpEventsPage })),
);
const CorpEventPage = lazy(() =>
  import('./components/corp-event-page').then((module) => ({ default: module.CorpEventPage })),
);

/** The company calendar (issue 15) and one event, for app-routes.tsx to put in its <Switch>. */
export const corpEventRoutes = (
  <>
    <Route path="/corp-events">
      <ScreenGuard screen="corpEvents">
        <CorpEventsPage />
      </ScreenGuard>
    </Route>
    <Route path="/corp-events/:id">
      {(params) =>
        /^[1-9]\d{0,9}$/.test(params.id) ? (
          <ScreenGuard screen="corpEvents">
            <CorpEventPage id={Number(params.id)} />
          </ScreenGuard>
        ) : (
          <NotFoundPage />
        )
      }
    </Route>
  </>
);
