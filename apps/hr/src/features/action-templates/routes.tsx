import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const ActionTemplatesPage = lazy(() =>
  import('./components/action-templates-page').then((module) => ({ default: module.ActionTemplatesPage })),
);

/** The HR action templates screen (issue 15), for app-routes.tsx to put in its <Switch>. */
export const actionTemplateRoutes = (
  <Route path="/settings/action-templates">
    <ScreenGuard screen="actionTemplates">
      <ActionTemplatesPage />
    </ScreenGuard>
  </Route>
);
