import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';
import { FormsPage } from './components/forms-page';

// The builder (drag and drop, the careers form components) loads when opened.
const FormBuilderPage = lazy(() =>
  import('./components/form-builder-page').then((module) => ({ default: module.FormBuilderPage })),
);

/** The application forms screens, for app-routes.tsx to put in its <Switch>. */
export const formRoutes = (
  <>
    <Route path="/forms">
      <ScreenGuard screen="forms">
        <FormsPage />
      </ScreenGuard>
    </Route>
    <Route path="/forms/new">
      <ScreenGuard screen="forms">
        <FormBuilderPage id={null} />
      </ScreenGuard>
    </Route>
    <Route path="/forms/:id">
      {(params) => (
        <ScreenGuard screen="forms">
          <FormBuilderPage key={params.id} id={Number(params.id)} />
        </ScreenGuard>
      )}
    </Route>
  </>
);
