import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';
import { PipelineTemplatesPage } from './components/pipeline-templates-page';
import { VacanciesPage } from './components/vacancies-page';

// The editor (rich text, drag and drop) loads when opened.
const VacancyEditorPage = lazy(() =>
  import('./components/vacancy-editor-page').then((module) => ({ default: module.VacancyEditorPage })),
);

/** The vacancies screens, for app-routes.tsx to put in its <Switch>. */
export const vacancyRoutes = (
  <>
    <Route path="/vacancies">
      <ScreenGuard screen="vacancies">
        <VacanciesPage />
      </ScreenGuard>
    </Route>
    <Route path="/vacancies/new">
      <ScreenGuard screen="vacancies">
        <VacancyEditorPage id={null} />
      </ScreenGuard>
    </Route>
    <Route path="/settings/pipeline-templates">
      <ScreenGuard screen="pipelineTemplates">
        <PipelineTemplatesPage />
      </ScreenGuard>
    </Route>
    <Route path="/vacancies/:id">
      {(params) => (
        <ScreenGuard screen="vacancies">
          <VacancyEditorPage key={params.id} id={Number(params.id)} />
        </ScreenGuard>
      )}
    </Route>
  </>
);
