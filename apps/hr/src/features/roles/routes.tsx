import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const RolesPage = lazy(() =>
  import('./components/roles-page').then((module) => ({ default: module.RolesPage })),
);
const RoleEditorPage = lazy(() =>
  import('./components/role-editor-page').then((module) => ({ default: module.RoleEditorPage })),
);

/** The roles screens, for app-routes.tsx to put in its <Switch>. */
export const roleRoutes = (
  <>
    <Route path="/roles">
      <ScreenGuard screen="roles">
        <RolesPage />
      </ScreenGuard>
    </Route>
    <Route path="/roles/:id">
      {(params) => (
        <ScreenGuard screen="roles">
          <RoleEditorPage key={params.id} id={Number(params.id)} />
        </ScreenGuard>
      )}
    </Route>
  </>
);
