import { lazy } from 'react';
import { Redirect, Route, useSearch } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';
import { ApplicationCardPage } from './components/application-card-page';
import { ApplicationsPage } from './components/applications-page';
import { InterviewPage } from './components/interview-page';
import { MailTemplatesPage } from './components/mail-templates-page';
import { TagsPage } from './components/tags-page';

// The board (drag and drop) loads when opened.
const ApplicationBoardPage = lazy(() =>
  import('./components/application-board-page').then((module) => ({ default: module.ApplicationBoardPage })),
);

/** The list's old address, its filters kept. */
function ListRedirect() {
  const search = useSearch();
  return <Redirect to={search ? `/applications?${search}` : '/applications'} replace />;
}

/**
 * The applications screens (labelled Candidates, the recruiter's word; docs/glossary.md), a vacancy's
 * board among them, for app-routes.tsx to put in its <Switch>. Addresses from before the rename
 * (`/candidates…`, kept in bookmarks and mail) lead to the same screens.
 */
export const applicationRoutes = (
  <>
    <Route path="/vacancies/:id/board">
      {(params) => (
        <ScreenGuard screen="candidates">
          <ApplicationBoardPage vacancyId={Number(params.id)} />
        </ScreenGuard>
      )}
    </Route>
    <Route path="/applications">
      <ScreenGuard screen="candidates">
        <ApplicationsPage />
      </ScreenGuard>
    </Route>
    <Route path="/applications/:id">
      {(params) => (
        <ScreenGuard screen="candidates">
          <ApplicationCardPage key={params.id} id={Number(params.id)} />
        </ScreenGuard>
      )}
    </Route>
    <Route path="/interviews/:id">
      {(params) => (
        <ScreenGuard screen="interviews">
          <InterviewPage key={params.id} id={Number(params.id)} />
        </ScreenGuard>
      )}
    </Route>
    <Route path="/tags">
      <ScreenGuard screen="tags">
        <TagsPage />
      </ScreenGuard>
    </Route>
    <Route path="/mail-templates">
      <ScreenGuard screen="mailTemplates">
        <MailTemplatesPage />
      </ScreenGuard>
    </Route>
    <Route path="/candidates">
      <ListRedirect />
    </Route>
    <Route path="/candidates/:id">{(params) => <Redirect to={`/applications/${params.id}`} replace />}</Route>
  </>
);
