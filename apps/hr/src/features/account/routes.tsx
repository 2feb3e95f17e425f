import { lazy, Suspense } from 'react';
import { Route } from 'wouter';
import { PageLoading } from '../../components/layout/screen-guard';

const AccountPage = lazy(() =>
  import('./components/account-page').then((module) => ({ default: module.AccountPage })),
);

/** One's own account, for app-routes.tsx to put in its <Switch>. Everyone signed in has one: no guard. */
export const accountRoutes = (
  <Route path="/account">
    <Suspense fallback={<PageLoading />}>
      <AccountPage />
    </Suspense>
  </Route>
);
